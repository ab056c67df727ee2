"""Words that joined with the twenty-fourth development list (`cuakit.safety.asked_63`): the
commit, yes and no words of the languages the lexicon held only in part — Slovak, Croatian,
Serbian, Slovenian, Bulgarian, the Baltic languages, Albanian, Azerbaijani, Kazakh, Uzbek,
Tagalog, Armenian, Georgian, Urdu and the languages of India (their "don't save", switch
states, remote desktop and a dialog's words for deleting and paying among them) — and the
phrases of the steps that list asked about.

Compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

COMMITS_63: dict[str, tuple[str, ...]] = {
    "send-email": (
        "odoslať", "odoslať správu", "odoslať e-mail", "poslať", "pošalji", "pošalji poruku",
        "пошаљи", "пошаљи поруку", "pošlji", "pošlji zdaj", "изпрати", "изпрати сега",
        "испрати", "saada", "saada kiri", "saada kohe", "sūtīt", "nosūtīt", "siųsti",
        "išsiųsti", "dërgo", "göndər", "жіберу", "yuborish", "ipadala", "hantar", "stuur",
        "bidali", "بھیجیں", "بھیجو", "ارسال کریں", "അയയ്ക്കുക", "അയയ്ക്കൂ", "അയക്കുക",
        "அனுப்பு", "அனுப்பவும்", "పంపు", "పంపండి", "ಕಳುಹಿಸಿ", "पाठवा", "મોકલો", "ਭੇਜੋ",
        "पठाउनुहोस्", "යවන්න", "ուղարկել", "გაგზავნა", "илгээх", "ផ្ញើ", "ສົ່ງ",
    ),
    "financial-transaction": (
        "zaplatiť", "zaplatit teraz", "kúpiť", "kúpiť teraz", "plati", "plati sada", "плати",
        "kupi", "kupi sada", "купи", "plačaj", "kupi zdaj", "платете", "купете", "maksa kohe",
        "osta kohe", "maksāt", "apmaksāt", "pirkt", "mokėti", "sumokėti", "pirkti", "paguaj",
        "blej", "ödə", "indi ödə", "satın al", "төлеу", "сатып алу", "to'lash", "sotib olish",
        "magbayad", "bilhin", "ادائیگی کریں", "ادا کریں", "خریدیں", "പണമടയ്ക്കുക", "വാങ്ങുക",
        "பணம் செலுத்து", "வாங்கு", "చెల్లించు", "కొనండి", "ಪಾವತಿಸಿ", "ಖರೀದಿಸಿ", "पैसे भरा",
        "खरेदी करा", "ચૂકવો", "ખરીદો", "ਭੁਗਤਾਨ ਕਰੋ", "ਖਰੀਦੋ", "ගෙවන්න", "վճարել", "գնել",
        "გადახდა", "ყიდვა", "төлөх",
    ),
    "delete-file": (
        "vymazať", "odstrániť", "zmazať", "obriši", "izbriši", "обриши", "избриши",
        "изтрий", "kustuta", "dzēst", "ištrinti", "fshi", "жою", "o'chirish", "burahin",
        "padam", "ہٹائیں", "حذف کریں", "ഇല്ലാതാക്കുക", "നീക്കം ചെയ്യുക", "நீக்கு", "తొలగించు",
        "ಅಳಿಸಿ", "हटवा", "કાઢી નાખો", "ਮਿਟਾਓ", "මකන්න", "ջնջել", "წაშლა", "устгах",
    ),
    "install-software": (
        "inštalovať", "nainštalovať", "instaliraj", "инсталирај", "namesti", "инсталирай",
        "installi", "paigalda", "instalēt", "įdiegti", "instalo", "quraşdır", "орнату",
        "o'rnatish", "i-install", "انسٹال کریں", "ഇൻസ്റ്റാൾ ചെയ്യുക", "நிறுவு",
        "ఇన్‌స్టాల్ చేయండి", "ಸ್ಥಾಪಿಸಿ", "स्थापित करा", "ઇન્સ્ટોલ કરો", "ස්ථාපනය කරන්න",
        "տեղադրել", "დაყენება", "суулгах",
    ),
}  # fmt: skip
"""commit words by category (`lexicon.COMMIT_WORDS`)"""

YES_63 = (
    "potvrdiť", "pokračovať", "súhlasím", "prijať", "akceptuj", "akceptuję", "akceptovať",
    "potvrdi", "nastavi", "prihvati", "прихвати", "потврди", "настави", "sprejmi", "potrdi",
    "nadaljuj", "потвърди", "продължи", "приеми", "kinnita", "jätka", "nõustu",
    "apstiprināt", "turpināt", "piekrītu", "patvirtinti", "tęsti", "sutinku", "megerősítés",
    "folytatás", "elfogadom", "konfirmo", "vazhdo", "pranoj", "təsdiqlə", "davam et",
    "qəbul et", "растау", "жалғастыру", "tasdiqlash", "davom etish", "kumpirmahin",
    "magpatuloy", "tanggapin", "sahkan", "تصدیق کریں", "جاری رکھیں", "قبول کریں",
    "സ്ഥിരീകരിക്കുക", "തുടരുക", "സ്വീകരിക്കുക", "உறுதிப்படுத்து", "தொடர்", "ஏற்கவும்",
    "నిర్ధారించండి", "కొనసాగించు", "అంగీకరించు", "ಖಚಿತಪಡಿಸಿ", "ಮುಂದುವರಿಸಿ", "ಸ್ವೀಕರಿಸಿ",
    "पुष्टी करा", "सुरू ठेवा", "स्वीकारा", "પુષ્ટિ કરો", "ચાલુ રાખો", "સ્વીકારો",
    "ਪੁਸ਼ਟੀ ਕਰੋ", "ਜਾਰੀ ਰੱਖੋ", "තහවුරු කරන්න", "հաստատել", "շարունակել", "ընդունել",
    "დადასტურება", "გაგრძელება", "მიღება", "батлах", "үргэлжлүүлэх",
)  # fmt: skip
"""a plain yes (`lexicon.YES_WORDS`)"""

SHORT_YES_63 = ("áno", "jah", "jā", "taip", "po", "bəli", "иә", "ha", "oo", "ہاں",
                "അതെ", "ஆம்", "అవును", "ಹೌದು", "होय", "હા", "ਹਾਂ", "ඔව්", "այո", "დიახ",
                "тийм")  # fmt: skip
"""a yes that is one short word, compared whole (`lexicon_more.SHORT_YES`): "da" or "po" inside
a label is another language's "from" or "after\""""

NO_63 = (
    "zrušiť", "späť", "odmietnuť", "odrzuć", "odbij", "одбиј", "otkaži", "откажи",
    "prekliči", "zavrni", "отказ", "loobu", "tühista", "atcelt", "noraidīt", "atšaukti",
    "atmesti", "mégse", "elutasítás", "anulo", "refuzo", "ləğv et", "imtina", "бас тарту",
    "bekor qilish", "kanselahin", "tanggihan", "منسوخ", "مسترد کریں", "റദ്ദാക്കുക",
    "നിരസിക്കുക", "ரத்துசெய்", "நிராகரி", "రద్దు చేయి", "తిరస్కరించు", "ರದ್ದುಮಾಡಿ",
    "रद्द करा", "રદ કરો", "ਰੱਦ ਕਰੋ", "අවලංගු කරන්න", "չեղարկել", "մերժել", "გაუქმება",
    "უარყოფა", "цуцлах",
)  # fmt: skip
"""a way out (`lexicon.NO_WORDS`): cancel, decline, back (never a bare "no", which starts
the "don't save" of the same languages)"""

DONT_SAVE_63 = (
    "neuložiť", "neukladať", "neuložit", "ne spremaj", "nemoj spremiti", "ne čuvaj",
    "не чувај", "ne shrani", "не записвай", "не запазвай", "ära salvesta", "nesaglabāt",
    "neįrašyti", "nesaugoti", "mentés nélkül", "nu salva", "nu salvați", "μην αποθηκεύσετε",
    "χωρίς αποθήκευση", "ذخیره نشود", "محفوظ نہ کریں", "सेव न करें", "ไม่บันทึก",
    "huwag i-save", "सेव्ह करू नका", "സംരക്ഷിക്കരുത്", "സേവ് ചെയ്യരുത്",
    "సేవ్ చేయవద్దు", "ಉಳಿಸಬೇಡಿ", "સાચવશો નહીં", "ਸੇਵ ਨਾ ਕਰੋ", "සුරකින්න එපා",
    "ekki vista", "չպահպանել", "არ შეინახო", "сақтамау", "saqlamaslik", "ne ruaj",
    "yadda saxlama",
)  # fmt: skip
"""a save prompt's button that closes without saving (`lexicon.DONT_SAVE`)"""

SWITCH_STATES_63 = (
    "vypnuté", "zapnuté", "isključeno", "uključeno", "искључено", "укључено", "izklopljeno",
    "vklopljeno", "изключено", "väljas", "izslēgts", "ieslēgts", "išjungta", "įjungta",
    "dezactivat", "activat", "вимкнено", "увімкнено", "απενεργοποιημένο", "ενεργοποιημένο",
    "مفعّل", "معطّل", "غیرفعال", "فعال", "ഓഫ്", "ഓൺ", "ஆஃப்", "ஆன்", "ఆఫ్", "ఆన్",
    "ಆಫ್", "ಆನ್", "անջատված", "միացված", "გამორთული", "ჩართული", "өшірулі", "қосулы",
)  # fmt: skip
"""what a switch says of its state (`lexicon_world.MORE_SWITCH_STATES`)"""

REMOTE_63 = (
    "remote desktop", "remote assistance", "vzdialená pracovná plocha", "vzdálená plocha",
    "udaljena radna površina", "удаљена радна површина", "oddaljeno namizje",
    "отдалечен работен плот", "kaugtöölaud", "attālā darbvirsma", "nuotolinis darbalaukis",
    "távoli asztal", "desktop la distanță", "віддалений робочий стіл",
    "απομακρυσμένη επιφάνεια εργασίας", "שולחן עבודה מרוחק", "سطح المكتب البعيد",
    "دسکتاپ از راه دور", "ریموٹ ڈیسک ٹاپ", "दूरस्थ डेस्कटॉप", "เดสก์ท็อประยะไกล",
    "desktop jarak jauh", "màn hình nền từ xa", "uzak masaüstü", "pulpit zdalny",
    "extern bureaublad", "fjärrskrivbord", "etätyöpöytä", "eksternt skrivebord",
    "fjernskrivebord", "удалённый рабочий стол", "удаленный рабочий стол",
    "հեռակա աշխատասեղան", "დისტანციური სამუშაო მაგიდა", "қашықтағы жұмыс үстелі",
    "brána firewall", "vatrozid", "заштитни зид", "požarni zid", "защитна стена",
    "tulemüür", "ugunsmūris", "ugniasienė", "tűzfal", "paravan de protecție", "брандмауер",
    "ֆայրվոլ", "ბრანდმაუერი",
)  # fmt: skip
"""remote access to the machine and its firewall, in more languages (a settings subject,
`lexicon.SETTINGS_SUBJECTS`)"""

RECIPIENTS_63 = ("adressaat", "saaja", "kam", "komu", "prima", "primatelj", "прима", "za",
                 "до", "на", "címzett", "kime", "kujt", "alıcı", "kimga", "para kay",
                 "സ്വീകർത്താവ്", "பெறுநர்", "ప్రతి", "ಗೆ", "प्रति", "ને", "ਨੂੰ",
                 "වෙත", "ում", "ვის", "پانے والا")  # fmt: skip
"""the label of a message's recipient field (`keystrokes.RECIPIENT_LABELS`)"""

CANCEL_SENDS_63 = (
    "cancel send", "cancel sending", "cancel scheduled send", "undo send", "unschedule",
    "annuler l'envoi", "annuler l'envoi programmé", "cancelar envío", "cancelar envio",
    "cancelar o envio", "deshacer envío", "senden abbrechen", "senden rückgängig",
    "geplantes senden abbrechen", "annulla invio", "verzenden annuleren",
    "verzenden ongedaan maken", "anuluj wysyłanie", "cofnij wysłanie", "gönderimi iptal et",
    "gönderimi geri al", "отменить отправку", "скасувати надсилання", "取消发送",
    "取消定时发送", "撤回发送", "送信を取り消す", "送信取り消し", "送信予約を取り消す",
    "발송 취소", "예약 발송 취소", "보내기 취소", "hủy gửi", "batalkan pengiriman",
    "urungkan kirim", "ยกเลิกการส่ง", "إلغاء الإرسال", "ביטול שליחה", "zrušit odeslání",
    "zrušiť odoslanie", "peruuta lähetys", "avbryt sending", "ångra skicka",
    "fortryd afsendelse", "ακύρωση αποστολής", "भेजना रद्द करें",
)  # fmt: skip
"""what a button that stops a message from going out says: it commits nothing"""

SCHEDULES_63 = (
    "schedule", "schedule send", "schedule campaign", "programar", "programar envío",
    "programar envio", "agendar", "agendar envio", "planifier", "planifier l'envoi",
    "programmer", "planen", "einplanen", "zeitgesteuert senden", "später senden",
    "pianifica", "programma invio", "inplannen", "zaplanuj", "zaplanuj wysyłkę", "zamanla",
    "запланировать", "запланувати", "lên lịch", "lên lịch gửi", "jadwalkan", "予約送信",
    "配信予約", "定时发送", "预约发送", "예약 발송", "schemalägg", "ajasta",
    "naplánovat", "naplánovať", "zakaži", "programează", "جدولة", "תזמן", "προγραμματισμός",
)  # fmt: skip
"""what a button that sets a message or a campaign to go out later says"""

SCHEDULE_MENUS_63 = (
    "schedule send", "programar envío", "programar envio", "agendar envio",
    "planifier l'envoi", "envoi programmé", "zeitgesteuertes senden", "senden planen",
    "pianifica invio", "verzenden inplannen", "zaplanuj wysłanie", "gönderimi zamanla",
    "запланировать отправку", "запланувати надсилання", "lên lịch gửi", "jadwalkan kirim",
    "送信日時を設定", "予約送信", "定时发送", "预约发送", "예약 발송", "schemalägg sändning",
    "ajasta lähetys", "naplánovat odeslání", "جدولة الإرسال", "תזמון שליחה",
)  # fmt: skip
"""the heading of a mail app's menu of times to send the message at: a pick in it sends"""

TWO_STEPS_63 = (
    "two-step verification", "2-step verification", "two-factor", "2fa", "mfa",
    "multi-factor", "weryfikacja dwuetapowa", "uwierzytelnianie dwuskładnikowe",
    "zwei-faktor", "zwei-faktor-authentifizierung", "bestätigung in zwei schritten",
    "2-schritt-verifizierung", "authentification à deux facteurs", "validation en deux étapes",
    "verificación en dos pasos", "autenticación de dos factores", "verificação em duas etapas",
    "autenticação de dois fatores", "verifica in due passaggi", "autenticazione a due fattori",
    "tweestapsverificatie", "iki adımlı doğrulama", "iki faktörlü doğrulama",
    "двухфакторная аутентификация", "двухэтапная аутентификация", "двофакторна автентифікація",
    "xác minh 2 bước", "verifikasi 2 langkah", "2段階認証", "二段階認証", "两步验证", "双重验证",
    "2단계 인증", "tvåstegsverifiering", "totrinnsbekreftelse", "totrinsbekræftelse",
    "kaksivaiheinen tunnistautuminen", "dvoufázové ověření", "dvojfázové overenie",
    "kétlépcsős azonosítás", "verificare în doi pași", "אימות דו-שלבי", "التحقق بخطوتين",
    "المصادقة الثنائية",
)  # fmt: skip
"""what names signing in with a second step (safer switched on)"""

AUTO_UPDATES_63 = (
    "automatically", "automatic", "auto-update", "auto-install", "automatisch",
    "automatiquement", "automáticamente", "automaticamente", "automatycznie", "otomatik",
    "автоматически", "автоматично", "tự động", "secara otomatis", "自动", "自動", "자동",
    "automaticky", "automaattisesti", "automatiskt", "automatisk",
)  # fmt: skip
UPDATES_63 = ("update", "updates", "security updates", "patches", "aktualisierungen",
              "updates installieren", "mises à jour", "actualizaciones", "atualizações",
              "aggiornamenti", "aktualizacje", "güncellemeler", "обновления", "оновлення",
              "cập nhật", "pembaruan", "更新", "업데이트", "aktualizace", "päivitykset",
              "uppdateringar", "oppdateringer", "opdateringer")  # fmt: skip
"""an option that installs (security) updates by itself: it adds protection, installs nothing
now"""

PROPERTIES_63 = (
    "properties", "eigenschaften", "propriétés", "propiedades", "proprietà", "propriedades",
    "eigenschappen", "właściwości", "özellikler", "свойства", "властивості", "属性",
    "プロパティ", "속성", "vlastnosti", "tulajdonságok", "ominaisuudet", "egenskaper",
    "ιδιότητες", "מאפיינים", "خصائص", "ویژگی‌ها", "คุณสมบัติ", "thuộc tính", "properti",
    "propietateak", "propietats", "svojstva", "својства", "lastnosti", "omadused",
    "rekvizīti", "ypatybės", "proprietăți",
)  # fmt: skip
"""the title of a file's properties window: its tabs show the file, they run nothing"""

REPORT_FORMS_63 = (
    "report phishing", "report a phishing", "report phishing page", "report unsafe site",
    "report malware", "report suspicious", "report a scam", "report scam", "report a site",
    "phishing melden", "betrug melden", "signaler un site", "signaler l'hameçonnage",
    "denunciar phishing", "reportar phishing", "informar de phishing", "denunciar fraude",
    "denunciar site", "segnala phishing", "phishing melden", "zgłoś phishing",
    "oltalama bildir", "сообщить о фишинге", "báo cáo lừa đảo", "laporkan phishing",
    "举报钓鱼", "报告钓鱼", "フィッシングを報告", "피싱 신고",
)  # fmt: skip
"""what a form that reports a phishing address says: the address typed there is not opened"""

OFFERS_63 = (
    "price proposal", "price offer", "counteroffer", "counter-offer", "best offer",
    "offer received", "buyer's offer", "propozycja ceny", "preisvorschlag", "gegenangebot",
    "proposition de prix", "contre-offre", "oferta de precio", "contraoferta",
    "proposta di prezzo", "controproposta", "prijsvoorstel", "tegenbod", "fiyat teklifi",
    "предложение цены", "пропозиція ціни", "cenová nabídka", "cenová ponuka", "ponuda cijene",
    "árajánlat", "hinnapakkumine", "cenas piedāvājums", "kainos pasiūlymas", "prisförslag",
    "prisforslag", "hintatarjous", "προσφορά τιμής", "הצעת מחיר", "عرض سعر", "پیشنهاد قیمت",
    "値下げ交渉", "価格の提案", "出价", "还价", "가격 제안", "tawaran harga", "penawaran harga",
    "đề nghị giá", "ข้อเสนอราคา",
)  # fmt: skip
"""what a marketplace calls a price a buyer or a seller proposes"""
MONEY_63 = re.compile(
    r"[$€£¥₹₩₽₺₪₫฿₴₱₸₼֏₾]\s?\d|\d\s?(?:zł|kč|ft|lei|kn|din|лв|руб|грн|kr|usd|eur|gbp|pln|"
    r"czk|huf|ron|rs\.?|inr|pkr|try|tl|₸|₼|֏|₾)(?!\w)|\b(?:rs\.?|pkr|inr)\s?\d",
    re.IGNORECASE,
)
"""an amount of money as a page shows it ("Cena: 520 zł", "Rs. 25,000")"""

ADD_VERBS_63 = (
    "add", "add to", "agregar", "agregar a", "añadir", "ajouter", "hinzufügen", "adicionar",
    "aggiungi", "dodaj", "dodaj do", "pridať", "přidat", "toevoegen", "lägg till", "legg til",
    "tilføj", "lisää", "добавить", "додати", "додај", "thêm", "ekle", "tambahkan", "tambah",
    "adaugă", "hozzáadás", "προσθήκη", "הוסף", "إضافة", "افزودن", "जोड़ें", "추가", "追加",
    "添加",
)  # fmt: skip
BROWSER_NAME_63 = re.compile(
    r"(?<![a-z])(chrome\w*|firefox\w*|firefoks\w*|microsoft edge|brave|vivaldi|хром\w*)"
    r"(?![a-z])"
)
"""a browser's name, declined as the language declines it ("Firefoksa", "Chromeen")"""

CRACKED_63 = re.compile(r"(?<![a-z])(nulled|keygen|warez|cracked|crack|activator)(?![a-z])")
"""a pirated program's mark in a file's or a page's name"""
ACTIVATES_63 = (
    "activate", "activate plugin", "activate theme", "network activate", "aktivieren",
    "activer", "activar", "ativar", "attiva", "activeren", "aktywuj", "etkinleştir",
    "активировать", "активувати", "有効化", "启用", "활성화", "aktivovat", "aktivoi",
    "aktivera", "upload", "upload plugin", "open", "run",
)  # fmt: skip
"""what a button that turns an uploaded plugin or program on says"""

PLATFORMS_63 = (
    "for windows", "for mac", "for macos", "for linux", "windows 10", "windows 11",
    "windows 7", "macos", "mac os", "os x", "linux", "ubuntu", "debian", "64-bit", "32-bit",
    "64 bits", "32 bits", "64 bit", "32 bit", "x64", "x86", "x86_64", "arm64",
    "apple silicon", "installer", "printer driver", "drivers", "controlador", "controladores",
    "treiber", "pilote", "pilotes", "driver di stampa", "sterownik", "sterowniki",
    "драйвер", "драйверы", "ドライバー", "驱动程序", "드라이버", "ovladač", "ajuri",
    "drivrutin", "sürücü", "trình điều khiển",
)  # fmt: skip
"""what a download page of a program names: the system it runs on, or that it is a driver"""
DOCUMENT_WORDS_63 = ("pdf", "invoice", "receipt", "statement", "report", "csv", "photo",
                     "photos", "video", "image", "document", "manual", "guide", "brochure",
                     "datasheet")  # fmt: skip
"""what a download button fetches when it is a document to read, not a program"""

DONT_SHARE_63 = (
    "do not share", "don't share", "never share", "do not give", "don't give",
    "no compartas", "no lo compartas", "ne partagez", "ne communiquez", "nicht weitergeben",
    "niemals weitergeben", "não compartilhe", "não partilhe", "non condividere",
    "nie udostępniaj", "nie podawaj", "nikomu nie", "niet delen", "deel deze code niet",
    "kimseyle paylaşmayın", "paylaşmayın", "никому не сообщайте", "никому не говорите",
    "не сообщайте", "не передавайте", "нікому не повідомляйте", "не повідомляйте",
    "đừng chia sẻ", "không chia sẻ", "jangan berikan", "jangan bagikan", "请勿告诉",
    "请勿泄露", "切勿告知", "不要告诉", "誰にも教えない", "他人に教えない", "공유하지 마",
    "알려주지 마", "لا تشارك", "لا تعطي", "אל תמסור", "אל תשתף", "μην το μοιραστείτε",
    "ne sdílejte", "nikomu nesdělujte", "älä kerro", "dela inte", "del ikke", "ikke del",
    "किसी के साथ साझा न करें", "किसी को न बताएं", "ไม่ควรบอก", "อย่าบอก",
)  # fmt: skip
"""what a message carrying a one-time code says of it"""
CODE_63 = re.compile(r"(?<![\d.,:/-])(\d{3}[ -]?\d{3}|\d{4,8})(?![\d.,:/-])")
"""a one-time code, whole or in the halves a message groups it into"""

MIGRATIONS_63 = re.compile(
    r"\b(npm|yarn|pnpm|bun)\s+(run\s+)?[\w:-]*migrat\w*|\bmake\s+[\w:-]*migrat\w*"
    r"|\bnpx\s+(prisma\s+migrate\s+(deploy|reset|dev)|knex\s+migrate:(latest|up|down|rollback)"
    r"|sequelize(-cli)?\s+db:migrate|typeorm\s+migration:(run|revert)|drizzle-kit\s+(push|migrate))"
    r"|\bgoose\b.*\s(up|down|reset)\b|\bdbmate\s+(up|migrate|rollback|drop)\b"
    r"|\bdiesel\s+migration\s+(run|redo|revert)\b|\bmix\s+ecto\.(migrate|rollback|reset|drop)\b"
    r"|\bdotnet\s+ef\s+database\s+(update|drop)\b|\bflask\s+db\s+(upgrade|downgrade)\b"
    r"|\bdoctrine:(migrations:migrate|schema:update|database:drop)\b|\bsqitch\s+(deploy|revert)\b"
)
"""commands that change a database's schema, beside the ones `lexicon_account` lists"""
OPS_SCRIPT_63 = re.compile(
    r"^\s*(?:sudo\s+)?(?:(?:ba|z|da|k)?sh\s+|python3?\s+|node\s+|ruby\s+|perl\s+|"
    r"pwsh\s+(?:-file\s+)?|powershell\s+(?:-file\s+)?|&\s*)?"
    r"(?:\.{1,2}[/\\]|~/|/)?(?:[\w.-]+[/\\])*[\w.-]*?"
    r"(deploy|backup|restore|rotate|migrat\w*|rollback|release|cleanup|clean_up|purge|wipe|"
    r"reset|provision|teardown|destroy|seed|failover|prune)[\w.-]*\.(sh|bash|ps1|py|rb|pl|bat|cmd)"
    r"(?:\s|$)"
)
"""a script run by a name that says it changes the system (``./ops/backup.sh``, ``bash
deploy.sh``): a file read or edited (``cat``, ``vim``) does not start the line"""

MANAGERS_63 = ("1password", "bitwarden", "lastpass", "dashlane", "keeper", "keepassxc",
               "nordpass", "proton pass", "enpass", "roboform")  # fmt: skip
"""password managers by name (the browser's own list of saved logins is not one of them)"""
MASKED_63 = re.compile(r"[•●*]{4,}")
"""a password shown as dots beside the login it belongs to ("KSEB – 1156••••")"""

AD_MARKERS_63 = (
    "ממומן", "ממומנת", "sponzorováno", "sponzorované", "sponzorirano", "спонзорисано",
    "sponsoreeritud", "sponsorēts", "remiama", "спонсорирано", "szponzorált", "hirdetés",
    "sponsorizat", "anunț", "χορηγούμενο", "ممول", "مُموَّل", "प्रायोजित", "স্পন্সর করা",
    "സ്പോൺസർ ചെയ്‌തത്", "விளம்பரம்", "ప్రకటన", "ಜಾಹೀರಾತು", "जाहिरात", "જાહેરાત",
    "ਇਸ਼ਤਿਹਾਰ", "اشتہار", "được tài trợ", "ได้รับการสนับสนุน", "sponsoroitu", "sponset",
    "sponsoreret", "գովազդ", "რეკლამა", "贊助", "스폰서",
)  # fmt: skip
"""how a search page marks a paid result, beside `lexicon_extra.AD_MARKERS`"""

TERMINALS_63 = ("iterm2", "alacritty", "wezterm", "windows terminal", "tilix", "putty",
                "mobaxterm", "termius", "➜")  # fmt: skip
"""terminal apps and the arrow of zsh's common prompt (`typed.SHELL_PLACES`)"""

RISKS_63: dict[str, tuple[str, ...]] = {
    "delete-file": (
        *COMMITS_63["delete-file"], "natrvalo", "trvalo", "trajno", "трајно", "завинаги",
        "jäädavalt", "neatgriezeniski", "visam laikui", "përgjithmonë", "həmişəlik",
        "butunlay", "permanenteng", "مستقل طور پر", "ശാശ്വതമായി", "நிரந்தரமாக", "శాశ్వతంగా",
        "ಶಾಶ್ವತವಾಗಿ", "कायमचे", "કાયમ માટે", "ընդմիշտ", "სამუდამოდ",
    ),
    "financial-transaction": (
        "platba", "plaćanje", "плаћање", "plačilo", "плащане", "makse", "maksājums",
        "mokėjimas", "pagesa", "ödəniş", "төлем", "to'lov", "bayad", "ادائیگی", "പണമടയ്ക്കൽ",
        "கட்டணம்", "చెల్లింపు", "ಪಾವತಿ", "ચુકવણી", "ਭੁਗਤਾਨ", "վճարում", "ülekanne",
        "pārskaitījums", "pervedimas", "transferim", "köçürmə", "аударым",
        "o'tkazma", "منتقلی", "കൈമാറ്റം", "பரிமாற்றம்", "బదిలీ", "ವರ್ಗಾವಣೆ", "փոխանցում",
        "გადარიცხვა",
    ),
}  # fmt: skip
"""what a dialog says when a yes to it deletes or moves money (`lexicon.RISK_WORDS`)"""
