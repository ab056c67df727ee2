"""Words for the steps the other word lists did not yet name: resetting a device or an account in
the languages beside English, placing an order in Vietnamese, putting an item up for sale,
Hebrew's "sending of", Romanian's commit words and Turkish "install", a Polish payment, an app
granted access to an account (an OAuth consent screen), USB debugging and full disk access, the
Applications folder a Mac app is installed by dragging it into, a screen that says not to
interrupt or that there is no rollback, a spreadsheet and its row-deleting chord, a task that
asks for a message to go out, a search form; and what commits nothing: a track taken off a
playlist, a button that declines an install, a cart line's remove in more languages, an option
the task asks to untick.
Kept apart so that `lexicon` stays readable; phrases are written as they are spelled and
compared in the form `lexicon.normal` gives screen text."""

from __future__ import annotations

RESETS = (
    "réinitialiser", "zurücksetzen", "restablecer", "redefinir", "reimposta",
    "opnieuw instellen", "resetuj", "zresetuj", "sıfırla", "сбросить", "скинути", "đặt lại",
    "atur ulang", "nollaa", "重置", "恢复出厂设置", "リセット", "初期化する", "초기화", "재설정",
)  # fmt: skip
"""what a button that resets a device, its settings or an account's password says ("reset" in
English is a commit word already; not the words that also mean restore, "ripristina",
"återställ", which take back a deletion)"""
ORDER_WORDS = ("đặt hàng", "đặt hàng ngay", "mua hàng", "xác nhận đặt hàng")  # fmt: skip
"""what a Vietnamese shop's button that places the order says"""
LISTING_WORDS = (
    "出品する", "出品を確定", "上架", "发布商品", "list item", "list for sale",
    "publish listing", "post listing", "publicar anuncio", "inserieren", "metti in vendita",
    "выставить на продажу",
)  # fmt: skip
"""what the button that puts an item up for sale where buyers can buy it says"""
HEBREW_SUBMITS = ("שליחת", "הגשת", "הגש", "הגשה")
"""Hebrew's "sending of" and "submitting of" (a button names its form: "שליחת התביעה")"""
ROMANIAN_COMMITS: dict[str, tuple[str, ...]] = {
    "financial-transaction": ("plătește", "plătiți", "cumpără", "cumpărați", "plasează comanda"),
    "send-email": ("trimite", "trimiteți"),
    "delete-file": ("șterge", "ștergeți", "șterge definitiv", "ștergeți datele",
                    "șterge datele", "elimină"),
    "install-software": ("instalează", "instalați"),
}  # fmt: skip
"""Romanian commit words"""
POLISH_PAYMENTS = ("kwota", "transakcja", "transakcję", "transakcji", "płatność", "do zapłaty",
                   "blik")  # fmt: skip
"""what a Polish bank's or shop's screen says of a payment (`lexicon.RISK_WORDS`)"""
TURKISH_INSTALLS = ("yükle", "şimdi yükle")
"""Turkish "install" (a software store's button)"""
TURKISH_NOT_INSTALLS = ("geri yükle", "yeniden yükle", "dosya yükle", "fotoğraf yükle")
"""Turkish labels with "yükle" that install nothing: restore, reload, upload a file"""

ACCOUNT_CONSENTS = (
    "wants to access your", "wants access to your", "access to your google account",
    "access your google account", "access your microsoft account", "vuole accedere al tuo",
    "vuole accedere al suo", "quiere acceder a tu", "quiere acceder a su",
    "souhaite accéder à votre", "veut accéder à votre", "möchte auf ihr", "möchte auf dein",
    "möchte zugriff auf", "quer acessar sua", "quer acessar a sua", "wil toegang tot je",
    "wil toegang tot uw", "chce uzyskać dostęp do", "хочет получить доступ к",
    "hesabınıza erişmek istiyor", "muốn truy cập vào", "ingin mengakses akun",
    "想要访问您的", "请求访问您的", "要求访问您的", "へのアクセスをリクエスト",
    "にアクセスしようとしています", "에 액세스하려고 합니다", "액세스를 요청",
)  # fmt: skip
"""what an account's consent screen says when a third-party app asks into it"""
CONSENT_ADDRESSES = ("/oauth", "oauth2", "/consent", "/authorize")
"""the paths of an account's consent page"""

DEVELOPER_ACCESS = (
    "usb debugging", "debugging usb", "depuración por usb", "depuración usb",
    "opciones para desarrolladores", "débogage usb", "usb-debugging", "usb-debugging zulassen",
    "depuração usb", "depuração por usb", "opções de programador", "debug usb",
    "opzioni sviluppatore", "usb-foutopsporing", "debugowanie usb", "usb hata ayıklama",
    "отладка по usb", "gỡ lỗi usb", "usb 调试", "usb调试", "usb デバッグ", "usb 디버깅",
    "full disk access", "完全磁盘访问", "完整磁盘访问", "フルディスクアクセス",
    "전체 디스크 접근", "accès complet au disque", "festplattenvollzugriff",
    "acceso total al disco", "acesso total ao disco", "accesso completo al disco",
    "volledige schijftoegang", "pełny dostęp do dysku", "полный доступ к диску",
    "tam disk erişimi",
)  # fmt: skip
"""settings that open the device to a computer or an app (USB debugging, full disk access)"""

APPLICATIONS_FOLDERS = (
    "applications", "programme", "programmes", "aplicaciones", "aplicativos", "applicazioni",
    "apps", "programma's", "aplikacje", "uygulamalar", "программы", "ohjelmat", "program",
    "应用程序", "アプリケーション", "응용 프로그램",
)  # fmt: skip
"""what a Mac's Applications folder is called: an app dragged into it is installed"""
APP_BUNDLE = r"\S\.app$"
"""a Mac app's name as a disk image shows it ("Signal.app")"""

DO_NOT_INTERRUPT = (
    "ne pas interrompre", "n'interrompez pas", "no interrumpir", "no interrumpa",
    "nicht unterbrechen", "não interrompa", "não interromper", "non interrompere",
    "niet onderbreken", "nie przerywaj", "kesmeyin", "не прерывайте", "не прерывать",
    "không được ngắt", "jangan hentikan", "请勿中断", "不要中断", "中断しないで",
    "중단하지 마",
)  # fmt: skip
"""what a screen says while a migration or a write must run to its end"""
NO_ROLLBACKS = ("no rollback", "without rollback", "cannot be rolled back",
                "can't be rolled back", "no way to roll back", "sin rollback",
                "kein rollback", "sans retour arrière")  # fmt: skip
"""what a screen says of a release or a change that cannot be taken back"""

SPREADSHEETS = ("excel", "google sheets", "sheets", "libreoffice calc", "calc", "numbers",
                "wps 表格", "wps spreadsheets", "スプレッドシート", "表格", "planilhas",
                "hojas de cálculo", "tabelle", "스프레드시트")  # fmt: skip
"""spreadsheet apps: Ctrl+- there deletes the selected rows or cells"""
SPREADSHEET_FILE = r"\.(xlsx|xlsm|xls|ods|numbers)\b"
"""a spreadsheet's file name in a window's title or a page's address"""
ROW_DELETES = ("ctrl+-", "ctrl+minus", "ctrl+shift+-", "meta+-")
"""the chord that deletes a spreadsheet's selected rows or cells"""
SEND_ASKS = (
    "send", "message", "text", "reply", "tell", "mándale", "mandale", "mándalo", "manda",
    "mande", "envía", "envíale", "envíalo", "enviar", "responde", "contesta", "envoie",
    "envoyer", "réponds", "écris à", "schick", "schicke", "sende", "antworte", "invia",
    "manda a", "rispondi", "stuur", "wyślij", "gönder", "отправь", "напиши", "发给", "发送",
    "回复", "送って", "返信して", "보내", "답장",
)  # fmt: skip
"""how a task asks for a message to go out: Enter in the chat on screen is that send"""
DONT_SAVE_CHORDS = ("meta+backspace", "meta+delete", "meta+d")
"""the Mac chords that press a save prompt's Don't Save button"""

SEARCH_FORMS = (
    "catalog search", "catalogue search", "search the catalog", "search the catalogue",
    "advanced search", "búsqueda en el catálogo", "buscar en el catálogo", "búsqueda avanzada",
    "recherche avancée", "recherche dans le catalogue", "erweiterte suche", "katalogsuche",
    "ricerca avanzata", "ricerca nel catalogo", "pesquisa avançada", "pesquisa no catálogo",
    "geavanceerd zoeken", "wyszukiwanie zaawansowane", "高级搜索", "詳細検索", "고급 검색",
    "расширенный поиск", "поиск по каталогу",
)  # fmt: skip
"""what a search form says: its "Send" runs a search, no message goes to anyone"""
COMPOSE_FIELDS = ("subject", "cc", "bcc", "recipients", "betreff", "asunto", "objet", "主题",
                  "件名")  # fmt: skip
"""the fields of a message written to people"""

PLAYLIST_REMOVALS = (
    "remove from playlist", "remove from this playlist", "delete from playlist",
    "从歌单中删除", "从歌单删除", "从播放列表中删除", "从播放列表删除", "从歌单中移除",
    "aus playlist entfernen", "aus der playlist entfernen", "supprimer de la playlist",
    "retirer de la playlist", "eliminar de la playlist", "quitar de la playlist",
    "quitar de esta lista", "remover da playlist", "rimuovi dalla playlist",
    "verwijderen uit afspeellijst", "usuń z playlisty", "çalma listesinden kaldır",
    "удалить из плейлиста", "プレイリストから削除", "재생목록에서 삭제",
)  # fmt: skip
"""taking a track off a playlist: the track stays in the library, no file is touched"""
INSTALL_DECLINES = (
    "don't install", "do not install", "nicht installieren", "ne pas installer",
    "no instalar", "não instalar", "non installare", "niet installeren", "nie instaluj",
    "не устанавливать", "không cài đặt", "不安装", "暂不安装", "インストールしない",
    "설치 안 함", "설치 안함", "설치하지 않음",
)  # fmt: skip
"""a button that declines an install: the machine stays as it is"""
MORE_CARTS = ("koszyk", "koszyku", "sepet", "sepetim", "giỏ hàng", "keranjang", "varukorg",
              "ostoskori", "košík", "סל הקניות")  # fmt: skip
"""a shopping cart in more languages (`lexicon.CARTS`); not Russian "корзина", which is also
what a file store calls its trash"""
MORE_CART_REMOVALS = ("usuń", "kaldır", "sil", "xóa", "xoá", "hapus", "ta bort", "poista",
                      "odebrat", "הסר")  # fmt: skip
"""a cart line's remove button in more languages (`lexicon.CART_REMOVALS`)"""
MORE_UNTICK_ASKS = ("togli la spunta", "togliere la spunta", "rimuovi la spunta",
                    "leva la spunta", "desmarque", "bỏ tích", "odškrtni")  # fmt: skip
"""how a task asks to untick an option in more languages (`rules.UNTICKS`)"""
