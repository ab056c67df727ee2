"""What makes an action risky, read from its context (`ActionContext`): pure functions from a
context to `Finding`s, each naming a category and a severity.

- **Pointer actions** (click, double click): the target's words. A commit word ("Send",
  "Delete", "Pay now", "Install", "Publish", 发送, 删除, 支付 …) puts the click in its category;
  a plain yes ("OK", "Continue", "Yes", 确定) takes the category of the risk the dialog around
  it states ("permanently", "cannot be undone", "transfer"); a no ("Cancel", "Keep") is
  safe. A toggle or a commit on a settings screen about the firewall, administrators or
  remote access is a system setting. A target the gate could not read is ``unknown``.
- **Typing**: shell commands (in a terminal, a Run box or a database console; a search pattern
  inside quotes is not a command), secrets (card numbers with a valid Luhn digit, IBANs with a
  valid checksum, API keys and tokens, private keys), passwords typed into password fields,
  addresses typed into a browser's address bar, and confirmation words typed into a
  "type … to confirm" box.
- **Keys**: chords that leave the app or the session (ctrl+alt+delete, the Run box, SysRq),
  permanent deletion (shift+delete), clearing the browser's data, closing a window with unsaved
  work; Enter commits what was just typed, so it is judged as that text.

Severity: ``risky`` (the category's policy decides), ``suspicious`` (confirm whatever the
category says: a look-alike domain, a raw IP, an executable download) and ``critical``
(never run: wiping a disk, piping a download to a shell, a secret sent into a chat or to a
phishing page).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from cuakit.actions import ActionType
from cuakit.safety.context import ActionContext
from cuakit.safety.signals import (
    looks_like_url,
    password_like,
    secret_kind,
    suspicious_url,
)

Severity = Literal["risky", "suspicious", "critical"]
SEVERITIES: tuple[Severity, ...] = ("risky", "suspicious", "critical")


@dataclass(frozen=True)
class Finding:
    category: str
    severity: Severity
    reason: str


def normal(text: str) -> str:
    """Unicode-normalised, case-folded, single-spaced."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def has(text: str, phrases: tuple[str, ...]) -> str | None:
    """The first phrase found in ``text`` (already `normal`): as whole words, or as a substring
    for phrases in a script without spaces (Chinese)."""
    for phrase in phrases:
        if not any(unicodedata.east_asian_width(c) in "WF" for c in phrase):
            if re.search(rf"(?<![\w]){re.escape(phrase)}(?![\w])", text):
                return phrase
        elif phrase in text:
            return phrase
    return None


# ---- pointer actions -------------------------------------------------------------------------
COMMIT_WORDS: dict[str, tuple[str, ...]] = {
    "financial-transaction": (
        "pay", "pay now", "buy", "buy now", "purchase", "place order", "place your order",
        "complete purchase", "complete order", "confirm purchase", "confirm payment",
        "confirm transfer", "transfer", "send money", "send payment", "make payment",
        "subscribe", "donate", "withdraw", "top up", "checkout now", "1-click", "confirm order",
        "order now", "book now", "buy it now", "place bid", "sell", "send tip", "renew",
        "upgrade now", "authorize payment", "authorise payment", "confirm and pay",
        "支付", "付款", "购买", "转账", "下单", "充值", "提现",
        "bezahlen", "jetzt bezahlen", "kaufen", "jetzt kaufen", "zahlungspflichtig bestellen",
        "überweisen", "pagar", "pagar ahora", "comprar", "transferir", "payer", "acheter",
        "commander", "confirmer le paiement",
    ),
    "send-email": (
        "send", "send now", "send message", "send email", "send reply", "send invite",
        "发送", "发送邮件", "senden", "absenden", "enviar", "envoyer",
    ),
    "delete-file": (
        "delete", "delete forever", "delete permanently", "permanently delete", "remove",
        "erase", "empty trash", "empty recycle bin", "empty bin", "shred", "wipe", "destroy",
        "drop", "purge", "terminate", "uninstall", "move to trash", "move to bin",
        "send to trash", "delete all", "remove all",
        "删除", "彻底删除", "永久删除", "清空", "移除", "卸载",
        "löschen", "endgültig löschen", "entfernen", "eliminar", "borrar", "supprimer",
        "effacer", "supprimer définitivement",
    ),
    "install-software": (
        "install", "install now", "get", "add to chrome", "add to firefox", "add extension",
        "run anyway", "allow and install", "open anyway", "allow anyway", "keep anyway",
        "install anyway", "trust",
        "安装", "立即安装", "installieren", "instalar", "installer",
    ),
    "irreversible-submit": (
        "submit", "publish", "post", "tweet", "merge", "merge pull request", "deploy",
        "approve", "sign", "sign and submit", "deactivate", "close account", "reset",
        "revoke", "force push", "e-file", "file now", "sign now", "agree and sign",
        "cast vote", "accept offer", "finalize", "finalise", "提交", "发布", "提交订单",
        "einreichen", "abschicken", "veröffentlichen", "publicar", "publier", "soumettre",
    ),
}  # fmt: skip
YES_WORDS = (
    "ok", "okay", "yes", "continue", "confirm", "proceed", "i agree", "agree", "accept",
    "allow", "i understand", "do it", "apply", "finish", "complete", "done",
    "确定", "是", "继续", "确认", "同意", "允许", "完成",
    "ja", "weiter", "bestätigen", "sí", "aceptar", "continuar", "confirmar", "oui", "continuer",
    "confirmer", "accepter",
)  # fmt: skip
NO_WORDS = (
    "cancel", "no", "back", "go back", "back to safety", "not now", "keep editing",
    "restore", "undo", "save draft", "skip", "dismiss", "close", "never mind", "don't allow",
    "取消", "返回", "否", "保留",
    "abbrechen", "nein", "zurück", "cancelar", "volver", "annuler", "non", "retour",
)  # fmt: skip
RISK_WORDS: dict[str, tuple[str, ...]] = {
    "delete-file": (
        "permanently", "cannot be undone", "can't be undone", "will be deleted",
        "delete", "erase", "all data", "wipe", "empty trash", "无法恢复", "删除", "永久",
        "dauerhaft", "endgültig", "nicht rückgängig", "permanentemente", "no se puede deshacer",
        "définitivement", "irréversible",
    ),
    "financial-transaction": (
        "payment", "pay", "charge", "charged", "transfer", "purchase", "order total",
        "card ending", "付款", "支付", "转账", "zahlung", "pago", "paiement",
    ),
    "install-software": (
        "install", "download", "unknown publisher", "blocked to protect", "unidentified developer",
        "not verified", "unsigned", "安装",
    ),
    "send-email": ("send", "recipients", "发送"),
    "system-settings": (
        "firewall", "antivirus", "real-time protection", "administrator", "admin rights",
        "user account control", "remote desktop", "remote access", "factory reset",
        "reset this pc", "make changes to your device", "防火墙",
    ),
    "irreversible-submit": (
        "penalty of perjury", "agree to sign", "sign this document", "legally binding",
        "cannot be changed", "can't be changed", "cannot be edited", "irrevocable",
        "once submitted", "final submission", "sign electronically", "不可撤销",
    ),
    "credentials": (
        "unencrypted", "all passwords", "your vault", "plain text", "private key",
        "recovery codes", "backup codes",
    ),
    "open-website": (
        "deceptive site", "dangerous site", "phishing", "unsafe site", "not secure",
        "your connection is not private", "attackers might", "malware", "不是私密连接",
        "不安全", "攻击者", "欺诈", "危险网站",
    ),
}  # fmt: skip
SETTINGS_SUBJECTS = RISK_WORDS["system-settings"] + (
    "defender", "uac", "sudo", "root", "users", "user accounts", "sharing", "secure boot",
    "bitlocker", "encryption", "automatic updates", "ssh", "screen lock", "password policy",
    "developer mode", "unknown sources", "screen recording", "screen & system audio recording",
    "accessibility", "full disk access", "input monitoring", "privacy & security",
    "allow applications", "downloaded from", "smartscreen", "gatekeeper", "管理员",
)  # fmt: skip
SETTINGS_VERBS = (
    "turn off", "disable", "off", "enable", "on", "allow", "apply", "save changes", "reset",
    "add user", "add account", "remove user", "make admin", "make administrator",
    "grant", "change", "关闭", "开启", "应用",
)  # fmt: skip
TOGGLE_ROLES = ("switch", "toggle", "checkbox", "radio")


def pointer_findings(ctx: ActionContext) -> list[Finding]:
    """A click's risk: its target's words, or the dialog's for a plain yes."""
    if ctx.target is None or not ctx.target.text.strip():
        return [Finding("unknown", "risky", "nothing readable under the point")]
    target = unglued(normal(ctx.target.text))
    around = unglued(normal(" ".join((*ctx.nearby, ctx.app))))
    page = unglued(normal(" ".join((*ctx.nearby, *ctx.screen, ctx.app))))
    found = [*_warning_page(target, page)]
    if has(target, NO_WORDS) == target:
        return found
    found += _settings_findings(ctx, target, around)
    for category, words in COMMIT_WORDS.items():
        word = has(target, words)
        if word:
            found.append(Finding(category, "risky", f"the target says {word!r}"))
    found += _touched_findings(ctx, target, page)
    if has(target, YES_WORDS) and not found:
        said = normal(" ".join((page, ctx.reasoning)))
        for category, words in RISK_WORDS.items():
            word = has(said, words)
            if word:
                found.append(Finding(category, "risky", f"a yes to a dialog that says {word!r}"))
    if found and ctx.url:
        suspicious = suspicious_url(ctx.url)
        if suspicious and any(f.category == "financial-transaction" for f in found):
            found.append(Finding("financial-transaction", "critical", f"pays {suspicious}"))
    return found


PRICE = re.compile(r"[$€£¥₹]\s?\d|\d\s?(usd|eur|gbp|元)\b|/\s?(month|mo|year|yr)\b")
EXECUTABLE_NAME = re.compile(  # the long ones also when a recogniser glued the next word on
    r"\.(exe|msi|ps1|scr|apk|dmg|vbs|appimage)|\.(bat|cmd|pkg|jar|run|deb|rpm)\b"
)
SECRET_VERBS = ("export", "show", "reveal", "copy", "share", "download", "send", "view")
LURES = ("verify", "sign in", "log in", "login", "confirm your", "open document",
         "view document", "click here", "unlock", "claim", "update payment")  # fmt: skip


SETTINGS_APPS = ("settings", "preferences", "control panel", "设置")


def _settings_findings(ctx: ActionContext, target: str, around: str) -> list[Finding]:
    """A change on a settings screen about security, accounts or remote access: a toggle, a
    changing verb, or — in a settings app — picking an option under such a heading (clicking
    the heading itself only opens its page)."""
    settings = has(around, SETTINGS_SUBJECTS) or has(target, SETTINGS_SUBJECTS)
    if not settings:
        return []
    beside = normal(" ".join(ctx.nearby[:4]))  # a switch read off the screen: "On" / "Off"
    toggle = ctx.target is not None and ctx.target.role in TOGGLE_ROLES
    option = has(normal(ctx.app), SETTINGS_APPS) and not has(target, SETTINGS_SUBJECTS)
    if toggle or has(beside, ("on", "off", "开", "关")) or has(target, SETTINGS_VERBS) or option:
        return [Finding("system-settings", "risky", f"changes {settings} settings")]
    return []


SAFE_CLICKS = ("report", "report phishing", "report spam", "mark as spam", "block", "block sender",
               "junk", "not spam", "move to junk", "举报")  # fmt: skip


def _touched_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """Risks in what a click touches beyond its commit words: a price, an executable file,
    a link to an unsafe address, anything clicked on a message or page from an unsafe address,
    secrets handed out."""
    found = []
    if PRICE.search(target):
        found.append(Finding("financial-transaction", "risky", "the target carries a price"))
    near = normal(" ".join(ctx.nearby[:3]))
    if EXECUTABLE_NAME.search(target) or (EXECUTABLE_NAME.search(near) and not has(
            target, (*NO_WORDS, "discard", "delete", "remove"))):  # fmt: skip
        found.append(Finding("install-software", "suspicious", "opens or keeps an executable"))
    if looks_like_url(target) and (reason := suspicious_url(target)):
        found.append(Finding("open-website", "suspicious", f"a link to {reason}"))
    if not has(target, SAFE_CLICKS):
        unsafe = next((r for t in (*ctx.nearby, *ctx.screen) if (r := _unsafe_address_in(t))),
                      None)  # fmt: skip
        if unsafe:
            what = "a lure" if has(target, LURES) else "a click"
            found.append(Finding("open-website", "suspicious", f"{what} beside {unsafe}"))
    if has(target, SECRET_FIELDS) and has(target, SECRET_VERBS):
        found.append(Finding("credentials", "risky", "hands out stored secrets"))
    return found


def _unsafe_address_in(text: str) -> str | None:
    """The first unsafe web or e-mail address in ``text``."""
    for match in re.findall(
        r"[\w.-]+@([\w.-]+\.\w+)|(https?://\S+|\b[\w-]+(?:\.[\w-]+)+/\S*)", text
    ):
        address = match[0] or match[1]
        if address and (reason := suspicious_url(address)):
            return reason
    return None


def _warning_page(target: str, page: str) -> list[Finding]:
    """Going on past a browser's warning page (deceptive site, invalid certificate)."""
    warning = has(f"{page} {target}", RISK_WORDS["open-website"])
    onward = ("visit this unsafe site", "continue to", "proceed to", "accept the risk",
              "ignore", "visit site", "details", "advanced", "继续前往", "继续访问")  # fmt: skip
    if warning and has(target, onward) and not has(target, ("back to safety", "go back", "返回")):
        return [Finding("open-website", "critical", f"goes past a warning: {warning!r}")]
    return []


# ---- typing ----------------------------------------------------------------------------------
CRITICAL_COMMANDS = (
    (r"\brm\s+(-[a-z]*r[a-z]*f|-[a-z]*f[a-z]*r|-r\s+-f|-f\s+-r|--recursive\s+--force)[a-z]*"
     r"\s+(--no-preserve-root\s+)?(/|~|\$home|/\*|~/|\*|\.)(\s|$)", "deletes a whole tree"),
    (r"\bmkfs(\.\w+)?\b", "formats a disk"),
    (r"\bdd\b.*\bof=/dev/", "writes over a device"),
    (r":\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:", "a fork bomb"),
    (r"\b(curl|wget|iwr|invoke-webrequest)\b[^|;]*\|\s*(sudo\s+)?(ba|z|da)?sh\b",
     "runs a downloaded script"),
    (r"\b(iex|invoke-expression)\b|downloadstring|-encodedcommand|\s-enc\s|-w(indowstyle)? hidden",
     "runs hidden PowerShell"),
    (r"\bchmod\s+(-r\s+)?[0-7]?777\s+/(\s|$)", "opens the whole filesystem"),
    (r">\s*/dev/(sd|nvme|hd)", "writes over a disk"),
    (r"\bformat\s+[a-z]:", "formats a drive"),
    (r"\bdel\s+/[sfq].*\b[a-z]:\\", "deletes a drive's files"),
    (r"\bdrop\s+(table|database|schema)\b|\btruncate\s+table\b", "drops a database's data"),
    (r"\bsysrq\b|/proc/sysrq-trigger", "triggers the kernel's SysRq"),
    (r">>?\s*\S*(authorized_keys|/etc/sudoers|/etc/passwd|/etc/shadow)", "grants access"),
)  # fmt: skip
RISKY_COMMANDS = (
    (r"\bsudo\b|\bsu\s+-|\brunas\b", "system-settings", "runs as administrator"),
    (r">>?\s*(/etc/|/root/|/boot/|/usr/|~/\.ssh/|c:\\windows)", "system-settings",
     "writes into system files"),
    (r"\brm\s+-\w*r|\brm\b|\bdel\b|\brmdir\b|\bremove-item\b|\bshred\b", "delete-file",
     "deletes files"),
    (r"\bchmod\b|\bchown\b|\busermod\b|\buseradd\b|\bpasswd\b|\bvisudo\b|\bufw\s+disable\b"
     r"|\biptables\s+-f\b|\bsetenforce\s+0\b|\bsystemctl\s+(stop|disable|mask)\b",
     "system-settings", "changes system settings"),
    (r"\bgit\s+push\b.*(--force|\s-f\b)|\bgit\s+reset\s+--hard\b|\bgit\s+clean\s+-\w*f",
     "irreversible-submit", "rewrites history"),
    (r"\bkubectl\s+(delete|drain|scale)\b|\bterraform\s+(destroy|apply)\b|\bdocker\s+"
     r"(rm|rmi|system\s+prune|volume\s+rm)\b|\baws\s+\S+\s+(delete|terminate|rm|rb)",
     "delete-file", "removes infrastructure"),
    (r"\bdelete\s+from\b|\bupdate\s+\w+\s+set\b|\balter\s+table\b", "delete-file",
     "changes a database's rows"),
    (r"\b(pip3?|npm|yarn|pnpm|gem|cargo|go)\s+(install|add|i)\b|\bapt(-get)?\s+install\b"
     r"|\b(brew|choco|winget|snap|dnf|yum|pacman)\s+(install|-s)\b|\bdpkg\s+-i\b",
     "install-software", "installs software"),
    (r"\b(shutdown|reboot|halt|poweroff)\b|\bkill(all)?\s+-9\b|\bstop-computer\b",
     "system-settings", "stops the machine or its processes"),
    (r"\bcurl\b|\bwget\b|\bscp\b|\brsync\b|\bnc\b", "open-website", "moves data over the network"),
)  # fmt: skip
READ_ONLY_TOOLS = ("grep", "rg", "ag", "ack", "man", "which", "whatis", "apropos", "echo",
                   "less", "more", "cat", "head", "tail", "history", "type", "help")  # fmt: skip
SHELL_PLACES = (
    "terminal", "bash", "zsh", "powershell", "command prompt", "cmd.exe", "konsole", "xterm",
    "iterm", "console", "shell", "ssh", "run", "open:", "psql", "mysql", "sqlite", "query",
    "sql", "kubectl", "cloud shell", "$", "#", "ps c:", "~$", "终端", "命令",
)  # fmt: skip
SECRET_FIELDS = (
    "password", "passwords", "passcode", "passphrase", "pin", "one-time code", "verification code",
    "2fa", "otp", "security code", "cvv", "cvc", "card number", "iban", "account number",
    "routing number", "api key", "access key", "secret", "token", "seed phrase",
    "recovery phrase", "vault", "keychain", "saved passwords", "recovery codes", "backup codes",
    "private key", "social security", "ssn", "passport number", "national id",
    "national insurance", "tax id", "driver's license", "driving licence",
    "密码", "口令", "验证码", "卡号", "银行卡号", "安全码", "身份证",
)  # fmt: skip
ONE_TIME_CODES = ("code", "sms", "otp", "verification", "one-time", "验证码")
ADDRESS_BARS = ("address", "search or enter address", "search or type", "url", "地址")
CONFIRM_BOXES = ("to confirm", "type the name", "type delete", "enter the name", "以确认")


def typed_findings(ctx: ActionContext, text: str | None = None) -> list[Finding]:
    """The risk of typing ``text`` (default: the action's) where ``ctx`` says it goes."""
    text = ctx.action.text or "" if text is None else text
    typed = normal(text)
    field = normal(f"{ctx.target.role} {ctx.target.text}") if ctx.target else ""
    around = normal(" ".join((field, *ctx.nearby, ctx.app)))
    found = _command_findings(typed, around)
    secret = secret_kind(text)
    secret_field = has(field or around, SECRET_FIELDS) or (
        ctx.target and ctx.target.role == "password"
    )
    phishing = suspicious_url(ctx.url) if ctx.url else None
    if secret_field:
        what = (
            "card details" if has(field or around, ("card", "cvv", "cvc", "卡号")) else "a secret"
        )
        category = "financial-transaction" if what == "card details" else "credentials"
        severity: Severity = "critical" if phishing else "risky"
        where = phishing or ctx.url or ctx.app or "the screen"
        found.append(Finding(category, severity, f"types {what} into a field on {where}"))
    elif secret:
        found.append(Finding("credentials", "critical", f"types {secret} outside a secret field"))
    elif password_like(text):
        found.append(Finding("credentials", "risky", "types a password-like string"))
    elif re.fullmatch(r"\d{4,8}", text.strip()) and has(around, ONE_TIME_CODES):
        found.append(Finding("credentials", "risky", "types a one-time code outside its field"))
    if has(field, ADDRESS_BARS) or (not field and looks_like_url(text)):
        reason = suspicious_url(text)
        if reason:
            found.append(Finding("open-website", "suspicious", f"opens {reason}"))
    if has(around, CONFIRM_BOXES):
        for category, words in RISK_WORDS.items():
            word = has(around, words)
            if word:
                found.append(Finding(category, "risky", f"confirms a dialog that says {word!r}"))
                break
    return found


def _command_findings(typed: str, around: str) -> list[Finding]:
    first = typed.split(" ", 1)[0] if typed else ""
    command = re.sub(r"(['\"]).*?\1", " ", typed) if first in READ_ONLY_TOOLS else typed
    in_shell = bool(has(around, SHELL_PLACES))
    found = []
    for pattern, reason in CRITICAL_COMMANDS:
        if re.search(pattern, command):
            found.append(Finding("shell-command", "critical" if in_shell else "suspicious", reason))
    if in_shell:
        for pattern, category, reason in RISKY_COMMANDS:
            if re.search(pattern, command):
                found.append(Finding("shell-command", "risky", reason))
                if category != "shell-command":
                    found.append(Finding(category, "risky", reason))
    return found


# ---- keys ------------------------------------------------------------------------------------
CHORDS: dict[str, tuple[str, str]] = {
    "ctrl+alt+delete": ("key-chord", "opens the system's security screen"),
    "ctrl+shift+escape": ("key-chord", "opens the task manager"),
    "ctrl+alt+backspace": ("key-chord", "kills the display session"),
    "ctrl+shift+delete": ("key-chord", "clears the browser's data"),
    "shift+delete": ("delete-file", "deletes without the trash"),
    "meta+r": ("key-chord", "opens the Run box"),
    "meta+x": ("key-chord", "opens the power-user menu"),
    "ctrl+alt+t": ("key-chord", "opens a terminal"),
}
UNSAVED = ("unsaved", "not saved", "modified", "save changes", "do you want to save", "未保存")
CLOSERS = ("alt+f4", "ctrl+q", "ctrl+w", "meta+q", "ctrl+shift+w")
COMPOSERS = ("message", "reply", "comment", "write a", "chat", "post", "tweet", "compose",
             "send", "消息", "回复", "评论", "发送")  # fmt: skip
ITEM_ROLES = ("listitem", "treeitem", "icon", "row", "file")
EDITING_ROLES = ("document", "textbox", "password", "combobox", "text", "heading", "label")
FILE_NAME = re.compile(r"\.[a-z0-9]{1,5}$", re.IGNORECASE)


def key_findings(ctx: ActionContext) -> list[Finding]:
    keys = ctx.action.keys or ""
    if "sysrq" in keys or "printscreen+alt" in keys:
        return [Finding("key-chord", "critical", "a kernel SysRq command")]
    if keys in CHORDS:
        category, reason = CHORDS[keys]
        return [Finding(category, "risky", f"{keys} {reason}")]
    if re.fullmatch(r"ctrl\+alt\+f\d+", keys):
        return [Finding("key-chord", "risky", f"{keys} switches to another console")]
    if keys in CLOSERS:
        around = normal(" ".join((*ctx.nearby, ctx.app, ctx.target.text if ctx.target else "")))
        if has(around, UNSAVED) or re.search(r"(^|\s)\*\S", around) or "*" in ctx.app:
            return [Finding("key-chord", "risky", f"{keys} closes a window with unsaved work")]
        return []
    field = normal(f"{ctx.target.role} {ctx.target.text}") if ctx.target else ""
    if (
        keys in ("delete", "meta+backspace", "meta+delete")
        and ctx.target is not None
        and (
            ctx.target.role in ITEM_ROLES
            or (ctx.target.role not in EDITING_ROLES and FILE_NAME.search(ctx.target.text.strip()))
        )
    ):  # in a document or a text box, Delete edits text
        return [Finding("delete-file", "risky", f"{keys} on {ctx.target.text!r} deletes it")]
    if keys in ("enter", "ctrl+enter", "meta+enter"):
        found = []
        if has(field, COMPOSERS) and not has(field, ("search", "find", "filter", "搜索")):
            found.append(Finding("send-email", "risky", f"{keys} sends what {field!r} holds"))
        last = next((a for a in reversed(ctx.previous) if a.type != ActionType.WAIT), None)
        if last is not None and last.type == ActionType.TYPE:
            return found + typed_findings(ctx, last.text)
        if found:
            return found
        around = normal(" ".join((*ctx.nearby, ctx.app)))
        if keys != "enter" and has(around, ("send", "to", "发送")):
            return [Finding("send-email", "risky", f"{keys} sends the message being written")]
    return []


# ---- words a recogniser glued together -------------------------------------------------------
COMMON_WORDS = ("now", "all", "new", "file", "files", "open", "save", "view", "here", "account",
                "to", "the", "my", "your", "this", "it", "and", "for", "with", "up")  # fmt: skip
LEXICONS = (*COMMIT_WORDS.values(), *RISK_WORDS.values(), YES_WORDS, NO_WORDS,
            SETTINGS_SUBJECTS, SETTINGS_VERBS, SECRET_FIELDS, SECRET_VERBS, LURES, SAFE_CLICKS,
            COMMON_WORDS)  # fmt: skip
VOCABULARY = frozenset(
    word
    for phrases in LEXICONS
    for phrase in phrases
    if phrase.isascii()
    for word in phrase.split()
)
"""the words the rules look for: the pieces a glued token may be split into"""


def unglued(text: str) -> str:
    """``text`` with each token a recogniser glued together from rule words split again:
    "exportvault" → "export vault", "e-filenow" → "e-file now" (PP-OCR drops the space
    between short words on a screen); a token that is not a run of rule words stays."""
    return " ".join(_split(token) or token for token in text.split())


def _split(token: str) -> str | None:
    if token in VOCABULARY or len(token) < 5 or not token.isascii():
        return None
    best: list[list[str] | None] = [[]] + [None] * len(token)  # best[i]: words of token[:i]
    for end in range(2, len(token) + 1):
        for start in range(max(0, end - 20), end - 1):
            head = best[start]
            if head is not None and token[start:end] in VOCABULARY:
                best[end] = [*head, token[start:end]]
                break
    words = best[-1]
    return " ".join(words) if words and len(words) > 1 else None


def findings(ctx: ActionContext) -> list[Finding]:
    """Every finding about ``ctx``'s action."""
    kind = ctx.action.type
    if kind in (ActionType.CLICK, ActionType.DOUBLE_CLICK):
        return pointer_findings(ctx)
    if kind == ActionType.TYPE:
        return typed_findings(ctx)
    if kind == ActionType.KEY:
        return key_findings(ctx)
    if kind == ActionType.DRAG:
        said = normal(" ".join((ctx.reasoning, *ctx.nearby[:3])))
        bin_ = has(said, ("trash", "recycle bin", "bin", "回收站"))
        return [Finding("delete-file", "risky", f"drags toward the {bin_}")] if bin_ else []
    return []  # move, right click, scroll, wait, finish, fail commit nothing
