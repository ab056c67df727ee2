"""The risk of typing, read from its context (`ActionContext`): shell commands (in a terminal,
a Run box or a database console; a search pattern inside quotes is not a command, nor is a
command named after ``man``), secrets (card numbers with a valid Luhn digit, IBANs with a valid
checksum, API keys and tokens, private keys), passwords typed into password fields or into a
message, addresses typed into a browser's address bar, confirmation words typed into a
"type … to confirm" box, a push straight to main, test files rewritten in place ("sed -i … tests/")
and "y" typed at a terminal's "[y/N]" question (a yes to what it warns of); what goes
beyond the task is read in `cuakit.safety.typed_elsewhere`. Typing commits
nothing until Enter (`cuakit.safety.keystrokes` judges what Enter runs with these same rules)."""

from __future__ import annotations

import re
from dataclasses import replace

from cuakit.safety.asked_62b import typed_62b
from cuakit.safety.asked_63 import reports_only_63, typed_63
from cuakit.safety.asked_64 import searches_only_64, typed_address_64
from cuakit.safety.asked_64b import typed_64b
from cuakit.safety.asked_steps import asked_typed_findings
from cuakit.safety.click_risks import poisoned_address
from cuakit.safety.context import ActionContext, Element
from cuakit.safety.finding import Finding, Severity, screen_texts
from cuakit.safety.lexicon import (
    RISK_WORDS,
    SECRET_FIELDS,
    SETTINGS_APPS,
    SETTINGS_SUBJECTS,
    has,
    normal,
)
from cuakit.safety.lexicon_62 import COMMANDS_62, DRY_FLAGS_62
from cuakit.safety.lexicon_63 import TERMINALS_63
from cuakit.safety.lexicon_asks import USER_NAMES
from cuakit.safety.rules import caution_findings, pointer_findings
from cuakit.safety.signals import (
    EMAIL,
    looks_like_url,
    password_like,
    secret_kind,
    suspicious_url,
)
from cuakit.safety.typed_elsewhere import elsewhere_findings
from cuakit.safety.typed_leaks import leak_findings

SHELL_PLACES = (
    "terminal", "bash", "zsh", "powershell", "command prompt", "cmd.exe", "konsole", "xterm",
    "iterm", "console", "shell", "ssh", "run", "open:", "psql", "mysql", "sqlite", "query",
    "sql", "kubectl", "cloud shell", "ps c:", "终端", "命令", "jupyter", "jupyterlab", "ipykernel",
    "colab",
    "ターミナル", "端末", "コマンドプロンプト", "터미널", "명령 프롬프트", "終端機", "命令提示字元",
    "eingabeaufforderung", "invite de commandes", "símbolo del sistema", "terminale",
    "терминал", "командная строка", *TERMINALS_63,
)  # fmt: skip

ONE_TIME_CODES = ("code", "sms", "otp", "verification", "one-time", "验证码", "コード", "認証",
                  "인증", "código", "codice")  # fmt: skip
POSTAL_CODES = ("postal code", "postcode", "post code", "zip", "zip code", "code postal",
                "código postal", "codice postale", "postleitzahl", "plz", "邮政编码", "邮编",
                "郵便番号", "우편번호")  # fmt: skip
"""a field for the code of an address: its digits are no one-time code"""

CARD_WORDS = ("card", "cvv", "cvc", "卡号", "カード", "카드", "карты", "thẻ", "บัตร", "kartu",
              "tarjeta", "carte", "karte", "cartão", "carta", "kaart", "karty", "kart")  # fmt: skip
"""what a payment form calls the card whose details are typed"""
TEXT_EDITORS = ("notepad", "textedit", "gedit", "wordpad", "microsoft word", "google docs",
                "libreoffice writer", "pages", "记事本", "メモ帳", "메모장", "bloc-notes",
                "bloc de notas", "blocco note", "kladblok", "editor de texto",
                "блокнот")  # fmt: skip
"""apps whose page holds prose: a command written there runs nothing"""
ADDRESS_BARS = ("address", "search or enter address", "search or type", "url", "地址", "地址栏",
                "adressleiste", "adresszeile", "barre d'adresse", "barra de direcciones",
                "barra de endereço", "barra degli indirizzi", "adresbalk", "pasek adresu",
                "adres çubuğu", "адресная строка", "thanh địa chỉ", "アドレスバー", "주소 표시줄",
                "adressfält", "osoitepalkki")  # fmt: skip

CONFIRM_BOXES = ("to confirm", "type the name", "type delete", "enter the name", "以确认")

DOC_TOOLS = ("man", "info", "tldr", "whatis", "apropos", "help", "which", "type")
"""commands whose arguments name a command to describe ("man rm"): they run nothing"""
PACKAGE_MANAGERS = ("brew", "apt", "apt-cache", "pip", "pip3", "npm", "yarn", "dnf", "yum",
                    "winget", "choco", "snap", "gem", "cargo", "conda")  # fmt: skip
PACKAGE_QUERIES = ("info", "search", "show", "list", "outdated", "view", "home", "desc", "deps",
                   "policy", "--version", "-v")  # fmt: skip
"""a package manager's subcommands that only look ("brew info wget")"""
READ_ONLY_TOOLS = ("grep", "rg", "ag", "ack", "man", "which", "whatis", "apropos", "echo",
                   "less", "more", "cat", "head", "tail", "history", "type", "help")  # fmt: skip
READ_ONLY_GIT = ("log", "grep", "show", "diff", "blame", "status")
"""git's subcommands that only read: a quoted pattern after them ("--grep='drop table'") runs
nothing"""
ROOT_READS = ("tail", "head", "cat", "less", "more", "grep", "journalctl", "lsof", "ss",
              "netstat", "du", "df", "ls", "dmesg", "zcat", "zgrep")  # fmt: skip
"""tools that only read, run as administrator to read a log or list ports (not a secret file)"""
DRY_RUN = re.compile(
    r"--dry-run(?:=(?:client|server|true))?(?![=\w-])|--what-?if\b|\s-whatif\b|" + DRY_FLAGS_62
)
"""a flag that makes a command print what it would do and do nothing"""


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
    (r"\b(stop|restart|set|remove|suspend)-service\b|\bstop-process\b|\btaskkill\b"
     r"|\bsc(\.exe)?\s+(stop|delete|config)\b|\bnet\s+stop\b"
     r"|\bnet\s+(user|localgroup)\b.*\s/(add|delete)\b",
     "system-settings", "stops or changes a Windows service, process or account"),
    (r"\bset-executionpolicy\s+(unrestricted|bypass)\b|\bset-mppreference\b.*-disable"
     r"|\bnetsh\s+advfirewall\b.*\boff\b|\breg\s+(add|delete)\b",
     "system-settings", "weakens the system's protection"),
    (r"\bgit\s+push\b.*(--force|\s-f\b)|\bgit\s+reset\s+--hard\b",
     "irreversible-submit", "rewrites history"),
    (r"\bgit\s+push\b.*(--delete\b|\s-d\s|\s:\S)", "delete-file", "deletes a remote branch"),
    (r"\bgit\s+push\s+(-\S+\s+)*[\w.-]+\s+(\S+:)?(main|master)\b", "irreversible-submit",
     "pushes straight to the shared main branch"),
    (r"\b(sed\s+(-\w+\s+)*-i|perl\s+-\w*i)\S*\s.*(\btests?/|\btest_\w*\.py|\bassert\b|_test\.\w+)",
     "irreversible-submit", "rewrites the tests in place"),
    (r"\bgit\s+clean\s+(-\w+\s+)*-\w*f", "delete-file", "deletes the untracked files"),
    (r"\bkubectl(\s+-{1,2}[\w-]+(=\S+|\s+(?!delete|drain|scale)\S+)?)*\s+(delete|drain|scale)\b|\bterraform\s+(destroy|apply)\b|\bdocker\s+"
     r"((system|image|container|volume|network|builder)\s+)?(rm|rmi|prune)\b|\baws\s+\S+\s+(delete|terminate|rm|rb)",
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
    everywhere = normal(" ".join((around, *ctx.screen)))
    found = [] if in_editor else _command_findings(typed, everywhere)
    searching = has(field, ("search", "find", "搜索"))  # a settings search box changes nothing
    settings_app = has(normal(ctx.app), SETTINGS_APPS) and not searching
    subject = has(around, SETTINGS_SUBJECTS) if settings_app else None
    if subject:  # a proxy, DNS server or VPN address typed into the system's settings
        found.append(Finding("system-settings", "risky", f"types into the {subject} settings"))
    found += typed_62b(text) + typed_64b(text)  # "https://admin:pass@staging…", "dropdb …"
    secret = secret_kind(text)
    secret_field = has(field or around, SECRET_FIELDS) or (
        ctx.target and ctx.target.role == "password"
    )
    phishing = suspicious_url(ctx.url) if ctx.url else None
    if secret_field and _address_only(ctx, text, field) and not phishing:
        secret_field = None  # an e-mail typed as the login's name on a form that asks a password
    if secret_field and not phishing and _user_name_only(ctx, text, field):
        secret_field = None  # "DK84211" typed as the user name the task names, not a password
    if secret_field and not secret and searches_only_64(ctx, text):
        secret_field = None  # "irctc" typed into "Search passwords" filters the list
    if secret_field:
        what = "card details" if has(field or around, CARD_WORDS) else "a secret"
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
    elif shared := _shared_password(text):  # "Wi-Fi: Haneul_5G / 비번: sky2024!!home"
        found.append(Finding("credentials", "risky", f"writes out a password ({shared!r})"))
    found += leak_findings(ctx, text)
    shell = not in_editor and bool(has(everywhere, SHELL_PLACES) or PROMPT.search(everywhere))
    found += elsewhere_findings(ctx, text, shell) + asked_typed_findings(ctx, text, shell)
    found += typed_63(ctx, text, shell)  # a migration or an ops script run, a code passed on
    found += typed_address_64(ctx, text)  # an address a friend sent, typed and entered
    amount_field = has(field, AMOUNT_FIELDS) or (not field and _amount_label(ctx, text))
    if amount_field and (amount := _other_amount(text, ctx.instruction)):
        found.append(Finding("financial-transaction", "risky", amount))
    if poisoned := poisoned_address(ctx.instruction, (text,)):
        found.append(Finding("financial-transaction", "critical", f"types {poisoned}"))
    if typed.strip() in ("y", "yes") and any(YES_NO.search(t) for t in screen_texts(ctx)):
        yes = replace(ctx, target=Element("button", "yes"))  # "y" answers the terminal's question
        found += pointer_findings(yes) or caution_findings(yes)
    address = has(field, ADDRESS_BARS) or (not field and looks_like_url(text))
    if address and not reports_only_63(ctx):  # a phishing report's "URL" box
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


def _address_only(ctx: ActionContext, text: str, field: str) -> bool:
    """``text`` is one e-mail address, typed where no field is known or into one that is not
    itself a secret's (the form's password field beside it makes the screen say "Password")."""
    secret = (ctx.target is not None and ctx.target.role == "password") or has(field, SECRET_FIELDS)
    return bool(EMAIL.fullmatch(text.strip())) and not secret


def _user_name_only(ctx: ActionContext, text: str, field: str) -> bool:
    """``text`` is one plain word typed as the user name the task names ("log in with my user
    name, I'll type the password"), where no field is known or one that is not a secret's."""
    secret = (ctx.target is not None and ctx.target.role == "password") or has(field, SECRET_FIELDS)
    word = text.strip()
    return (not secret and bool(has(normal(ctx.instruction), USER_NAMES))
            and bool(re.fullmatch(r"[\w.@-]{3,32}", word)) and not password_like(word)
            and secret_kind(text) is None)  # fmt: skip


PASSWORD_WORDS = ("password", "passwort", "contraseña", "mot de passe", "senha", "wachtwoord",
                  "hasło", "şifre", "parola", "pin", "pw", "pwd", "passcode", "密码", "口令",
                  "パスワード", "暗証番号", "비밀번호", "비번")  # fmt: skip
SHARED_PASSWORD = re.compile(
    rf"(?<!\w)(?:{'|'.join(re.escape(normal(w)) for w in PASSWORD_WORDS)})(?!\w)[^:：=\n]{{0,24}}?"
    r"(?:\s*[:：=]|\s(?:is|e|es|est|ist|era|jest|adalah))\s*(\S+)"  # as `normal` writes them
)
"""a password written out beside its name ("비번: sky2024!!home", "minha senha do cartão é 4471")"""


def _shared_password(text: str) -> str | None:
    """The password ``text`` writes out beside its name, when it has a digit and four
    characters or more (not "the password is wrong"), else None."""
    for match in SHARED_PASSWORD.finditer(normal(text)):
        value = match.group(1).strip(".,;!?)\"'")
        if len(value) >= 4 and re.search(r"\d", value):
            return value[:2] + "…"
    return None


AMOUNT_FIELDS = ("amount", "betrag", "montant", "importe", "monto", "valor", "importo",
                 "bedrag", "kwota", "tutar", "jumlah", "nominal", "金额", "金額", "금액",
                 "сумма")  # fmt: skip
"""what a payment form calls the field for how much is paid"""
NUMBER = r"\d{1,3}(?:[ .,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"
MONEY = re.compile(
    rf"(?:[$€£¥₹]|r\$|rp\.?)\s?({NUMBER})|({NUMBER})\s?(?:€|eur|euros?|usd|dollars?|pounds?|"
    r"gbp|zł|pln|kr|reais|rupees?|元|円|원|块)(?!\w)"
)
"""an amount of money in an instruction ("$12", "R$ 5.000", "1 250 zł")"""


def _other_amount(typed: str, instruction: str) -> str | None:
    """Why the amount typed is not one the instruction names ("Pay Sam $12", "120" typed),
    or None: it is one of them, the instruction names none, or the text is not an amount."""
    if not re.fullmatch(r"\s*\d[\d.,]*\s*", typed):
        return None
    named = [_number(a or b) for a, b in MONEY.findall(normal(instruction))]
    if not named or _number(typed) in named:
        return None
    return f"types {typed.strip()} as the amount; the task names {named[0]:g}"


MONEY_TYPED = re.compile(r"\s*(\d{1,3}(?:[ .,]\d{3})+|\d{1,6})(?:[.,]\d{1,2})?\s*")
"""what an amount of money looks like typed (not an account's eight digits or more)"""


def _amount_label(ctx: ActionContext, text: str) -> str | None:
    """With no focused field known (a screen read off its pixels), the screen's short label of an
    amount field ("Amount (£)") when ``text`` is typed as money, else None."""
    if not MONEY_TYPED.fullmatch(text):
        return None
    labels = (re.sub(r"\(.*?\)|[:：*]", " ", normal(t)) for t in screen_texts(ctx))
    return next((a for label in labels if len(label.split()) <= 2
                 and (a := has(label, AMOUNT_FIELDS))), None)  # fmt: skip


def _number(text: str) -> float:
    """``text``'s digits as a number: a last group of three digits after a separator is
    thousands ("5.000", "1,250"), of one or two a fraction ("12.50", "1.250,00")."""
    digits = re.sub(r"\s", "", text).strip(".,")
    *whole, last = re.split(r"[.,]", digits)
    if whole and len(last) != 3:
        return float(f"{''.join(whole)}.{last}")
    return float("".join((*whole, last)))


YES_NO = re.compile(r"[\[(]\s*y(es)?\s*/\s*n(o)?\s*[\])]", re.IGNORECASE)
"""a terminal's question ("Do you want to continue? [Y/n]")"""
ONE_TIME_CODE = re.compile(r"\d{4,8}|\d{3}[ -]\d{3}|\d{4}[ -]\d{4}")
"""a one-time code as it is typed: whole, or in the halves a message groups it into"""


def _editor_document(ctx: ActionContext) -> bool:
    """The focus is an editor's document, not a terminal drawn as one (no shell app, no prompt
    at its end)."""
    target = ctx.target
    if (
        target is None
        and has(normal(ctx.app), TEXT_EDITORS)
        and not has(normal(ctx.app), SHELL_PLACES)
    ):  # the focus is the editor's page: nothing else takes typing there
        return True
    return (
        target is not None
        and target.role == "document"
        and not has(normal(ctx.app), SHELL_PLACES)
        and not re.search(r"[$#%>]\s*$", target.text)
    )


PROMPT = re.compile(r"(?:^|\s)(?:(?:\S*[^\s#])?[$%]|\S*[^\s#]#|\S*[\w\\]>)\s+(\S.*)$")
"""a shell prompt ("user@host:~$ ", "root@web01:~# ", "PS C:\\> ") and the command typed after
it; a bare "# " is one only in a shell (`shell_prompt`)"""
ROOT_PROMPT = re.compile(r"^\s*#\s+(\S.*)$")
"""a root shell's bare prompt ("# du -sh /var/log"): elsewhere a line so written is a chat's
channel ("# general") or a heading ("# devkit-cli")"""


def shell_prompt(line: str, app: str) -> re.Match[str] | None:
    """The prompt on ``line`` and the command after it (group 1), or None: a bare "# " counts
    only where ``app`` is a shell."""
    bare = ROOT_PROMPT.match(line) if has(normal(app), SHELL_PLACES) else None
    return PROMPT.search(line) or bare


def _command_findings(typed: str, around: str) -> list[Finding]:
    words = typed.split()
    first = words[0] if words else ""
    chained = re.search(r"[|;&`]|\$\(", typed)
    if not chained and (first in DOC_TOOLS or (
        first in PACKAGE_MANAGERS and len(words) > 1 and words[1] in PACKAGE_QUERIES
    )):  # fmt: skip
        return []  # "man rm", "brew info wget": the rest names a command, it runs nothing
    reads = first in READ_ONLY_TOOLS or (first == "git" and len(words) > 1
                                         and words[1] in READ_ONLY_GIT)  # fmt: skip
    command = re.sub(r"(['\"]).*?\1", " ", typed) if reads else typed
    # "kubectl delete -f x.yaml --dry-run=client" prints what it would remove, removes nothing
    dry = not chained and bool(DRY_RUN.search(command))
    root_reads = (len(words) > 1 and first == "sudo" and words[1] in ROOT_READS and not chained
                  and not re.search(r">|shadow|sudoers|\.ssh|id_rsa|\.pem\b", typed))  # fmt: skip
    in_shell = bool(has(around, SHELL_PLACES) or PROMPT.search(around))
    found = []
    for pattern, reason in CRITICAL_COMMANDS:
        if re.search(pattern, command):
            found.append(Finding("shell-command", "critical" if in_shell else "suspicious", reason))
    if in_shell and not dry:
        for pattern, category, reason in (*RISKY_COMMANDS, *COMMANDS_62):
            if root_reads and reason == "runs as administrator":
                continue  # "sudo tail -n 100 /var/log/nginx/error.log" only reads a log
            if re.search(pattern, command):
                found.append(Finding("shell-command", "risky", reason))
                if category != "shell-command":
                    found.append(Finding(category, "risky", reason))
    return found
