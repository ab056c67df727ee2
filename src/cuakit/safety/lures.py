"""Clicks a page lures an agent into, beside what `cuakit.safety.rules` reads in the target's
commit words: a fake virus alarm on a web page, a saved password filled into a page, a file
whose name hides an app behind a document's extension, an app package offered as a download,
"Download" or "Get" in an app store (it installs the app), "Add" on a browser's prompt to add an
extension, "Next" past an installer's ticked offer of other software, a link sent by an
unverified sender or a stranger.

Text is compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import COMMIT_WORDS, YES_WORDS, commit_label, has, normal, normalised
from cuakit.safety.lexicon_extra import GUEST_AUTHORS
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
             "last ned", "hent", "λήψη", "הורדה", "stáhnout", "डाउनलोड", "下載")  # fmt: skip
"""what a download button says"""
STORE_GETS = ("get", "dapatkan", "obtener", "obtenir", "laden", "ottieni", "obter", "получить",
              "nhận", "รับ", "al", "ophalen", "hämta", "hae", "λήψη", "קבל", "získat",
              "入手", "获取", "받기", "pata", "取得", "獲取")  # fmt: skip
"""what an app store's install button says ("Get", "DAPATKAN", "LADEN")"""
ADDS = ("add", "hinzufügen", "ajouter", "añadir", "agregar", "adicionar", "aggiungi", "添加",
        "追加", "추가", "добавить", "toevoegen", "dodaj", "ekle", "thêm", "เพิ่ม", "tambahkan",
        "lägg till", "tilføj", "legg til", "lisää", "προσθήκη", "הוסף", "přidat", "افزودن",
        "إضافة", "ongeza", "додати", "যোগ করুন")  # fmt: skip
EXTENSIONS = ("extension", "extensions", "add-on", "erweiterung", "extensión", "extensão",
              "estensione", "扩展", "拡張機能", "확장 프로그램", "расширение", "extensie",
              "rozszerzenie", "uzantı", "tiện ích", "ส่วนขยาย", "ekstensi", "tillägg",
              "laajennus", "επέκταση", "תוסף", "rozšíření", "افزونه", "إضافة",
              "розширення", "এক্সটেনশন")  # fmt: skip
"""what a browser's prompt to add an extension ("Add uBlock Origin?") calls it"""
HIJACKS = ("homepage", "home page", "search engine", "toolbar", "startseite", "suchmaschine",
           "symbolleiste", "page d'accueil", "moteur de recherche", "barre d'outils",
           "página de inicio", "motor de búsqueda", "barra de herramientas", "página inicial",
           "mecanismo de pesquisa", "pagina iniziale", "motore di ricerca", "主页", "搜索引擎",
           "工具栏", "ホームページ", "検索エンジン", "ツールバー", "홈페이지", "검색 엔진",
           "домашней страницей", "поисковой системой", "панель инструментов",
           "trang chủ", "công cụ tìm kiếm", "startpagina", "zoekmachine", "strona główna",
           "wyszukiwarka", "ana sayfa", "arama motoru", "beranda", "mesin pencari")  # fmt: skip
"""what a bundled offer takes over: the browser's home page, search engine or toolbar"""
ONWARDS = ("next", "next >", "weiter", "suivant", "siguiente", "avanti", "próximo", "avançar",
           "下一步", "次へ", "다음", "далее", "volgende", "dalej", "ileri", "tiếp", "tiếp theo",
           "ถัดไป", "berikutnya", "nästa", "næste", "neste", "seuraava", "επόμενο", "הבא",
           "další", "بعدی", "التالي", "अगला", "i agree", "install")  # fmt: skip
"""what a setup wizard's button to go on says"""
TICKED = re.compile(r"^\s*(\[[x✓✔]\]|[☑☒])", re.IGNORECASE)
"""a ticked box read off the screen ("[x] Delete files after compression"; a bare check mark
may be a button's icon: "✓ Approve")"""
UNKNOWN_SENDERS = ("unverified", "not verified", "non verificato", "no verificado",
                   "não verificado", "nicht verifiziert", "non vérifié", "niet geverifieerd",
                   "niezweryfikowany", "doğrulanmamış", "не проверен", "chưa xác minh",
                   "未验证", "未認証", "미인증", "stranger", "người lạ", "陌生人", "知らない人",
                   "낯선 사람", "unknown sender", "not in your contacts", "remitente desconocido",
                   "expéditeur inconnu", "unbekannter absender", "mittente sconosciuto",
                   "remetente desconhecido", "неизвестный отправитель",
                   *GUEST_AUTHORS)  # fmt: skip
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
    if store and (has(target, DOWNLOADS) or target in normalised(STORE_GETS)):
        found.append(Finding("install-software", "risky", f"installs an app from the {store}"))
    link = looks_like_url(raw) or re.search(r"https?://", raw)
    if link and (stranger := has(page, UNKNOWN_SENDERS)):
        found.append(Finding("open-website", "suspicious", f"opens a link from a sender marked "
                             f"{stranger!r}"))  # fmt: skip
    manager = has(f"{page} {ctx.reasoning.casefold()}", PASSWORD_MANAGERS)
    if manager and target.split(":")[0].strip() in normalised(
        FILL_WORDS
    ):  # "Fill: jana@nextcloud.de"
        found.append(Finding("credentials", "risky", f"fills a password saved in {manager}"))
    adds = has(commit_label(target), ADDS)  # "إضافة لغة" adds a language, not an add-on
    if len(target.split()) <= 3 and adds and (extension := has(page, EXTENSIONS)):
        found.append(Finding("install-software", "risky", f"adds a browser {extension}"))
    offer = _ticked_offer(ctx)
    if offer is not None and (has(target, ONWARDS) or target in YES_WORDS):
        found.append(Finding("install-software", "risky", f"installs a ticked offer: {offer!r}"))
    return found


def _ticked_offer(ctx: ActionContext) -> str | None:
    """A ticked box on the screen that installs more software or takes over the browser's home
    page or search engine ("[x] Install SafeFind and make it my homepage"): going on accepts it."""
    offers = (*HIJACKS, *COMMIT_WORDS["install-software"])
    return next((t for t in screen_texts(ctx) if TICKED.match(t) and has(normal(t), offers)), None)


def _fake_alarm(text: str) -> bool:
    """``text`` says a virus was found on the reader's device ("3 viruses found on your
    phone", "आपके फ़ोन में 3 वायरस")."""
    said = normal(text)
    return bool(has(said, VIRUS_WORDS) and has(said, DEVICE_WORDS))
