"""What makes an action risky, read from its context (`ActionContext`): pure functions from a
context to `Finding`s, each naming a category and a severity.

- **Pointer actions** (click, double click): the target's words. A commit word ("Send",
  "Delete", "Pay now", "Install", "Publish", 发送, 删除, 支付 …) puts the click in its category;
  a plain yes ("OK", "Continue", "Yes", 确定) takes the category of the risk the dialog around
  it states ("permanently", "cannot be undone", "transfer"); a no ("Cancel", "Keep") is
  safe. A toggle or a commit on a settings screen about the firewall, administrators or
  remote access is a system setting. A commit word commits nothing where it names a ticked
  box's option (the click unticks it), takes an item out of a shopping cart or sends a
  question to a help centre's box. Saving a new password, publishing a page that shows an
  access key and opening a link sent by text message are asked about. A target the gate could
  not read is ``unknown``.
- **Typing**: shell commands (in a terminal, a Run box or a database console; a search pattern
  inside quotes is not a command), secrets (card numbers with a valid Luhn digit, IBANs with a
  valid checksum, API keys and tokens, private keys), passwords typed into password fields,
  addresses typed into a browser's address bar, and confirmation words typed into a
  "type … to confirm" box.
- **Keys**: judged by what they press or run, in `cuakit.safety.keystrokes`.
- **The screen's own warning** (`caution_findings`): a click, Enter or drag that no rule
  above names is still asked about when the screen says the step cannot be taken back
  ("cannot be undone", "not recommended", "your vote is final"), unless it is a plain no
  ("Cancel", "Back to …").

Screen text is compared as `cuakit.safety.lexicon` says: normalised, as whole words, in the
languages it holds, with words a recogniser glued together split again.

Severity: ``risky`` (the category's policy decides), ``suspicious`` (confirm whatever the
category says: a look-alike domain, a raw IP, an executable download) and ``critical``
(never run: wiping a disk, piping a download to a shell, a secret sent into a chat or to a
phishing page).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from cuakit.safety.context import ActionContext
from cuakit.safety.lexicon import (
    ADDRESS_BARS,
    CART_REMOVALS,
    CARTS,
    CAUTIONS,
    CHANGE_WORDS,
    COMMIT_WORDS,
    CONFIRM_BOXES,
    DOC_TOOLS,
    HELP_DESK_PROMPTS,
    KEEP_WORDS,
    LURES,
    MINT_VERBS,
    MINTED_SECRETS,
    NEW_PASSWORDS,
    NO_WORDS,
    ONE_TIME_CODES,
    PACKAGE_MANAGERS,
    PACKAGE_QUERIES,
    PERMISSIONS,
    POSTAL_CODES,
    PUBLISH_WORDS,
    READ_ONLY_TOOLS,
    RISK_WORDS,
    SAFE_CLICKS,
    SECRET_FIELDS,
    SECRET_VERBS,
    SETTINGS_APPS,
    SETTINGS_SUBJECTS,
    SETTINGS_VERBS,
    SHARE_WORDS,
    SHELL_PLACES,
    SWITCH_STATES,
    TEXT_MESSAGES,
    TOGGLE_ROLES,
    YES_WORDS,
    commit_label,
    has,
    normal,
    plain_no,
    unglued,
)
from cuakit.safety.signals import (
    access_secret,
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


def screen_texts(ctx: ActionContext) -> tuple[str, ...]:
    """Every text on the screen (the nearby ones when a caller gave no whole screen)."""
    return ctx.screen or ctx.nearby


def page_words(ctx: ActionContext) -> str:
    """The screen's text and the app's name as the rules compare them (`normal`, `unglued`)."""
    return unglued(normal(" ".join((*screen_texts(ctx), ctx.app))))


# ---- pointer actions -------------------------------------------------------------------------


def pointer_findings(ctx: ActionContext) -> list[Finding]:
    """A click's risk: its target's words, or the dialog's for a plain yes."""
    if ctx.target is None or not ctx.target.text.strip():
        return [Finding("unknown", "risky", "nothing readable under the point")]
    target = unglued(normal(ctx.target.text))
    around = unglued(normal(" ".join((*ctx.nearby, ctx.app))))
    page = page_words(ctx)
    found = [*_warning_page(target, page)]
    if plain_no(target):
        return found
    found += _settings_findings(ctx, target, around)
    if has(target, PAUSES) and has(page, UPDATES):
        found.append(Finding("system-settings", "risky", "pauses the system's security updates"))
    label = commit_label(target)
    for category, words in COMMIT_WORDS.items():
        word = has(label, words)
        if word and not _commits_nothing(category, ctx.target.text, label, page):
            found.append(Finding(category, "risky", f"the target says {word!r}"))
    found += _touched_findings(ctx, target, page)
    if has(target, SHARE_WORDS) and EMAIL.search(page):  # a recipient is entered: it goes out
        found.append(Finding("send-email", "risky", "shares with the addresses on the screen"))
    if re.search(rf"\bby (clicking|selecting|tapping|pressing) .?{re.escape(target)}", page):
        found.append(Finding("irreversible-submit", "risky", "the page binds the user to it"))
    if has(target, YES_WORDS) and not found:
        prompts = {name: said for name, words in PERMISSIONS.items() if (said := has(page, words))}
        if prompts and not any(name in normal(ctx.instruction) for name in prompts):
            # "Join the call, camera on" asks for what the prompt grants; "Open the agenda" not
            found.append(Finding("system-settings", "risky",
                                 f"grants a site {', '.join(prompts.values())!r}"))  # fmt: skip
        said = normal(" ".join((page, ctx.reasoning)))
        for category, words in RISK_WORDS.items() if not found else ():
            word = has(said, words)
            if word:
                found.append(Finding(category, "risky", f"a yes to a dialog that says {word!r}"))
    if found and ctx.url:
        suspicious = suspicious_url(ctx.url)
        if suspicious and any(f.category == "financial-transaction" for f in found):
            found.append(Finding("financial-transaction", "critical", f"pays {suspicious}"))
    return found


EMAIL = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
PRICE = re.compile(r"[$€£¥₹]\s?\d|\d\s?(usd|eur|gbp|元)\b|/\s?(month|mo|year|yr)\b")
UPDATES = ("update", "updates", "更新", "업데이트", "aktualisierung", "mise à jour")
PAUSES = ("pause", "pause for", "暂停", "일시 중지", "pausieren", "pausar", "suspendre")
SCAM_LINES = ("lucky visitor", "you've been selected", "you have been selected", "you have won",
              "you've won", "claim your prize", "claim your reward", "恭喜您获得", "恭喜你获得",
              "现金红包", "领取红包", "您已中奖", "vous avez gagné", "has ganado",
              "has sido seleccionado", "você ganhou", "sie haben gewonnen", "hai vinto",
              "当選しました", "당첨되었습니다")  # fmt: skip
CRACKS = re.compile(r"crack|keygen|activator|warez|nulled")
EXECUTABLE_NAME = re.compile(  # the long ones also when a recogniser glued the next word on
    r"\.(exe|msi|ps1|scr|apk|dmg|vbs|appimage)|\.(bat|cmd|pkg|jar|run|deb|rpm)\b"
)


TICKED = re.compile(r"^\s*(\[[x✓✔]\]|[☑☒])", re.IGNORECASE)
"""a ticked box read off the screen ("[x] Delete files after compression"; a bare check mark
may be a button's icon: "✓ Approve")"""
COMPOSE_FIELDS = ("subject", "cc", "bcc", "recipients", "betreff", "asunto", "objet", "主题",
                  "件名")  # fmt: skip
"""the fields of a message written to people"""


def _commits_nothing(category: str, raw: str, label: str, page: str) -> bool:
    """A commit word that, where it stands, commits nothing of its category: the label of a
    ticked box (the click unticks the option it names), "Remove" on a shopping cart (the item
    stays in the shop, nothing is paid) and "Send" under a help centre's question box (a
    question to its search or bot, not a message to anyone)."""
    if TICKED.match(raw):
        return True
    if category == "delete-file" and label in CART_REMOVALS and has(page, CARTS):
        return True
    return (
        category == "send-email"
        and has(page, HELP_DESK_PROMPTS)
        and not (EMAIL.search(page) or has(page, COMPOSE_FIELDS))
    )


def _settings_findings(
    ctx: ActionContext, target: str, around: str, moved: bool = False
) -> list[Finding]:
    """A change on a settings screen about security, accounts or remote access: a toggle, a
    changing verb, or — in a settings app — picking an option under such a heading (clicking
    the heading itself only opens its page)."""
    settings = has(around, SETTINGS_SUBJECTS) or has(target, SETTINGS_SUBJECTS)
    if not settings:
        return []
    # a switch read off the screen: a text ending in its state, "Off", "Enforcement: Off" (not
    # "Setting up VPN on your laptop")
    switch = any(normal(t).rsplit(" ", 1)[-1].strip(":") in SWITCH_STATES for t in ctx.nearby[:4])
    toggle = moved or (ctx.target is not None and ctx.target.role in TOGGLE_ROLES)
    option = has(normal(ctx.app), SETTINGS_APPS) and not has(target, SETTINGS_SUBJECTS)
    if toggle or switch or has(target, SETTINGS_VERBS) or option:
        return [Finding("system-settings", "risky", f"changes {settings} settings")]
    return []


def _touched_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """Risks in what a click touches beyond its commit words: a price, an executable file,
    a link to an unsafe address, anything clicked on a message or page from an unsafe address,
    secrets handed out."""
    found = []
    if PRICE.search(target):
        found.append(Finding("financial-transaction", "risky", "the target carries a price"))
    near = normal(" ".join(ctx.nearby[:3]))
    keeps = has(target, KEEP_WORDS) and EXECUTABLE_NAME.search(page)
    if has(page, SCAM_LINES):  # "You are today's lucky visitor!": any way on is the lure
        found.append(Finding("open-website", "suspicious", "a click on a prize pop-up"))
    if CRACKS.search(target):
        found.append(Finding("install-software", "suspicious", "downloads cracked software"))
    if EXECUTABLE_NAME.search(target) or keeps or (EXECUTABLE_NAME.search(near) and not has(
            target, (*NO_WORDS, "discard", "delete", "remove"))):  # fmt: skip
        found.append(Finding("install-software", "suspicious", "opens or keeps an executable"))
    if looks_like_url(target) and (reason := suspicious_url(target)):
        found.append(Finding("open-website", "suspicious", f"a link to {reason}"))
    if not has(target, SAFE_CLICKS):
        unsafe = next((r for t in screen_texts(ctx) if (r := _unsafe_address_in(t))), None)
        if unsafe:
            what = "a lure" if has(target, LURES) else "a click"
            found.append(Finding("open-website", "suspicious", f"{what} beside {unsafe}"))
    beside = normal(" ".join(ctx.nearby[:3]))
    if has(target, SECRET_VERBS) and (
        has(target, SECRET_FIELDS)
        or (has(beside, SECRET_FIELDS) and not has(beside, ("forgot", "reset", "change")))
    ):
        found.append(Finding("credentials", "risky", "hands out stored secrets"))
    if has(target, MINT_VERBS) and has(target, MINTED_SECRETS):
        found.append(Finding("credentials", "risky", "makes a new key or token"))
    raw = ctx.target.text if ctx.target else ""
    if (looks_like_url(raw) or re.search(r"https?://", raw)) and has(page, TEXT_MESSAGES):
        found.append(Finding("open-website", "suspicious", "opens a link sent by text message"))
    return found + _account_findings(ctx, target, page)


def _account_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """A click that changes who can get into an account or hands its keys out: saving a new
    password (the account's way in changes), publishing, sending or pasting a page that shows
    an access key or token (anyone who reads it can use it)."""
    found = []
    commits = has(target, (*CHANGE_WORDS, *YES_WORDS, "submit", "change password"))
    if commits and has(page, NEW_PASSWORDS):
        found.append(Finding("credentials", "risky", "changes the account's password"))
    shown = next((k for t in screen_texts(ctx) if (k := access_secret(t))), None)
    if shown and has(target, PUBLISH_WORDS):
        found.append(Finding("credentials", "risky", f"puts out a page that shows {shown}"))
    return found


def _unsafe_address_in(text: str) -> str | None:
    """The first unsafe web or e-mail address in ``text`` (or ``text`` itself, a bare host)."""
    if looks_like_url(text) and (reason := suspicious_url(text)):
        return reason
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
              "ignore", "visit site", "details", "advanced", "继续前往", "继续访问", "weiter zu",
              "continuar a", "acceder a", "continuer vers", "unsicher", "no seguro",
              "aceptar el riesgo", "accepter le risque", "risiko akzeptieren")  # fmt: skip
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
    (r"\bvssadmin\b.*\bdelete\s+shadows\b|\bwmic\b.*\bshadowcopy\b.*\bdelete\b"
     r"|\bwbadmin\s+delete\b|\bbcdedit\b.*\brecoveryenabled\s+no\b",
     "deletes the system's restore points (what ransomware does first)"),
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
    (r"\b(stop|set|remove|suspend)-service\b|\bstop-process\b|\btaskkill\b"
     r"|\bsc(\.exe)?\s+(stop|delete|config)\b|\bnet\s+stop\b"
     r"|\bnet\s+(user|localgroup)\b.*\s/(add|delete)\b",
     "system-settings", "stops or changes a Windows service, process or account"),
    (r"\bset-executionpolicy\s+(unrestricted|bypass)\b|\bset-mppreference\b.*-disable"
     r"|\bnetsh\s+advfirewall\b.*\boff\b|\breg\s+(add|delete)\b",
     "system-settings", "weakens the system's protection"),
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
    (r"\bcrontab\b(\s+\S+)*?\s+-[a-z]*r", "delete-file", "removes every cron job"),
    (r"\bfind\b.*\s-delete\b|\bfind\b.*-exec\s+rm\b|\bxargs\s+(-\S+\s+)*rm\b", "delete-file",
     "deletes what it finds"),
    (r"\bcurl\b|\bwget\b|\bscp\b|\brsync\b|\bnc\b", "open-website", "moves data over the network"),
)  # fmt: skip


def typed_findings(ctx: ActionContext, text: str | None = None) -> list[Finding]:
    """The risk of typing ``text`` (default: the action's) where ``ctx`` says it goes."""
    text = ctx.action.text or "" if text is None else text
    typed = normal(text)
    field = normal(f"{ctx.target.role} {ctx.target.text}") if ctx.target else ""
    around = normal(" ".join((field, *ctx.nearby, ctx.app)))
    in_editor = _editor_document(ctx)  # a Makefile's rule written there runs nothing
    found = [] if in_editor else _command_findings(typed, normal(" ".join((around, *ctx.screen))))
    searching = has(field, ("search", "find", "搜索"))  # a settings search box changes nothing
    settings_app = has(normal(ctx.app), SETTINGS_APPS) and not searching
    subject = has(around, SETTINGS_SUBJECTS) if settings_app else None
    if subject:  # a proxy, DNS server or VPN address typed into the system's settings
        found.append(Finding("system-settings", "risky", f"types into the {subject} settings"))
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
    elif password_like(text) or any(
        password_like(word) and re.search(r"\d", word) for word in text.split()
    ):  # a password among words has every kind of character ("pg_admin / Wint3r!Harbor#92")
        found.append(Finding("credentials", "risky", "types a password-like string"))
    elif (
        ONE_TIME_CODE.fullmatch(text.strip())
        and has(around, ONE_TIME_CODES)
        and not has(field or around, POSTAL_CODES)
    ):  # "482913", "731 044" as an SMS shows it; not the "75011" of a postcode field
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


ONE_TIME_CODE = re.compile(r"\d{4,8}|\d{3}[ -]\d{3}|\d{4}[ -]\d{4}")
"""a one-time code as it is typed: whole, or in the halves a message groups it into"""


def _editor_document(ctx: ActionContext) -> bool:
    """The focus is an editor's document, not a terminal drawn as one (no shell app, no prompt
    at its end)."""
    target = ctx.target
    return (
        target is not None
        and target.role == "document"
        and not has(normal(ctx.app), SHELL_PLACES)
        and not re.search(r"[$#%>]\s*$", target.text)
    )


PROMPT = re.compile(r"(?:^|\s)(?:(?:\S*[^\s#])?[$#%]|\S*[\w\\]>)\s+(\S.*)$")
"""a shell prompt ("user@host:~$ ", "PS C:\\> ", "# ") and the command typed after it"""


def _command_findings(typed: str, around: str) -> list[Finding]:
    words = typed.split()
    first = words[0] if words else ""
    chained = re.search(r"[|;&`]|\$\(", typed)
    if not chained and (first in DOC_TOOLS or (
        first in PACKAGE_MANAGERS and len(words) > 1 and words[1] in PACKAGE_QUERIES
    )):  # fmt: skip
        return []  # "man rm", "brew info wget": the rest names a command, it runs nothing
    command = re.sub(r"(['\"]).*?\1", " ", typed) if first in READ_ONLY_TOOLS else typed
    in_shell = bool(has(around, SHELL_PLACES) or PROMPT.search(around))
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


def drag_findings(ctx: ActionContext) -> list[Finding]:
    """Dragging to the trash deletes; dragging a settings slider changes the setting."""
    said = normal(" ".join((ctx.reasoning, *ctx.nearby[:3])))
    bin_ = has(said, ("trash", "recycle bin", "bin", "回收站"))
    if bin_:
        return [Finding("delete-file", "risky", f"drags toward the {bin_}")]
    if ctx.target is not None:
        return _settings_findings(ctx, unglued(normal(ctx.target.text)), page_words(ctx), True)
    return []


def caution_findings(ctx: ActionContext) -> list[Finding]:
    """The screen's own warning about what happens next, whatever the target says."""
    target = unglued(normal(ctx.target.text)) if ctx.target else ""
    if plain_no(target):  # "Cancel", "Back to ballot"
        return []
    page = f"{target} {page_words(ctx)}"
    caution = has(page, CAUTIONS)
    if not caution:
        return []
    category = next((c for c, words in RISK_WORDS.items() if has(page, words)),
                    "irreversible-submit")  # fmt: skip
    return [Finding(category, "risky", f"the screen warns {caution!r}")]
