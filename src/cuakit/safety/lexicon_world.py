"""The rule words of `cuakit.safety.lexicon` in the languages it did not yet hold — Vietnamese,
Thai, Russian, Swedish, Danish, Norwegian, Finnish, Greek, Hebrew, Czech, Swahili, Persian — and
the ones it held only in part (Japanese, Korean, Hindi, Indonesian, Turkish, Polish, Dutch …).
Kept apart so that `lexicon` stays readable; `lexicon` adds each tuple here to its own. Phrases
are written as they are spelled; `lexicon.has` compares them in the form `lexicon.normal` gives
screen text."""

from __future__ import annotations

from cuakit.safety import lexicon_63 as w63
from cuakit.safety import lexicon_64 as w64
from cuakit.safety import lexicon_64b as w64b
from cuakit.safety import lexicon_account as acct
from cuakit.safety import lexicon_asks as asks
from cuakit.safety import lexicon_remote as remote
from cuakit.safety import lexicon_steps as steps
from cuakit.safety.lexicon_62 import (
    INSTALLS_62,
    NOT_COMMITS_62,
    SETTINGS_SUBJECTS_62,
    SETTINGS_VERBS_62,
)

MORE_COMMIT_WORDS: dict[str, tuple[str, ...]] = {
    "financial-transaction": (
        "s'abonner", "abonnieren", "jetzt abonnieren", "suscribirse", "suscribirme", "abbonati",
        "abbonarsi", "assinar agora", "abonneren", "subskrybuj", "abone ol", "berlangganan",
        "订阅", "立即订阅", "購読する", "구독", "구독하기", "подписаться", "оформить подписку",
        "купить", "оплатить сейчас", "thanh toán", "thanh toán ngay", "mua ngay", "chuyển tiền",
        "đăng ký gói", "ชำระเงิน", "ซื้อ", "ซื้อเลย", "โอนเงิน", "สมัครสมาชิก",
        "sekarang bayar", "abonelik başlat", "выполнить перевод",
        # Nordic, Finnish, Greek, Hebrew, Czech; a Japanese order placed ("発注")
        "betala", "betala nu", "köp", "köp nu", "slutför köpet", "betal", "betal nu", "køb",
        "køb nu", "kjøp", "kjøp nå", "maksa", "maksa nyt", "osta", "osta nyt", "vahvista maksu",
        "πληρωμή", "πληρωμή τώρα", "πλήρωσε", "αγορά", "αγορά τώρα", "εκτέλεση",
        "εκτέλεση πληρωμής", "εκτέλεση μεταφοράς", "שלם", "שלם עכשיו", "לתשלום", "קנה",
        "קנה עכשיו", "ביצוע העברה", "zaplatit", "koupit", "発注", "注文する",
        # Swahili, Persian and Polish
        "lipa", "lipa sasa", "nunua", "nunua sasa", "hamisha", "hamisha pesa",
        "thibitisha uhamisho", "thibitisha malipo", "tuma pesa", "پرداخت", "پرداخت کنید",
        "خرید", "انتقال وجه", "تأیید پرداخت", "zamów", "zamawiam i płacę", "kupuję",
        "złóż zamówienie", "zlecam przelew", "wykonaj przelew",
        # Bengali and Ukrainian
        "পেমেন্ট করুন", "অর্থপ্রদান করুন", "কিনুন", "এখনই কিনুন", "টাকা পাঠান", "оплатити",
        "купити", "переказати", "надіслати переказ",
        # a bank transfer confirmed in Italian, French, German, Spanish, Dutch and Polish
        "conferma bonifico", "esegui bonifico", "invia bonifico", "autorizza bonifico",
        "conferma pagamento", "conferma e paga", "confirmer le virement", "valider le virement",
        "effectuer le virement", "überweisung bestätigen", "realizar transferencia",
        "overboeking bevestigen", "zatwierdź przelew", "potwierdź przelew",
        *steps.ORDER_WORDS, *steps.ROMANIAN_COMMITS["financial-transaction"],
        *acct.ORDER_CONFIRMS, *w63.COMMITS_63["financial-transaction"],
        *w64.COMMITS_64["financial-transaction"], *w64b.COMMITS_64B["financial-transaction"],
    ),
    "send-email": (
        "gửi", "gửi ngay", "ส่ง", "ส่งข้อความ", "послать", "skicka", "skicka nu", "send nå",
        "lähetä", "lähetä nyt", "αποστολή", "στείλε", "שלח", "שליחה", "odeslat", "tuma",
        "tuma sasa", "ارسال", "ارسال کنید", "بفرست", "prześlij", *w63.COMMITS_63["send-email"],
        "পাঠান", "পাঠিয়ে দিন", "надіслати", *steps.ROMANIAN_COMMITS["send-email"], *asks.SEND_WORDS,
    ),
    "delete-file": (
        "xóa", "xoá", "xóa vĩnh viễn", "xoá vĩnh viễn", "chuyển vào thùng rác",
        "ลบ", "ลบถาวร", "ย้ายไปที่ถังขยะ", "ย้ายไปถังขยะ", "удалить навсегда",
        "переместить в корзину", "очистить корзину", "ゴミ箱を空に",
        "휴지통 비우기", "영구 삭제", "buang ke sampah", "pindahkan ke sampah",
        "çöp kutusuna taşı", "przenieś do kosza", "naar prullenbak verplaatsen",
        "कचरे में डालें", "स्थायी रूप से हटाएं", "radera", "ta bort", "slett", "slet", "poista",
        "poista pysyvästi", "διαγραφή", "μόνιμη διαγραφή", "מחק", "מחיקה", "smazat",
        "futa", "futa kabisa", "پاک کردن", "حذف دائمی",
        # Czech, Bengali, Ukrainian: deleting and emptying the trash
        "odstranit", "smazat trvale", "trvale smazat", "trvale odstranit", "vysypat koš",
        "vyprázdnit koš", "přesunout do koše", "মুছুন", "মুছে ফেলুন", "স্থায়ীভাবে মুছুন",
        "видалити", "видалити назавжди", "очистити кошик", "töm papperskorgen",
        "kosongkan sampah", *steps.ROMANIAN_COMMITS["delete-file"], *w63.COMMITS_63["delete-file"],
        *w64.COMMITS_64["delete-file"], *w64b.COMMITS_64B["delete-file"],
    ),
    "install-software": (
        "установить", "установить расширение", "cài đặt ngay", "thêm vào chrome",
        "ติดตั้ง", "เพิ่มใน chrome", "pasang sekarang", "instal",
        "zainstaluj", "इंस्टॉल करें", "installera", "asenna", "εγκατάσταση", "התקן",
        "nainstalovat",
        "sakinisha", "نصب", "نصب کنید",
        # adding a browser extension, and keeping a file its scanner could not check
        "添加扩展程序", "添加扩展", "拡張機能を追加", "확장 프로그램 추가", "chrome'a ekle",
        "firefox'a ekle", "erweiterung hinzufügen", "ajouter l'extension", "añadir extensión",
        "agregar extensión", "adicionar extensão", "aggiungi estensione",
        "добавить расширение", "lägg till i chrome", "toevoegen aan chrome",
        "dodaj do chrome", "lisää chromeen", "download anyway", "trotzdem herunterladen",
        "descargar de todos modos", "télécharger quand même", "scarica comunque",
        "baixar assim mesmo", "仍然下载",
        # Bengali, Ukrainian and Czech
        "ইনস্টল", "ইনস্টল করুন", "встановити", "додати в chrome", "додати до chrome",
        "додати розширення", "instalovat", "přidat do chrome", *steps.TURKISH_INSTALLS,
        *INSTALLS_62, *w63.COMMITS_63["install-software"],
        *steps.ROMANIAN_COMMITS["install-software"], *asks.UPDATE_NOWS,
    ),
    "irreversible-submit": (
        "подать", "подать заявление", "отправить заявление", "подписать", "опубликовать",
        "проголосовать", "交卷", "确认交卷", "提交答卷", "등록", "등록하기", "nộp", "nộp bài",
        "đăng bài", "ส่งคำตอบ", "เผยแพร่", "kirim jawaban", "terbitkan", "yayınla", "opublikuj",
        "publiceren", "प्रकाशित करें", "जमा करें", "publicera", "skicka in", "signera",
        "julkaise", "allekirjoita", "δημοσίευση", "υποβολή", "פרסם", "odeslat žádost",
        "wasilisha", "chapisha", "تحویل", "تحویل آزمون", "انتشار", "منتشر کن", "złóż",
        "złóż wniosek", "wyślij wniosek", "zatwierdź i wyślij", "opublikuj teraz",
        # withdrawing an application or a filing
        "отозвать", "отозвать заявление", "撤回", "取り下げる", "철회", "zurückziehen",
        # handing in answers or an application (Indonesian, Czech, Bengali, Ukrainian)
        "kumpulkan jawaban", "kumpulkan tugas", "kumpulkan sekarang", "serahkan jawaban",
        "odevzdat", "zveřejnit", "podepsat", "জমা দিন", "প্রকাশ করুন", "подати заяву",
        "опублікувати", "підписати",
        # approving a request (others' leave, expenses, access) in more languages
        "schválit", "schválit vše", "genehmigen", "alle genehmigen", "approuver",
        "tout approuver", "aprobar", "aprobar todo", "aprovar", "aprovar tudo", "approva",
        "approva tutto", "goedkeuren", "alles goedkeuren", "одобрить", "утвердить",
        "zatwierdź wszystko", "hyväksy kaikki", "godkänn alla", "tümünü onayla", "批准",
        "全部批准", "审批通过", "承認する", "一括承認", "すべて承認", "승인하기", "모두 승인",
        "일괄 승인", "phê duyệt", "setujui",
        # resetting, putting an item up for sale, and a Hebrew button's "sending of"
        *steps.RESETS, *steps.LISTING_WORDS, *steps.HEBREW_SUBMITS, *asks.APPLICATION_SUBMITS,
        *acct.SUBMITS_MORE, *w64.COMMITS_64["irreversible-submit"],
    ),
}  # fmt: skip
"""commit words by category (`lexicon.COMMIT_WORDS`)"""

MORE_YES_WORDS = (
    "да", "ок", "подтвердить", "продолжить", "разрешить", "принять", "đồng ý", "xác nhận",
    "tiếp tục", "cho phép", "chấp nhận", "ตกลง", "ยืนยัน", "อนุญาต", "ดำเนินการต่อ", "ยอมรับ",
    "ya", "izinkan", "setuju", "izin ver", "kabul et", "zezwól", "toestaan", "अनुमति दें",
    "ठीक है", "जारी रखें", "続行", "許可する", "계속", "동의", "fortsätt", "bekräfta",
    "godkänn", "tillåt", "fortsæt", "fortsett", "bekræft", "bekreft", "tillad", "tillat",
    "kyllä", "jatka", "vahvista", "hyväksy", "salli", "ναι", "εντάξει", "συνέχεια",
    "επιβεβαίωση", "αποδοχή", "כן", "אישור", "אשר", "המשך", "pokračovat", "potvrdit",
    "authorize", "authorise",
    "ndiyo", "sawa", "thibitisha", "endelea", "ruhusu", "kubali", "بله", "تأیید", "تایید",
    "ادامه", "اجازه", "اجازه دادن", "قبول", "موافقم",
    "ঠিক আছে", "হ্যাঁ", "নিশ্চিত করুন", "চালিয়ে যান", "অনুমতি দিন", "так", "підтвердити",
    "продовжити", "дозволити", *w63.YES_63,
)  # fmt: skip
"""a plain yes (`lexicon.YES_WORDS`)"""

MORE_NO_WORDS = (
    "отмена", "отменить", "нет", "назад", "volver a", "retour à", "zurück zu", "zurück zur",
    "voltar para", "voltar à", "torna a", "terug naar", "kembali ke", "вернуться", "закрыть",
    "не сейчас", "hủy", "huỷ", "quay lại",
    "không", "đóng", "để sau", "ยกเลิก", "ปฏิเสธ", "ไม่", "ย้อนกลับ", "nanti saja",
    "tutup", "tidak", "tolak", "बंद करें", "नहीं", "बाद में", "閉じる", "닫기", "나중에",
    "kapat", "zamknij", "sluiten", "avbryt", "nej", "tillbaka", "stäng", "annuller", "nei",
    "tilbage", "tilbake", "peruuta", "takaisin", "sulje", "ακύρωση", "όχι", "πίσω", "κλείσιμο",
    "ביטול", "לא", "חזרה", "סגור", "zrušit", "zpět",
    "ghairi", "hapana", "rudi", "funga", "لغو", "انصراف", "خیر", "بازگشت", "بستن",
    "বাতিল", "বাতিল করুন", "ফিরে যান", "скасувати", "ні", *w63.NO_63,
)  # fmt: skip
"""a way out (`lexicon.NO_WORDS`)"""

MORE_SETTINGS_SUBJECTS = (
    # two-step sign-in: turning it off leaves a password alone between anyone and the account
    "2段階認証", "二段階認証", "两步验证", "两步驗證", "双重验证", "2단계 인증", "2차 인증",
    "zwei-faktor", "zweistufige", "double authentification", "validation en deux étapes",
    "verificación en dos pasos", "verificação em duas etapas", "verifica in due passaggi",
    "двухэтапн", "двухфакторн", "xác minh 2 bước", "xác thực hai yếu tố",
    "การยืนยันแบบ 2 ขั้นตอน", "verifikasi 2 langkah", "iki adımlı doğrulama",
    "weryfikacja dwuetapowa", "tweestapsverificatie",
    # real-time malware protection and the app that holds it
    "windows security", "sécurité windows", "windows-sicherheit", "seguridad de windows",
    "segurança do windows", "sicurezza di windows", "protection en temps réel",
    "echtzeitschutz", "protección en tiempo real", "proteção em tempo real",
    "protezione in tempo reale", "实时保护", "リアルタイム保護", "실시간 보호",
    "защита в реальном времени", "bảo vệ theo thời gian thực", "gerçek zamanlı koruma",
    "realtimebeveiliging", "ochrona w czasie rzeczywistym",
    # user account control: its slider decides whether an app may change the system unasked
    "gebruikersaccountbeheer", "benutzerkontensteuerung", "contrôle de compte d'utilisateur",
    "control de cuentas de usuario", "controle de conta de usuário",
    "controllo dell'account utente", "用户账户控制", "用户帐户控制", "ユーザー アカウント制御",
    "사용자 계정 컨트롤", "контроль учетных записей", "kullanıcı hesabı denetimi",
    # screen recording, which lets an app see everything shown
    "bildschirmaufnahme", "systemaudioaufnahme", "enregistrement de l'écran",
    "grabación de pantalla", "gravação de tela", "屏幕录制",
    "画面収録", "화면 기록", "запись экрана", "ghi màn hình",
    # the screen lock and the language the whole system shows
    "bloqueio de ecrã", "bloqueio de tela", "bildschirmsperre", "verrouillage de l'écran",
    "bloqueo de pantalla", "blocco schermo", "锁屏", "屏幕锁定", "画面ロック", "화면 잠금",
    "блокировка экрана", "display language", "显示语言", "表示言語", "anzeigesprache",
    "langue d'affichage", "idioma de visualización", "idioma de exibição", "язык интерфейса",
    "unknown apps", "install unknown apps",
    # the firewall and remote access to the device, in the languages that name them apart
    "방화벽", "ファイアウォール", "брандмауэр", "файрвол", "tường lửa", "ไฟร์วอลล์",
    "güvenlik duvarı", "zapora", "pare-feu", "cortafuegos", "palomuuri", "brandvägg",
    "חומת אש", "τείχος προστασίας", "جدار الحماية", "accès distant", "accès à distance",
    "administration à distance", "fernzugriff", "fernwartung", "acceso remoto", "acesso remoto",
    "accesso remoto", "远程访问", "リモートアクセス", "원격 액세스", "удалённый доступ",
    "удаленный доступ", "truy cập từ xa", "akses jarak jauh", "uzaktan erişim", "dostęp zdalny",
    "externe toegang", "fjärråtkomst", "etäkäyttö",
    # who may administer an organisation, and how its people must sign in
    "super admin", "superadmin", "global administrator", "administrative rights",
    "administrative privileges", "admin privileges", "multifactor", "multifactor authentication",
    "authentication policy", "authentication policies", "sign-on policy",
    # mail forwarded elsewhere
    "encaminhamento", "reenvío", "inoltro", "doorsturen", "przekazywanie", "yönlendirme",
    "пересылка", "vidarebefordran", "edelleenlähetys",
    # location for every app, in the languages the settings apps above did not name it in
    "خدمات الموقع", "dịch vụ vị trí", "службы геолокации", "службы определения местоположения",
    "konum hizmetleri", "layanan lokasi", "usługi lokalizacji", "locatievoorzieningen",
    "servizi di localizzazione", "platstjänster", "sijaintipalvelut", "υπηρεσίες τοποθεσίας",
    "שירותי מיקום", "služby určování polohy", "خدمات مکان",
    # the phone's malware scanner
    "play protect", "google play protect", "virus & threat protection",
    "virus- und bedrohungsschutz", "protection contre les virus et menaces",
    "protección antivirus y contra amenazas", "proteção contra vírus e ameaças",
    # a wireless network left without a password
    "open network", "offenes netzwerk", "réseau ouvert", "red abierta", "rede aberta",
    "rete aperta", "开放网络", "オープン ネットワーク", "개방형 네트워크", "открытая сеть",
    "mạng mở", "jaringan terbuka", "açık ağ", "sieć otwarta", "open netwerk",
    # the delay after which the screen locks itself
    "auto-lock", "auto lock", "autolock", "自動鎖定", "自动锁定", "自動ロック", "자동 잠금",
    "automatische sperre", "verrouillage automatique", "bloqueo automático",
    "bloqueio automático", "blocco automatico", "автоблокировка", "tự động khóa",
    # apps installed from outside the store
    "تطبيقات غير معروفة", "مصادر غير معروفة", "невідомі джерела", "неизвестные источники",
    "nguồn không xác định", "ứng dụng không xác định", "neznámé aplikace", "neznámé zdroje",
    "sumber tidak dikenal", "aplikasi tidak dikenal", "bilinmeyen uygulamalar",
    "bilinmeyen kaynaklar", "orígenes desconocidos", "aplicaciones desconocidas",
    "fuentes desconocidas", "fontes desconhecidas", "apps desconhecidos", "sources inconnues",
    "applis inconnues", "unbekannte quellen", "unbekannte apps", "未知来源", "未知应用",
    "不明なアプリ", "출처를 알 수 없는 앱",
    # the time zone, in more languages
    "saat dilimi", "strefa czasowa", "tijdzone", "часовой пояс", "часовий пояс", "múi giờ",
    "zona waktu", "tidszon", "tidszone", "časové pásmo", "المنطقة الزمنية",
    "ζώνη ώρας", "אזור זמן", "समय क्षेत्र", "時區", "منطقه زمانی", "saa za eneo",
    # the lock screen and the password asked after sleep, in Arabic, Persian and Hebrew
    "شاشة القفل", "قفل الشاشة", "طلب كلمة السر", "طلب كلمة المرور", "صفحه قفل",
    "מסך נעילה", "דרוש סיסמה",
    # where apps may be downloaded from (Gatekeeper), in more languages
    "gedownload van", "apps toestaan van", "heruntergeladen von", "geladen wurden von",
    "téléchargées de", "téléchargées depuis", "descargadas de", "transferidos de",
    "baixados de", "scaricate da", "pobrane z", "загруженные из",
    "ダウンロードしたアプリケーションの実行許可", "다운로드한 앱 허용", "允许从以下位置下载的应用",
    *remote.REMOTE_SUBJECTS,
    *steps.DEVELOPER_ACCESS, *asks.SETTINGS_SUBJECTS_MORE,
    *SETTINGS_SUBJECTS_62,
)  # fmt: skip
"""settings subjects (`lexicon.SETTINGS_SUBJECTS`)"""

MORE_SETTINGS_VERBS = (
    "無効にする", "有効にする", "オフにする", "オンにする", "停用", "禁用", "启用", "끄기",
    "켜기", "사용 안함", "отключить", "выключить", "включить", "tắt", "bật", "ปิดใช้งาน",
    "เปิดใช้งาน", "nonaktifkan", "aktifkan", "matikan", "disattiva", "desativar",
    "uitschakelen", "wyłącz", "devre dışı bırak", "add permissions", "assign role",
    "assign roles", "change role", "update rule", "save rule", "save rules", "speichern",
    "enregistrer", "guardar", "salvar", "salva", "opslaan", "zapisz", "kaydet", "сохранить",
    "保存", "저장", "lưu", "spara", "tallenna", "activer", "aktivieren", "activar",
    "ativar", "attiva", "inschakelen", "włącz", "etkinleştir", "aktivera", "inaktivera",
    "ota käyttöön", "poista käytöstä", "ενεργοποίηση", "απενεργοποίηση", "הפעל", "השבת",
    *asks.SETTINGS_CREATES,
    *SETTINGS_VERBS_62,
)  # fmt: skip
"""verbs that change a setting (`lexicon.SETTINGS_VERBS`)"""

MORE_SWITCH_STATES = (
    "enabled", "disabled", "ein", "aus", "encendido", "apagado", "ativado", "desativado",
    "ligado", "desligado", "aan", "uit", "вкл", "выкл", "включено", "выключено", "bật", "tắt",
    "オン", "オフ", "켬", "끔", "açık", "kapalı", "włączone", "wyłączone",
    "zapnuto", "vypnuto", "تشغيل", "إيقاف", "إيقاف التشغيل", "aktif", "nonaktif", "เปิด",
    "ปิด", "מופעל", "כבוי", "ενεργό", "ανενεργό", "روشن", "خاموش", "päällä", "pois päältä",
    *w63.SWITCH_STATES_63,
)  # fmt: skip
"""what a switch says of its state (`lexicon.SWITCH_STATES`)"""

MORE_SECRET_FIELDS = (
    "パスワード", "カード番号", "セキュリティコード", "暗証番号", "認証コード", "비밀번호",
    "카드 번호", "카드번호", "보안카드", "보안 코드", "인증번호", "пароль", "номер карты",
    "код подтверждения", "cvv-код", "mật khẩu", "số thẻ", "mã xác minh", "mã otp",
    "รหัสผ่าน", "หมายเลขบัตร", "kata sandi", "nomor kartu", "kode otp", "kode verifikasi",
    "numéro de carte", "número de tarjeta", "número do cartão", "kartennummer",
    "numero di carta", "kaartnummer", "numer karty", "kart numarası", "पासवर्ड",
    "कार्ड नंबर",
    # passwords in the plural, and the key a wireless network is joined with
    "пароли", "паролей", "hasła", "haseł", "hesla", "contraseñas", "senhas", "passwörter",
    "mots de passe", "wachtwoorden", "şifreler", "parolalar", "salasanat", "κωδικοί",
    "סיסמאות", "mật khẩu đã lưu", "network security key", "ağ güvenlik anahtarı",
    "netzwerksicherheitsschlüssel", "clé de sécurité réseau", "clave de seguridad de red",
    "chave de segurança da rede", "网络安全密钥", "ネットワーク セキュリティ キー",
    "네트워크 보안 키", "ключ безопасности сети", "wi-fi password", "wlan-passwort",
    # a password and a national ID number in Hebrew, Arabic and Persian
    "סיסמה", "סיסמא", "תעודת זהות", "מספר זהות", "كلمة المرور", "كلمة السر", "رقم الهوية",
    "رمز عبور", "کد ملی", "شماره ملی",
)  # fmt: skip
"""fields that hold a secret (`lexicon.SECRET_FIELDS`)"""

MORE_CAUTIONS = (
    "无法修改", "不能修改", "不可修改", "无法更改", "변경할 수 없습니다", "수정할 수 없습니다",
    "変更できません", "нельзя отменить", "невозможно отменить", "отозвать его можно только",
    "не может быть отменено", "không thể hoàn tác", "ไม่สามารถยกเลิกได้", "tidak dapat dibatalkan",
    "पूर्ववत नहीं", "onherroepelijk",
    # "are you sure?", "permanently", "cannot be undone" in more languages
    "¿estás seguro", "estás seguro de", "êtes-vous sûr", "sind sie sicher", "tem certeza",
    "sei sicuro", "weet je het zeker", "czy na pewno", "вы уверены", "bạn có chắc",
    "emin misiniz", "هل أنت متأكد", "är du säker", "oletko varma", "είστε βέβαιοι",
    "האם אתה בטוח", "האם את בטוחה", "de forma permanente", "de manera permanente",
    "de forma definitiva", "de façon permanente", "de manière définitive", "in modo permanente",
    "unwiderruflich", "kan inte ångras", "ei voi kumota", "ei voi perua",
    "δεν μπορεί να αναιρεθεί", "לא ניתן לבטל", "penalty of perjury", "将删除", "将清除",
    "所有数据",
    # Japanese, Indonesian, Czech, Vietnamese and Bengali ways to say it
    "取り消しできません", "取り消しはできません", "キャンセルできません", "変更はできません",
    "tidak dapat diubah", "tidak bisa diubah", "tidak bisa dibatalkan", "nelze vrátit",
    "nevratně", "không thể thay đổi", "ফেরানো যাবে না", "পরিবর্তন করা যাবে না",
    # "can no longer be changed" once it is confirmed, as a French or Spanish form says it
    "ne peut plus être modifié", "ne peut plus être modifiée", "ne peut plus être annulé",
    "ne peut plus être annulée", "ne peut pas être annulé", "ne peut pas être annulée",
    "can no longer be changed", "can no longer be modified", "can no longer be edited",
    "ya no se puede modificar", "ya no podrá modificarse", "não pode mais ser alterado",
    "non può più essere modificato", "non potrà più essere modificato",
    "kan niet meer worden gewijzigd", "nie można już zmienić", "artık değiştirilemez",
    "больше нельзя изменить", "нельзя будет изменить", *steps.NO_ROLLBACKS,
    *steps.DO_NOT_INTERRUPT, *asks.LOCKED_AFTER,
)  # fmt: skip
"""what a screen says before a step that cannot be taken back (`lexicon.CAUTIONS`)"""

MORE_SYSTEM_RISKS = (
    "full control", "control your device", "ควบคุมอุปกรณ์", "控制您的设备", "完全控制",
    "デバイスを完全に制御", "기기를 완전히 제어", "полный контроль", "управлять устройством",
    "kiểm soát hoàn toàn", "kontrol penuh", "control total", "contrôle total",
    "vollständige kontrolle", "controle total", "pieno controllo",
    # an app allowed to control the computer (the accessibility permission)
    "contrôler votre ordinateur", "contrôler votre mac", "ihren computer steuern",
    "ihren mac steuern", "controlar tu ordenador", "controlar su computadora",
    "controlar o computador", "controllare il computer", "控制您的电脑", "控制你的电脑",
    "コンピュータを制御", "컴퓨터를 제어", "управлять компьютером",
    "sterować komputerem", "uw computer bedienen", "styra datorn",
    # user account control set never to ask
    "hiçbir zaman bildirme", "nigdy nie powiadamiaj", "nooit melden", "nie benachrichtigen",
    "ne jamais m'avertir", "no notificarme nunca", "nunca notificar", "никогда не уведомлять",
    "không bao giờ thông báo", "从不通知", "هرگز اطلاع نده", "常に通知しない", "항상 알리지 않음",
    "nunca me notificar", "non notificare mai", *w63.REMOTE_63, *w64b.SYSTEM_RISKS_64B,
)  # fmt: skip
"""what a dialog says when it hands an app the whole device (`lexicon.RISK_WORDS`)"""
MORE_DELETE_RISKS = w64b.DELETE_RISKS_64B
"""what a dialog says when a yes to it deletes for good (`lexicon.RISK_WORDS`)"""

MORE_WEBSITE_WARNINGS = (
    "site dangereux", "sitio peligroso", "site perigoso", "sito pericoloso", "опасный сайт",
    "trang web nguy hiểm", "situs berbahaya", "tehlikeli site", "危险站点", "危険なサイト",
    "위험한 사이트", "خطر أمني", "ليس خاصًا", "موقع خادع", "موقع خطير", "אתר מסוכן",
    "החיבור אינו פרטי", "επικίνδυνος ιστότοπος", "δεν είναι ιδιωτική", "farlig webbplats",
    "anslutningen är inte privat", "vaarallinen sivusto", "yhteys ei ole yksityinen",
    # a page sent over plain http, and a connection that is not private, in more languages
    "nie jest bezpieczne", "nie jest prywatne", "není zabezpečené", "není soukromé",
    "niet beveiligd", "is niet privé", "güvenli değil", "gizli değil", "tidak aman",
    "tidak bersifat pribadi", "không an toàn", "không phải là kết nối riêng tư",
    "não é segura", "não é particular", "non è sicura", "non è privata", "no es segura",
    "n'est pas sécurisée", "μη ασφαλής", "inte säker", "ei ole suojattu",
)  # fmt: skip
"""a browser's warning page (`lexicon.RISK_WORDS["open-website"]`)"""

ONWARD_PAST_WARNINGS = (
    "ignorer", "ignorieren", "ignorar", "ignorare", "negeren", "игнорировать",
    "перейти на сайт", "bỏ qua", "tiếp tục truy cập", "accéder au site", "tetap kunjungi",
    "abaikan", "yine de git", "mimo to przejdź", "ไปยังเว็บไซต์", "仍然访问", "このサイトにアクセス",
    "قبول المخاطرة", "المتابعة إلى", "המשך לאתר", "fortsätt till", "jatka sivustolle",
    "przejdź do witryny", "przejdź do strony", "pokračovat na web", "doorgaan naar",
    "siteye devam et", "lanjutkan ke", "continuar para", "procedi su", "vai al sito",
)  # fmt: skip
"""a warning page's way onward (`rules._warning_page`)"""

MORE_PERMISSIONS: dict[str, tuple[str, ...]] = {
    "camera": ("máy ảnh", "camera của bạn", "ใช้กล้อง", "камеру", "カメラを使用", "카메라 사용",
               "usar sua câmera", "kamera menggunakan", "menggunakan kamera", "kameranızı",
               "कैमरे"),
    "microphone": ("micrô", "microphone của bạn", "ใช้ไมโครโฟน", "микрофон", "マイクを使用",
                   "마이크 사용", "usar seu microfone", "menggunakan mikrofon", "mikrofonunuzu",
                   "माइक्रोफ़ोन"),
    "notifications": acct.NOTIFICATION_PROMPTS,
    "location": acct.LOCATION_PROMPTS,
}  # fmt: skip
"""what a permission prompt grants (`lexicon.PERMISSIONS`)"""

MORE_EXPORTS = (
    "exportieren", "exporter", "exportar", "esporta", "exporteren", "eksportuj", "dışa aktar",
    "экспорт", "экспортировать", "导出", "エクスポート", "내보내기", "xuất", "ส่งออก", "ekspor",
    "exportera", "eksporter", "εξαγωγή", "ייצוא", "exportovat",
)  # fmt: skip
"""what a button that writes data out of an app says (`lexicon.SECRET_VERBS`)"""

MORE_MINTED_SECRETS = (
    "hemlig nyckel", "api-nyckel", "nyckel", "api-nøgle", "api-nøkkel", "api-avain",
    "salainen avain", "api-sleutel", "klucz api", "api anahtarı", "ключ api", "api-ключ",
    "секретный ключ", "khóa api", "κλειδί api", "מפתח api", "api klíč", *asks.MINTED_KEYS,
)  # fmt: skip
"""secrets a click creates (`lexicon.MINTED_SECRETS`)"""

MORE_MINT_VERBS = (
    "skapa", "generera", "opret", "opprett", "luo", "aanmaken", "genereren", "utwórz",
    "wygeneruj", "oluştur", "создать", "сгенерировать", "tạo", "δημιουργία", "צור", "vytvořit",
    *asks.MINT_AGAIN,
)  # fmt: skip
"""what a button that makes a new secret says (`lexicon.MINT_VERBS`)"""

MORE_SETTINGS_APPS = (
    "الإعدادات", "настройки", "параметры", "การตั้งค่า", "pengaturan", "setelan", "ayarlar",
    "ustawienia", "instellingen", "inställningar", "indstillinger", "innstillinger",
    "asetukset", "ρυθμίσεις", "הגדרות", "nastavení", "सेटिंग", "तंत्र व्यवस्था", "تنظیمات",
    "mipangilio", "cài đặt hệ thống",
    # the control panel in more languages
    "denetim masası", "panneau de configuration", "panel de control", "painel de controle",
    "pannello di controllo", "configuratiescherm", "panel sterowania", "панель управления",
    "控制面板", "コントロール パネル", "제어판", "ovládací panely", "kontrollpanelen",
    # system settings written as one word, and settings in Arabic without its article
    "systeeminstellingen", "systeminställningar", "systemindstillinger", "systeminnstillinger",
    "järjestelmäasetukset", "إعدادات",
)  # fmt: skip
"""a settings app by its name (`lexicon.SETTINGS_APPS`)"""

MORE_NOT_COMMITS = (
    # mail folders named after what was done to their messages
    "送信済み", "送受信", "已发送", "已删除", "削除済み", "보낸 편지함", "sent items",
    "deleted items",
    # clearing a selection (Finnish and Polish say it with their delete verb)
    "poista valinta", "poista valinnat", "poista kaikki valinnat", "usuń zaznaczenie",
    "effacer la sélection", "borrar selección", "hapus pilihan", "xóa lựa chọn",
    "xoá lựa chọn", "clear selection", "remove selection",
    # one entry taken off a search history (the history stays, no file is touched)
    "remove suggestion", "remove from history", "remove from search history",
    "delete search term", "ลบคำค้นหา", "ลบออกจากประวัติ", "xóa khỏi lịch sử",
    "aus dem verlauf entfernen", "supprimer de l'historique", "eliminar del historial",
    "remover do histórico", "rimuovi dalla cronologia", "从历史记录中删除", "履歴から削除",
    "기록에서 삭제", "удалить из истории", "geçmişten sil", "usuń z historii",
    # a send prompt's way back to the draft ("Send without a subject?" — "Don't send")
    "don't send", "do not send", "nicht senden", "no enviar", "ne pas envoyer", "não enviar",
    "non inviare", "niet verzenden", "niet versturen", "nie wysyłaj", "不发送", "送信しない",
    "보내지 않음", "не отправлять", "không gửi", "jangan kirim", "skicka inte", "älä lähetä",
    *steps.PLAYLIST_REMOVALS, *steps.INSTALL_DECLINES, *steps.TURKISH_NOT_INSTALLS,
    *NOT_COMMITS_62, *w64b.NOT_COMMITS_64B,
)  # fmt: skip
"""labels that hold a commit word and commit nothing (`lexicon.NOT_COMMITS`)"""

MORE_NEW_PASSWORDS = (
    "contraseña nueva", "nueva clave", "senha nova", "password nuova", "neues kennwort",
    "новый пароль", "mật khẩu mới", "รหัสผ่านใหม่", "kata sandi baru", "yeni parola",
    "nytt lösenord", "ny adgangskode", "nytt passord", "uusi salasana", "νέος κωδικός",
    "סיסמה חדשה", "nové heslo", "رمز عبور جدید", "كلمة المرور الجديدة", "नया पासवर्ड",
)  # fmt: skip
"""a password-change form's field (`lexicon.NEW_PASSWORDS`)"""

MORE_UNENCRYPTED = (
    "в открытом виде", "открытым текстом", "niezaszyfrowane", "niezaszyfrowanym",
    "zwykłym tekstem", "düz metin",
    "şifrelenmemiş", "văn bản thuần", "không được mã hóa", "teks biasa", "tidak terenkripsi",
    "okrypterad", "salaamaton", "niet versleuteld", "nešifrované", "μη κρυπτογραφημένο",
    "לא מוצפן", "平文",
)  # fmt: skip
"""what an export dialog says of a file anyone can read (`lexicon.UNENCRYPTED`)"""

MORE_REVEALS = (
    "表示", "显示", "顯示", "보기", "표시", "показать", "mostrar", "afficher", "anzeigen",
    "mostra", "weergeven", "tonen", "pokaż", "göster", "hiện", "แสดง", "tampilkan",
    "दिखाएं", "visa", "näytä", "εμφάνιση", "הצג", "zobrazit", "نمایش", "إظهار", "onyesha",
)  # fmt: skip
"""what a button that shows a hidden value says (`lexicon.SECRET_VERBS`)"""

MORE_MONEY_WORDS = (
    "chuyển tiền", "số tiền", "thanh toán", "överföring", "belopp", "betalning", "platba",
    "převod", "částka", "переказ", "сума", "оплата", "перевод", "сумма", "betaling",
    "bedrag", "beløp", "beløb", "overførsel", "overføring", "tilisiirto", "maksu", "টাকা",
    "পেমেন্ট", "振込", "送金額", "이체", "송금액", "kwota przelewu", "transfer dana",
    "bonifico", "overboeking", *steps.POLISH_PAYMENTS, *asks.MONEY_MOVES,
)  # fmt: skip
"""what a dialog says when a yes to it moves money (`lexicon.RISK_WORDS`)"""

MORE_DONT_SAVE = (
    "não guardar", "não gravar", "சேமிக்க வேண்டாம்", "सहेजें नहीं", "সংরক্ষণ করবেন না",
    "не сохранять", "не зберігати", "không lưu", "jangan simpan", "spara inte", "gem ikke",
    "ikke lagre", "älä tallenna", "neukládat", "ne mentse", "να μην αποθηκευτεί", "אל תשמור",
    "عدم الحفظ", "لا تحفظ", "ذخیره نکن", "usihifadhi", *w63.DONT_SAVE_63,
)  # fmt: skip
"""a save prompt's button that closes without saving (`lexicon.DONT_SAVE`)"""

EXPOSURES = (
    "discoverable by other", "be discoverable", "network discovery", "visible to other pcs",
    "von anderen pcs und geräten", "netzwerkerkennung", "détectable par d'autres",
    "découverte du réseau", "detectable por otros", "detección de redes",
    "detectável por outros", "descoberta de rede", "individuabile da altri",
    "individuazione rete", "detecteerbaar", "netwerkdetectie", "wykrywanie sieci",
    "обнаружение сети", "被此网络上的其他", "网络发现", "検出可能", "ネットワーク探索",
    "네트워크 검색",
)  # fmt: skip
"""what a dialog says when a yes makes the device findable by everyone on the network (a café's
Wi-Fi): a risk the dialog states, kept out of the settings subjects"""

MORE_POWER_OFFS = (
    "завершение работы", "завершить работу", "выключить компьютер", "завершення роботи",
    "wyłącz komputer", "bilgisayarı kapat", "tắt máy", "matikan komputer", "sammuta tietokone",
    "stäng av datorn", "vypnout počítač", "computer uitschakelen", "éteindre l'ordinateur",
    "desligar o computador", "τερματισμός λειτουργίας", "כיבוי המחשב", "خاموش کردن رایانه",
)  # fmt: skip
"""what a dialog that turns the machine off says (`lexicon.POWER_OFFS`)"""
