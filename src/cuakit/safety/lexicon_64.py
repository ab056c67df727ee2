"""Words that joined with the twenty-fifth development list (`cuakit.safety.asked_64`): how a
task asks to switch a protection on, how it says a site came from someone else, what a report
button, a search box, a clear-form button and a Mac's own apps are called, and the verbs of
repaying a bill and moving things to the trash in the languages the list used.

Compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

ASK_ON_64 = (
    "turn on", "switch on", "enable", "re-enable", "reenable", "activate", "reactivate",
    "back on", "einschalten", "wieder einschalten", "aktivieren", "aktiviere", "schalte",
    "active", "activer", "réactive", "réactiver", "activa", "activar", "reactiva", "ativa",
    "ativar", "ative", "liga", "ligue", "attiva", "riattiva", "accendi", "włącz", "zet",
    "inschakelen", "schakel", "aç", "etkinleştir", "включи", "включить", "включите",
    "увімкни", "увімкнути", "开启", "打开", "启用", "开一下", "オンにして", "オンに", "有効にして",
    "有効に", "켜", "켜줘", "켜 줘", "활성화", "شغّل", "شغل", "فعّل", "فعل", "تفعيل", "bật",
    "aktifkan", "nyalakan", "hidupkan", "zapni", "zapnout", "kapcsold be", "ota käyttöön",
    "slå på", "aktivera", "aktiver", "slå til", "הפעל", "चालू करो", "चालू करें",
)  # fmt: skip
"""how a task asks to switch something on ("Turn real-time protection back on")"""
ASK_OFF_64 = (
    "turn off", "switch off", "disable", "deactivate", "ausschalten", "deaktivieren",
    "désactive", "désactiver", "desactiva", "desactivar", "desativa", "desativar", "desliga",
    "disattiva", "spegni", "wyłącz", "uitschakelen", "zet uit", "kapat", "devre dışı",
    "выключи", "отключи", "вимкни", "关闭", "关掉", "停用", "オフにして", "無効にして", "꺼",
    "끄기", "비활성화", "أوقف", "عطّل", "tắt", "matikan", "nonaktifkan", "vypni", "slå av",
    "stäng av", "poista käytöstä", "kapcsold ki", "let", "allow", "through", "exception",
)  # fmt: skip
"""how a task asks to switch something off, or to let something through a protection"""
OFF_STATES_64 = (
    "off", "aus", "désactivé", "desactivado", "desativado", "disattivato", "deaktiviert",
    "uit", "kapalı", "wyłączone", "выкл", "выключено", "关", "关闭", "オフ", "끔", "tắt",
    "nonaktif", "vypnuto", "av", "pois päältä", "إيقاف", "disabled",
)  # fmt: skip
"""what a switch says while it is off: a click on it switches it on"""
MORE_PROTECTIONS_64 = (
    "2-step verification", "two-step verification", "two-factor authentication",
    "firewall", "real-time protection", "cloud-delivered protection", "tamper protection",
    "controlled folder access", "ransomware protection",
    "echtzeitschutz", "protección en tiempo real", "proteção em tempo real",
    "protezione in tempo reale", "ochrona w czasie rzeczywistym", "realtimebeveiliging",
    "gerçek zamanlı koruma", "защита в реальном времени", "实时保护", "リアルタイム保護",
    "실시간 보호", "الحماية في الوقت الحقيقي", "bảo vệ theo thời gian thực",
    "perlindungan real-time",
)  # fmt: skip
"""protections that are safer switched on, beside `lexicon_62b.PROTECTIONS_62B` and
`lexicon_63.TWO_STEPS_63` (not disk encryption: without its recovery key it locks the owner
out)"""

SENT_BY_64 = (
    "sent me", "sent to me", "send me", "recommended", "recommend", "in our chat",
    "in the chat", "shared with me", "forwarded me", "told me about", "empfohlen",
    "geschickt", "geschickt hat", "recomendó", "recomendou", "me mandó", "me envió",
    "me mandou", "me enviou", "m'a envoyé", "m'a recommandé", "conseillé", "mi ha mandato",
    "mi ha consigliato", "consigliato", "mi ha inviato", "polecił", "poleciła", "przysłał",
    "przysłała", "wysłał mi", "wysłała mi", "stuurde", "aangeraden", "gönderdi", "önerdi",
    "прислал", "прислала", "посоветовал", "посоветовала", "порекомендовал", "发给我", "发来的",
    "推荐的", "送ってくれた", "送られてきた", "教えてくれた", "勧めてくれた", "보내준", "추천한",
    "추천해 준", "gửi cho tôi", "giới thiệu", "rekomendasikan", "dikirim", "doporučil",
    "doporučila", "poslal mi", "poslala mi", "skickade", "rekommenderade", "sendte",
    "anbefalte", "anbefalede", "lähetti", "suositteli", "priporočil", "priporočila",
    "poslal", "poslala", "küldött", "ajánlott", "ajánlotta", "بعتهولي", "بعتلي", "بعتها",
    "أرسله", "أرسلها", "أرسل لي", "نصحني", "שלח לי", "שלחה לי", "המליץ", "המליצה", "भेजा",
    "भेजी", "सुझाया", "ส่งมา", "แนะนำ", "trimis", "recomandat", "στείλε", "έστειλε",
)  # fmt: skip
"""how a task says an address came from someone else: sent in a chat or recommended"""

REPORTS_64 = (
    "迷惑メールを報告", "迷惑メールとして報告", "スパムを報告", "フィッシングを報告",
    "报告垃圾邮件", "举报", "举报为垃圾邮件", "스팸 신고", "피싱 신고", "spam melden",
    "phishing melden", "als junk melden", "signaler un spam", "signaler comme spam",
    "signaler l'hameçonnage", "denunciar spam", "informar de spam", "reportar spam",
    "denunciar phishing", "segnala spam", "segnala come spam", "segnala phishing",
    "zgłoś spam", "zgłoś phishing", "spam rapporteren", "phishing melden",
    "spam olarak bildir", "bildir", "сообщить о спаме", "пожаловаться", "báo cáo spam",
    "laporkan spam", "الإبلاغ عن رسالة غير مرغوب فيها", "الإبلاغ عن تصيد", "דווח כספאם",
    "rapportera skräppost", "ilmoita roskapostiksi", "nahlásit spam",
)  # fmt: skip
"""what a button that reports a message as spam or phishing says: it opens none of its links"""

SEARCH_FIELDS_64 = (
    "search", "find", "filter", "搜索", "查找", "検索", "검색", "suchen", "rechercher",
    "recherche", "buscar", "pesquisar", "procurar", "cerca", "cerca password", "zoeken",
    "szukaj", "wyszukaj", "ara", "поиск", "найти", "пошук", "tìm", "tìm kiếm", "cari",
    "ค้นหา", "بحث", "ابحث", "חיפוש", "חפש", "खोजें", "खोज", "hledat", "haku", "hae", "sök",
    "søk", "søg", "keresés", "αναζήτηση",
)  # fmt: skip
"""what a search box's label says ("Search passwords", "पासवर्ड खोजें"): typed there, a site's
name only filters a list"""

CLEAR_FORMS_64 = (
    "clear form", "clear all answers", "reset form", "cancella modulo", "cancella risposte",
    "formular leeren", "formular zurücksetzen", "effacer le formulaire",
    "réinitialiser le formulaire", "borrar formulario", "limpiar formulario",
    "limpar formulário", "wyczyść formularz",
    "formulier wissen", "formu temizle", "очистить форму", "清除表单", "フォームをクリア",
    "양식 지우기", "xóa biểu mẫu", "hapus formulir", "مسح النموذج", "vymazat formulář",
)  # fmt: skip
"""what the button that empties a form's unsent answers says: nothing saved is deleted"""
ATTACHMENT_FILE_64 = re.compile(r"^\S.*\.[a-z][a-z0-9]{1,4}$", re.IGNORECASE)
"""an attachment's file name beside its "Remove" ("old_lease.pdf")"""
DRAFT_MARKS_64 = ("to", "subject", "draft", "drafts", "send", "discard draft", "betreff",
                  "para", "asunto", "objet", "oggetto", "收件人", "主题", "宛先",
                  "件名", "받는 사람", "제목", "кому", "тема")  # fmt: skip
"""what a message being written shows around its attachments"""

MAC_APPS_64 = (
    "safari", "finder", "macos", "mac os", "os x", "xcode", "keynote", "apple mail",
    "preview", "textedit", "system settings (macos)", "system preferences",
)  # fmt: skip
"""apps that run only on a Mac, where Cmd+R reloads (Win+R opens the Run box on Windows)"""
CLEAR_DATA_ASKS_64 = (
    "clear-browsing-data", "clear browsing data", "browsing data", "clear browsing history",
    "browserdaten", "browserdaten löschen", "données de navigation", "datos de navegación",
    "dados de navegação", "dati di navigazione", "browsegegevens", "dane przeglądania",
    "tarama verileri", "данные браузера", "историю браузера", "浏览数据", "閲覧履歴データ",
    "인터넷 사용 기록", "dữ liệu duyệt web", "data penjelajahan", "بيانات التصفح",
)  # fmt: skip
"""what a task calls the window that Ctrl+Shift+Delete opens"""

COMMITS_64: dict[str, tuple[str, ...]] = {
    "financial-transaction": (
        "还款", "立即还款", "马上还款", "还清", "返済する", "今すぐ返済", "상환하기", "즉시 상환",
        "repay", "repay now", "jetzt tilgen", "rembourser maintenant", "spłać", "spłać teraz",
        "погасить", "погасить сейчас", "trả nợ ngay", "bayar tagihan", "سدد الآن",
    ),
    "delete-file": (
        "העברה לאשפה", "העבר לאשפה", "העברה לפח", "نقل إلى سلة المهملات", "نقل إلى المهملات",
        "移至垃圾桶", "移到垃圾桶", "ゴミ箱に移動", "휴지통으로 이동", "переместить в корзину",
        "przenieś do kosza", "mettre à la corbeille", "mover a la papelera",
        "mover para a lixeira", "sposta nel cestino", "chuyển vào thùng rác",
        "pindahkan ke sampah", "ย้ายไปที่ถังขยะ", "přesunout do koše",
    ),
    "irreversible-submit": (
        "presentar solicitud", "presentar la solicitud", "registrar solicitud",
        "déposer la demande", "soumettre la demande", "antrag einreichen", "antrag absenden",
        "presenta domanda", "invia domanda", "submeter candidatura", "aanvraag indienen",
        "başvuruyu gönder", "申請する", "신청서 제출", "nộp đơn", "ajukan permohonan",
    ),
}  # fmt: skip
"""commit words by category (`lexicon.COMMIT_WORDS`): repaying a bill or a loan, moving items
to the trash, filing an application"""
