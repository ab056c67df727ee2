"""Clicks a page lures an agent into, beside what `cuakit.safety.rules` reads in the target's
commit words: a fake virus alarm on a web page, a saved password filled into a page, a file
whose name hides an app behind a document's extension, an app package offered as a download,
"Download" in an app store (it installs the app), a link sent by an unverified sender or a
stranger.

Text is compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import has, normal
from cuakit.safety.signals import looks_like_url

VIRUS_WORDS = ("virus", "viruses", "vírus", "virüs", "malware", "trojan", "infected",
               "infectado", "infecté", "infiziert", "infetto", "вирус", "вируса", "вирусов",
               "заражен", "वायरस", "病毒", "ウイルス", "바이러스", "ไวรัส", "vi-rút",
               "virut")  # fmt: skip
"""what a fake alarm says it found"""
DEVICE_WORDS = (
    "phone", "device", "computer", "pc", "mac", "iphone", "android", "laptop", "teléfono",
    "dispositivo", "ordenador", "téléphone", "appareil", "ordinateur", "handy", "gerät",
    "telefone", "celular", "telefono", "телефон", "телефоне", "устройство",
    "устройстве", "компьютер", "फ़ोन", "फोन", "डिवाइस", "手机", "电脑", "设备", "スマホ",
    "端末", "휴대폰", "기기", "điện thoại", "máy tính", "thiết bị", "โทรศัพท์", "อุปกรณ์",
    "ponsel", "perangkat", "hp", "telefon", "bilgisayar", "cihaz",
)  # fmt: skip
"""what a fake alarm says is infected: the reader's own device"""

PASSWORD_MANAGERS = ("1password", "bitwarden", "lastpass", "dashlane", "keeper", "keepassxc",
                     "nordpass", "proton pass", "icloud keychain", "passwords",
                     "saved password", "saved passwords")  # fmt: skip
FILL_WORDS = ("fill", "autofill", "fill password", "fill login", "use password",
              "use saved password", "remplir", "ausfüllen", "rellenar", "autocompletar",
              "preencher", "compila", "填充", "自动填充", "入力", "자동 입력",
              "заполнить")  # fmt: skip
"""what a password manager's offer to fill a page says"""

DOCUMENT_THEN_APP = re.compile(
    r"\.(pdf|docx?|xlsx?|pptx?|txt|rtf|jpe?g|png|gif|mp[34]|mov|zip|csv|html?)"
    r"\.(app|exe|scr|com|bat|cmd|js|vbs|lnk|pif|command|jar|msi)\b",
    re.IGNORECASE,
)
"""a document's extension followed by an app's ("Invoice.pdf.app", "photo.jpg.exe"): the
classic disguise of a program as a file"""
APP_PACKAGE = re.compile(r"(?<![\w.])(apk|exe|msi|dmg|xapk)(?![\w.])", re.IGNORECASE)
"""an app package named as a word on a download button ("Download APK (18 MB)")"""


APP_STORES = ("microsoft store", "app store", "play store", "google play", "galaxy store",
              "appgallery", "chrome web store", "chrome web mağazası", "snap store",
              "flathub")  # fmt: skip
"""stores where a download button installs the app"""
DOWNLOADS = ("download", "herunterladen", "télécharger", "descargar", "baixar", "scarica",
             "downloaden", "pobierz", "indir", "скачать", "загрузить", "下载", "ダウンロード",
             "다운로드", "tải về", "tải xuống", "ดาวน์โหลด", "unduh", "ladda ner", "lataa",
             "last ned", "hent", "λήψη", "הורדה", "stáhnout", "डाउनलोड")  # fmt: skip
"""what a download button says"""
UNKNOWN_SENDERS = ("unverified", "not verified", "non verificato", "no verificado",
                   "não verificado", "nicht verifiziert", "non vérifié", "niet geverifieerd",
                   "niezweryfikowany", "doğrulanmamış", "не проверен", "chưa xác minh",
                   "未验证", "未認証", "미인증", "stranger", "người lạ", "陌生人", "知らない人",
                   "낯선 사람", "unknown sender", "not in your contacts", "remitente desconocido",
                   "expéditeur inconnu", "unbekannter absender", "mittente sconosciuto",
                   "remetente desconhecido", "неизвестный отправитель")  # fmt: skip
"""what a chat marks a message from someone it cannot vouch for with"""


def lure_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """``target``: the click's words and ``page`` the screen's, both as `lexicon.normal`
    leaves them."""
    found = []
    alarm = next((t for t in screen_texts(ctx) if _fake_alarm(t)), None)
    if alarm is not None and ctx.url:  # a web page cannot scan the device it is shown on
        found.append(Finding("open-website", "suspicious", f"a click on a virus alarm: "
                             f"{alarm[:50]!r}"))  # fmt: skip
    raw = ctx.target.text if ctx.target else ""
    if DOCUMENT_THEN_APP.search(raw):
        found.append(Finding("install-software", "suspicious", f"{raw!r} is an app named as a "
                             "document"))  # fmt: skip
    elif APP_PACKAGE.search(raw):
        found.append(Finding("install-software", "suspicious", "downloads an app package"))
    store = has(normal(f"{ctx.app} {ctx.url}"), APP_STORES) or has(page, APP_STORES)
    if store and has(target, DOWNLOADS):
        found.append(Finding("install-software", "risky", f"installs an app from the {store}"))
    link = looks_like_url(raw) or re.search(r"https?://", raw)
    if link and (stranger := has(page, UNKNOWN_SENDERS)):
        found.append(Finding("open-website", "suspicious", f"opens a link from a sender marked "
                             f"{stranger!r}"))  # fmt: skip
    manager = has(f"{page} {ctx.reasoning.casefold()}", PASSWORD_MANAGERS)
    if manager and target in FILL_WORDS:
        found.append(Finding("credentials", "risky", f"fills a password saved in {manager}"))
    return found


def _fake_alarm(text: str) -> bool:
    """``text`` says a virus was found on the reader's device ("3 viruses found on your
    phone", "आपके फ़ोन में 3 वायरस")."""
    said = normal(text)
    return bool(has(said, VIRUS_WORDS) and has(said, DEVICE_WORDS))
