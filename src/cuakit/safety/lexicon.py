"""The words the safety rules look for (`cuakit.safety.rules`), in English, Chinese, German,
Spanish and French, and how screen text is compared with them: Unicode-normalised, case-folded,
as whole words (a substring for scripts without spaces), with words a recogniser glued
together split again."""

from __future__ import annotations

import re
import unicodedata


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
        "commander", "confirmer le paiement", "refund", "issue refund", "rembourser",
        "reembolsar", "erstatten", "退款", "faire un don", "confirmer le don", "spenden",
        "donar",
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
        "transmit", "vote", "kündigen", "résilier", "dar de baja", "cancel subscription",
        "cancel membership", "cancel contract", "cancel my plan", "close my account",
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
        "reset this pc", "make changes to your device", "防火墙", "record your screen",
        "access your screen", "screen and audio", "screen and system audio",
        "control your computer", "remote control", "full access", "never notify",
        "firewall de windows",
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
        "keine sichere verbindung", "nicht sicher", "angreifer", "no es privada", "atacantes",
        "n'est pas privée", "pirates", "err_cert", "certificate is not valid",
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
    "allow applications", "downloaded from", "smartscreen", "gatekeeper", "管理员", "proxy",
    "dns", "vpn", "hosts file", "certificate", "trusted root", "two-factor", "2-step verification",
    "multi-factor", "mfa", "screen sharing", "remote management", "bios", "boot order",
)  # fmt: skip

SETTINGS_VERBS = (
    "turn off", "disable", "off", "enable", "on", "allow", "apply", "save changes", "reset",
    "add user", "add account", "remove user", "make admin", "make administrator",
    "grant", "change", "关闭", "开启", "应用", "save & exit", "save and exit", "desactivar",
    "deaktivieren", "désactiver", "ausschalten",
)  # fmt: skip

TOGGLE_ROLES = ("switch", "toggle", "checkbox", "radio")

SECRET_VERBS = ("export", "show", "reveal", "copy", "share", "download", "send", "view")

LURES = ("verify", "sign in", "log in", "login", "confirm your", "open document",
         "view document", "click here", "unlock", "claim", "update payment")  # fmt: skip

SETTINGS_APPS = ("settings", "preferences", "control panel", "设置")

SAFE_CLICKS = ("report", "report phishing", "report spam", "mark as spam", "block", "block sender",
               "junk", "not spam", "move to junk", "举报")  # fmt: skip

SHELL_PLACES = (
    "terminal", "bash", "zsh", "powershell", "command prompt", "cmd.exe", "konsole", "xterm",
    "iterm", "console", "shell", "ssh", "run", "open:", "psql", "mysql", "sqlite", "query",
    "sql", "kubectl", "cloud shell", "ps c:", "终端", "命令",
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

UNSAVED = ("unsaved", "not saved", "modified", "save changes", "do you want to save", "未保存",
           "modifié", "nicht gespeichert", "sin guardar", "non enregistré", "geändert")  # fmt: skip
INTERRUPTERS = ("meta+l", "ctrl+c", "ctrl+alt+l", "ctrl+break")
"""keys that lock the session or stop a running program"""
ONGOING = ("recording", "screen sharing", "do not interrupt", "don't interrupt", "in progress",
           "installing", "updating", "migrating", "running migrations", "uploading",
           "do not turn off", "正在")  # fmt: skip
KEEP_WORDS = ("save", "save file", "open", "run", "keep", "download", "ok", "yes", "allow",
              "speichern", "guardar", "enregistrer", "ouvrir", "öffnen", "abrir", "保存",
              "打开")  # fmt: skip
"""what a click says to keep or open a file it is offered"""
CAUTIONS = (
    "cannot be undone", "can't be undone", "cannot be reversed", "not recommended",
    "is final", "are final", "cannot be changed", "can't be changed", "can't make changes",
    "cannot be recalled", "binding", "verbindlich", "do not interrupt", "don't interrupt",
    "irreversible", "permanently", "you will lose", "will be lost", "are you sure",
    "no recomendado", "nicht empfohlen", "déconseillé", "no se puede deshacer",
    "nicht rückgängig", "définitivement", "不可撤销", "无法撤销", "不建议", "无法恢复",
)  # fmt: skip
"""what a screen says before a step that cannot be taken back"""
COMMITTING_KEYS = ("enter", "ctrl+enter", "meta+enter", "space")

CLOSERS = ("alt+f4", "ctrl+q", "ctrl+w", "meta+q", "ctrl+shift+w")

COMPOSERS = ("message", "reply", "comment", "write a", "chat", "post", "tweet", "compose",
             "send", "消息", "回复", "评论", "发送")  # fmt: skip

ITEM_ROLES = ("listitem", "treeitem", "icon", "row", "file")

EDITING_ROLES = ("document", "textbox", "password", "combobox", "text", "heading", "label")

READ_ONLY_TOOLS = ("grep", "rg", "ag", "ack", "man", "which", "whatis", "apropos", "echo",
                   "less", "more", "cat", "head", "tail", "history", "type", "help")  # fmt: skip

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
    "exportvault" → "export vault", "e-filenow" → "e-file now", "482913send" → "482913 send"
    (PP-OCR drops the space between short words on a screen); a token that is not a run of rule
    words stays."""
    text = re.sub(r"(?<=\d{3})(?=[^\W\d_]{2})", " ", text)  # "482913send": a code, a button
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
