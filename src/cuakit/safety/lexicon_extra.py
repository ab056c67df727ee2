"""Words for `cuakit.safety.click_risks` and the rules beside it: replying to everyone on a
thread, a search result marked as an ad, a password manager's offer to fill a login, a Wi-Fi
network's security left off, a settings row's bare yes or no, a sort tab that quotes the lowest
price, an instruction that asks for an option left unticked, a chat or comment by a guest.
Kept apart so that `lexicon` stays readable; phrases are written as they are spelled and
compared in the form `lexicon.normal` gives screen text."""

from __future__ import annotations

REPLY_ALLS = (
    "reply all", "reply to all", "reply-all", "responder a todos", "répondre à tous",
    "allen antworten", "rispondi a tutti", "antwoord allen", "allen beantwoorden",
    "odpowiedz wszystkim", "tümünü yanıtla", "ответить всем", "відповісти всім",
    "trả lời tất cả", "balas semua", "svara alla", "svar alle", "vastaa kaikille",
    "απάντηση σε όλους", "השב לכולם", "odpovědět všem", "全部回复", "回复全部", "全部回覆",
    "全員に返信", "전체 회신", "모두 회신", "الرد على الكل", "الرد على الجميع", "پاسخ به همه",
    "सभी को उत्तर दें",
)  # fmt: skip
"""what the button that answers every recipient of a thread says"""
EVERYONE_WORDS = (
    "everyone", "everybody", "whole thread", "whole team", "all recipients", "tout le monde",
    "à tous", "a todos", "todo el mundo", "allen", "jedem", "a tutti", "iedereen",
    "wszystkim", "herkese", "всем", "усім", "mọi người", "semua orang", "kaikille",
    "όλους", "לכולם", "všem", "所有人", "大家", "全員", "모두", "الجميع", "همه",
)  # fmt: skip
"""how an instruction asks a reply to go to the whole thread (with `lexicon_more.ALL_WORDS`)"""

AD_MARKERS = (
    "ad", "ads", "sponsored", "реклама", "quảng cáo", "anzeige", "gesponsert", "publicidad",
    "patrocinado", "annonce", "sponsorisé", "annuncio", "sponsorizzato", "advertentie",
    "gesponsord", "reklama", "sponsorowane", "reklam", "sponsorlu", "广告", "赞助", "広告",
    "スポンサー", "광고", "iklan", "bersponsor", "โฆษณา", "annons", "sponsrad", "mainos",
    "διαφήμιση", "פרסומת", "إعلان", "تبلیغ", "विज्ञापन",
)  # fmt: skip
"""how a search page marks a paid result ("Ad · …", "Реклама · …")"""

AUTOFILLS = (
    "fill", "autofill", "auto-fill", "fill password", "fill login", "use password",
    "자동 완성", "자동완성", "자동 입력", "autocompletar", "autocompléter",
    "remplissage automatique", "saisie automatique", "remplir", "automatisch ausfüllen",
    "ausfüllen", "rellenar", "preencher", "preenchimento automático", "compila",
    "compilazione automatica", "automatisch invullen", "invullen", "autouzupełnij",
    "wypełnij", "otomatik doldur", "doldur", "автозаполнение", "заполнить", "tự động điền",
    "isi otomatis", "fyll i", "täytä", "vyplnit", "自動入力", "自动填充", "填充", "自動填入",
)  # fmt: skip
"""what a password manager's offer to fill a saved login into the page says"""

WIFI_MODES = r"\b(wpa[23]?|wep|wpa[23]?-(personal|enterprise|psk))\b"
"""a wireless network's security modes, as every language's router page names them"""
SECURITY_LABELS = (
    "security", "encryption", "authentication", "sicherheit", "verschlüsselung",
    "authentifizierung", "seguridad", "cifrado", "autenticación", "sécurité", "chiffrement",
    "authentification", "segurança", "criptografia", "autenticação", "sicurezza",
    "crittografia", "autenticazione", "beveiliging", "versleuteling", "zabezpieczenia",
    "szyfrowanie", "güvenlik", "şifreleme", "безопасность", "защита", "шифрование", "安全",
    "加密", "セキュリティ", "暗号化", "보안", "암호화", "bảo mật", "mã hóa", "keamanan",
    "enkripsi", "säkerhet", "kryptering", "suojaus", "ασφάλεια", "אבטחה", "zabezpečení",
    "الأمان", "امنیت",
)  # fmt: skip
"""the label of a wireless network's security setting"""
NO_SECURITY = (
    "none", "open", "open network", "no security", "unsecured", "disabled", "keine", "offen",
    "ninguna", "ninguno", "abierta", "sin seguridad", "aucune", "aucun", "ouvert",
    "nenhuma", "nenhum", "aberta", "sem segurança", "nessuna", "aperta", "geen", "brak",
    "otwarta", "yok", "açık", "нет", "открытая", "без защиты", "无", "开放", "なし",
    "オープン", "없음", "개방", "không có", "mở", "tidak ada", "terbuka", "ingen", "ei mitään",
    "καμία", "ללא", "žádné", "لا شيء", "هیچ",
)  # fmt: skip
"""what the option that leaves a wireless network without a password says"""

SWITCH_ANSWERS = ("no", "sí", "si", "yes", "non", "oui", "nein", "ja", "não", "sim", "nee",
                  "nie", "tak", "evet", "hayır", "да", "нет", "はい", "いいえ", "예", "아니요",
                  "是", "否")  # fmt: skip
"""a settings row's state written as a yes or a no ("Sesión remota  No")"""

SORT_TABS = (
    "cheapest", "best", "fastest", "quickest", "shortest", "lowest price", "recommended",
    "el más barato", "más barato", "mejor", "más rápido", "le moins cher", "moins cher",
    "meilleur", "le plus rapide", "günstigste", "am günstigsten", "beste", "schnellste",
    "più economico", "migliore", "più veloce", "mais barato", "melhor", "mais rápido",
    "goedkoopste", "snelste", "najtańsze", "najlepsze", "najszybsze", "en ucuz", "en iyi",
    "en hızlı", "самые дешёвые", "самые дешевые", "лучшие", "самые быстрые", "最便宜", "最佳",
    "最快", "最安", "おすすめ", "最速", "최저가", "추천", "최단", "rẻ nhất", "tốt nhất",
    "nhanh nhất", "termurah", "terbaik", "tercepat", "billigast", "snabbast", "halvin",
    "nopein",
)  # fmt: skip
"""a results page's sort tab, which quotes the lowest price it sorts by ("Cheapest £61")"""

MORE_UNTICKS = (
    "isn't ticked", "is not ticked", "not ticked", "isn't checked", "is not checked",
    "not be ticked", "not be checked", "unticked", "unchecked", "no esté marcada",
    "no esté marcado", "desmarcada", "desmarcado", "ne soit pas cochée", "ne soit pas coché",
    "pas cochée", "décochée", "nicht angehakt", "kein häkchen", "non sia selezionata",
    "non spuntata", "non spuntato", "não esteja marcada", "não esteja marcado",
    "niet aangevinkt", "nie jest zaznaczona", "niezaznaczona", "не отмечен", "не отмечена",
    "без галочки", "未勾选", "没有勾选", "不要勾选", "チェックが入っていない", "체크되지 않",
    "không được chọn", "tidak dicentang",
)  # fmt: skip
"""how an instruction asks that an option end up unticked (`rules.UNTICKS`)"""

GUEST_AUTHORS = (
    "guest user", "guest-user", "comment by guest", "posted by guest", "(guest)",
    "anonymous user", "anonymous comment", "external user", "usuario invitado",
    "usuário convidado", "utilisateur invité", "gastbenutzer", "gastnutzer", "utente ospite",
    "gastgebruiker", "użytkownik gość", "misafir kullanıcı", "гостевой пользователь",
    "анонимный пользователь", "访客用户", "匿名用户", "ゲストユーザー", "게스트 사용자",
)  # fmt: skip
"""how a wiki or a forum marks a comment by someone without an account there: its link comes
from no one the site vouches for (`lures.UNKNOWN_SENDERS`)"""
