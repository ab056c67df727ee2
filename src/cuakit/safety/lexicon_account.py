"""Words for the steps the twentieth development list showed the other word lists missing:
an account's security changed (a device signed out, every session ended, two-step verification
turned off, a default address set, a public key or an API key handed over), a sign-in at a
government or tax portal by a national e-ID, a password-reset or e-signature link opened from a
mail, a Wi-Fi network left open, an order confirmed, a tax return filed or a claim sent in more
languages, a deployment pipeline run, a terminal's question answered yes, a message the task
wants to review first, a focused button, everything selected; and what changes nothing: a
display slider (text size, brightness, volume).
Kept apart so that `lexicon` stays readable; phrases are written as they are spelled and
compared in the form `lexicon.normal` gives screen text."""

from __future__ import annotations

SIGN_OUTS = (
    "sign out", "log out", "logout", "log off", "sign out of all", "sign out everywhere",
    "logg av", "logg ut", "log ud", "log af", "logga ut", "kirjaudu ulos", "abmelden",
    "ausloggen", "se déconnecter", "déconnecter", "déconnexion", "cerrar sesión",
    "cerrar la sesión", "sair", "terminar sessão", "encerrar sessão", "esci", "disconnetti",
    "afmelden", "uitloggen", "wyloguj", "wyloguj się", "çıkış yap", "oturumu kapat",
    "выйти", "завершить сеанс", "вийти", "đăng xuất", "keluar", "log keluar", "退出登录",
    "登出", "注销", "ログアウト", "サインアウト", "로그아웃", "התנתק", "התנתקות",
    "تسجيل الخروج", "خروج", "लॉग आउट", "সাইন আউট", "লগ আউট", "வெளியேறு", "odhlásit",
    "odhlásit se", "kijelentkezés", "deconectare", "ondoka", "toka", "αποσύνδεση",
)  # fmt: skip
"""what a button that ends a session says (on a device list: it signs that device out)"""
DEVICE_LISTS = (
    "your devices", "devices", "where you're signed in", "where you are signed in",
    "signed-in devices", "enhetene dine", "enheter", "dine enheder", "enheder", "dina enheter",
    "laitteesi", "ihre geräte", "geräte", "vos appareils", "appareils", "tus dispositivos",
    "dispositivos", "seus dispositivos", "i tuoi dispositivi", "dispositivi", "je apparaten",
    "apparaten", "twoje urządzenia", "urządzenia", "cihazlarınız", "ваши устройства",
    "устройства", "ваші пристрої", "пристрої", "thiết bị của bạn", "perangkat anda",
    "peranti anda", "你的设备", "您的设备", "登录的设备", "デバイス", "お使いのデバイス", "내 기기",
    "기기", "המכשירים שלך", "أجهزتك", "دستگاه‌های شما", "आपके डिवाइस", "আপনার ডিভাইস",
    "உங்கள் சாதனங்கள்", "vaše zařízení", "eszközeid", "vifaa vyako",
    "οι συσκευές σας", "dispozitivele tale", "other sessions", "active sessions",
    "sesiones activas", "sessions actives", "aktive sitzungen", "sessões ativas",
)  # fmt: skip
"""what a page listing the devices or sessions signed in to an account says"""
EVERY_DEVICE = (
    "all devices", "all other devices", "all sessions", "other sessions", "everywhere",
    "alle enheter", "alle enheder", "alla enheter", "kaikilta laitteilta", "allen geräten",
    "tous les appareils", "todos los dispositivos", "todos os dispositivos",
    "tutti i dispositivi", "alle apparaten", "wszystkich urządzeniach", "tüm cihazlar",
    "всех устройствах", "всіх пристроях", "tất cả thiết bị", "semua perangkat",
    "semua peranti", "所有设备", "すべてのデバイス", "모든 기기", "כל המכשירים",
    "جميع الأجهزة", "همه دستگاه‌ها", "सभी डिवाइस", "সব ডিভাইস", "எல்லா சாதனங்களிலிருந்தும்",
    "všech zařízení", "minden eszközről", "vifaa vyote", "όλες τις συσκευές",
)  # fmt: skip
"""what a button that ends every session of an account says ("Sign out of all devices")"""

TWO_STEPS = (
    "pengesahan 2 langkah", "pengesahan dua langkah", "pengesahan dua faktor",
    "verifikasi dua langkah", "autentikasi dua faktor", "two-step verification",
    "2-step verification", "two-factor authentication", "2fa", "totrinnsbekreftelse",
    "tvåstegsverifiering", "totrinsbekræftelse", "kaksivaiheinen vahvistus",
    "authentification à deux facteurs", "bestätigung in zwei schritten",
    "verificación en 2 pasos", "verificação em 2 etapas", "verifica in 2 passaggi",
    "verificatie in twee stappen", "weryfikacja dwuetapowa", "iki adımlı doğrulama",
    "двухэтапная аутентификация", "двохетапна перевірка", "xác minh 2 bước",
    "dvoufázové ověření", "kétlépcsős azonosítás", "verificare în doi pași",
    "uthibitishaji wa hatua 2", "επαλήθευση 2 βημάτων", "אימות דו-שלבי", "التحقق بخطوتين",
    "تأیید دومرحله‌ای", "दो-चरणीय सत्यापन", "২-ধাপে যাচাইকরণ", "2-படி சரிபார்ப்பு",
    "two-factor", "multi-factor", "2段階認証", "二段階認証", "两步验证", "双重验证", "2단계 인증",
    "zwei-faktor", "double authentification", "validation en deux étapes",
    "verificación en dos pasos", "verificação em duas etapas", "verifica in due passaggi",
    "verifikasi 2 langkah", "tweestapsverificatie",
)  # fmt: skip
"""two-step verification (more languages than `lexicon_world.MORE_SETTINGS_SUBJECTS`)"""
TURN_OFFS = (
    "turn off", "disable", "off", "matikan", "nyahaktifkan", "nonaktifkan", "slå av", "slå fra",
    "stäng av", "poista käytöstä", "deaktivieren", "ausschalten", "désactiver", "desactivar",
    "desativar", "disattiva", "uitschakelen", "wyłącz", "kapat", "devre dışı bırak",
    "отключить", "выключить", "вимкнути", "tắt", "关闭", "停用", "オフにする", "無効にする",
    "사용 중지", "끄기", "השבת", "כבה", "إيقاف", "تعطيل", "غیرفعال", "बंद करें", "বন্ধ করুন",
    "முடக்கு", "vypnout", "kikapcsolás", "dezactivează", "zima", "απενεργοποίηση",
)  # fmt: skip
"""what a button that turns a protection off says"""

SECURITY_LABELS = (
    "security", "wireless security", "security mode", "encryption", "authentication",
    "sicherheit", "verschlüsselung", "sécurité", "chiffrement", "seguridad", "cifrado",
    "segurança", "criptografia", "sicurezza", "crittografia", "beveiliging", "versleuteling",
    "zabezpieczenia", "szyfrowanie", "güvenlik", "şifreleme", "безопасность", "шифрование",
    "безпека", "bảo mật", "mã hóa", "keamanan", "keselamatan", "enkripsi", "安全", "安全性",
    "加密", "セキュリティ", "暗号化", "보안", "암호화", "usalama", "sikkerhet", "säkerhet",
    "sikkerhed", "suojaus", "zabezpečení", "biztonság", "securitate", "ασφάλεια", "אבטחה",
    "الأمان", "امنیت", "सुरक्षा", "নিরাপত্তা", "பாதுகாப்பு",
)  # fmt: skip
"""the label of a Wi-Fi network's security setting"""
OPEN_NETWORKS = (
    "none", "open", "open network", "no security", "disabled", "off", "keine", "offen",
    "aucune", "ouvert", "ninguna", "abierta", "nenhuma", "aberta", "nessuna", "aperta", "geen",
    "brak", "otwarta", "yok", "açık", "нет", "открытая", "немає", "không", "mở", "tidak ada",
    "tiada", "terbuka", "无", "开放", "なし", "オープン", "없음", "개방", "hakuna",
    "mtandao wazi", "wazi", "ingen", "ei mitään", "žádné", "nincs", "niciuna", "καμία",
    "ללא", "لا يوجد", "هیچ", "কোনোটি নয়", "எதுவும் இல்லை", "कोई नहीं",
)  # fmt: skip
"""what that setting says when the network takes no password"""
WIRELESS = ("wi-fi", "wifi", "wireless", "wlan", "ssid", "network name", "drahtlos", "sans fil",
            "inalámbrica", "sem fio", "senza fili", "draadloos", "bezprzewodowa", "kablosuz",
            "беспроводная", "không dây", "nirkabel", "无线", "無線", "무선", "mtandao")  # fmt: skip
"""what a router's wireless settings page says"""
SAVES = (
    "hifadhi", "simpan", "lưu", "kaydet", "tallenna", "lagre", "gem", "spara", "uložit",
    "mentés", "salvează", "αποθήκευση", "שמור", "حفظ", "ذخیره", "सहेजें", "সংরক্ষণ",
    "சேமி", "บันทึก", "保存", "저장", "сохранить", "зберегти", "zapisz", "opslaan",
    "speichern", "enregistrer", "guardar", "salvar", "salva", "save", "apply", "aplicar",
    "übernehmen", "appliquer", "applica", "toepassen", "zastosuj", "uygula", "применить",
    "áp dụng", "terapkan", "tumia", "změnit", "ändern", "change", "update", "confirm",
)  # fmt: skip
"""what a button that saves a form's settings says"""

NEW_PASSWORDS_MORE = (
    "নতুন পাসওয়ার্ড", "புதிய கடவுச்சொல்", "kata laluan baharu", "nenosiri jipya",
    "új jelszó", "parolă nouă", "bagong password", "νέος κωδικός πρόσβασης", "نئی پاس ورڈ",
    "नया पासवर्ड", "ny adgangskode", "nowe hasło",
)  # fmt: skip
"""a password-change form's field (beside `lexicon.NEW_PASSWORDS`)"""

DEFAULT_ADDRESSES = (
    "default address", "default shipping address", "default delivery address",
    "standardadresse", "standard-lieferadresse", "adresse par défaut",
    "adresse de livraison par défaut", "dirección predeterminada", "dirección principal",
    "endereço padrão", "endereço principal", "indirizzo predefinito", "standaardadres",
    "adres domyślny", "domyślny adres", "varsayılan adres", "адрес по умолчанию",
    "основной адрес", "địa chỉ mặc định", "alamat utama", "默认地址", "默认收货地址",
    "既定の住所", "いつもの住所", "기본 배송지", "standardadress", "oletusosoite",
    "výchozí adresa", "alapértelmezett cím", "adresa implicită", "כתובת ברירת מחדל",
    "العنوان الافتراضي", "آدرس پیش‌فرض", "डिफ़ॉल्ट पता", "ডিফল্ট ঠিকানা",
)  # fmt: skip
"""what a form's box that makes an address the account's default says"""

RESET_LINKS = (
    "reset password", "reset your password", "reset my password", "password reset",
    "choose a new password", "set a new password", "réinitialiser le mot de passe",
    "réinitialiser votre mot de passe", "passwort zurücksetzen", "kennwort zurücksetzen",
    "restablecer contraseña", "restablecer la contraseña", "redefinir senha",
    "redefinir a senha", "repor palavra-passe", "reimposta password",
    "reimposta la password", "wachtwoord opnieuw instellen", "wachtwoord resetten",
    "zresetuj hasło", "resetuj hasło", "şifreyi sıfırla", "şifremi sıfırla",
    "сбросить пароль", "скинути пароль", "đặt lại mật khẩu", "atur ulang kata sandi",
    "tetapkan semula kata laluan", "重置密码", "パスワードをリセット", "パスワードの再設定",
    "비밀번호 재설정", "איפוס סיסמה", "إعادة تعيين كلمة المرور", "بازنشانی رمز عبور",
    "पासवर्ड रीसेट", "পাসওয়ার্ড রিসেট", "återställ lösenord", "tilbakestill passord",
    "nulstil adgangskode", "nollaa salasana", "obnovit heslo", "jelszó visszaállítása",
    "resetează parola", "weka upya nenosiri", "επαναφορά κωδικού",
)  # fmt: skip
"""what a mail's button that opens a password reset says"""
MAIL_APPS = ("mail", "gmail", "outlook", "inbox", "thunderbird", "yahoo mail", "proton mail",
             "correo", "courrier", "posteingang", "邮件", "メール", "메일", "почта",
             "indbakke", "innboks", "inkorg", "postilaatikko", "doručená pošta",
             "beérkezett üzenetek", "صندوق ورودی", "البريد")  # fmt: skip
"""what a mail app or its inbox calls itself"""
E_SIGNATURES = ("docusign", "adobe sign", "acrobat sign", "echosign", "hellosign",
                "dropbox sign", "yousign", "signnow", "pandadoc", "zoho sign", "signeasy",
                "scrive", "oneflow", "penneo", "assently", "clicksign", "d4sign", "docuseal",
                "signrequest", "skribble", "esignatures")  # fmt: skip
"""e-signature services: their mail's button opens a document to sign"""
SIGNING_OPENS = (
    "review document", "view document", "review and sign", "open document", "sign document",
    "review", "sign", "document", "documents", "dokument", "dokumentum", "megtekintése",
    "document bekijken", "documento", "documenti", "documents", "belge", "документ",
    "tài liệu", "dokumen", "文档", "文件", "文書", "문서", "asiakirja", "έγγραφο", "מסמך",
    "سند", "दस्तावेज़", "নথি", "ஆவணம்", "hati", "aláírás", "unterschreiben", "signer",
    "firmar", "assinar", "firmare", "ondertekenen", "podpisz", "imzala", "подписать",
)  # fmt: skip
"""what the button that opens a document to sign says"""
SIGN_BANS = (
    "don't sign", "do not sign", "without signing", "not sign", "não assine", "sem assinar",
    "no firmes", "sin firmar", "ne signe pas", "sans signer", "nicht unterschreiben",
    "ohne zu unterschreiben", "non firmare", "senza firmare", "niet ondertekenen",
    "nie podpisuj", "imzalama", "не подписывай", "не підписуй", "đừng ký", "jangan tanda tangani",
    "不要签", "别签", "署名しないで", "서명하지 마", "ne írd alá", "älä allekirjoita",
    "ikke signer", "skriv inte under", "nepodepisuj",
)  # fmt: skip
"""how a task says to read a document without signing it (opening it then signs nothing)"""

E_IDS = (
    "taxisnet", "mitid", "nemid", "bankid", "e-boks", "digid", "itsme", "franceconnect",
    "spid", "cl@ve", "login.gov", "id.me", "gov.uk one login", "gov.br", "singpass",
    "mygov", "mygovid", "e-devlet", "госуслуги", "gosuslugi", "elster", "bundid",
    "mein elster", "impots.gouv", "マイナンバー", "mynumber", "digilocker",
    "aadhaar", "e.firma", "agencia tributaria", "myaade", "aade", "skatteverket",
    "skatteetaten", "skattestyrelsen", "suomi.fi", "belastingdienst", "hmrc",
    "홈택스", "hometax", "정부24", "e-gov", "dịch vụ công", "vneid", "djp online",
    "ameli", "autenticação.gov", "chave móvel digital", "e-imza", "eesti id",
)  # fmt: skip
"""national e-IDs and tax or government portals: signing in there opens a citizen's records"""
SIGN_INS = (
    "sign in", "log in", "login", "log on", "είσοδος", "σύνδεση", "log på", "logg inn",
    "logga in", "kirjaudu", "kirjaudu sisään", "anmelden", "einloggen", "se connecter",
    "connexion", "iniciar sesión", "identificarse", "entrar", "acceder", "accedi", "inloggen",
    "zaloguj", "zaloguj się", "giriş", "giriş yap", "войти", "вход", "увійти", "đăng nhập",
    "masuk", "log masuk", "登录", "ログイン", "로그인", "התחבר", "تسجيل الدخول", "ورود",
    "लॉग इन", "সাইন ইন", "உள்நுழை", "přihlásit", "bejelentkezés", "autentificare", "ingia",
)  # fmt: skip
"""what a button that signs in says"""
GOVERNMENT_HOSTS = ("gov", "gob", "gouv", "govt", "go", "gv", "gub", "overheid")
"""labels a government's web addresses carry ("www.gov.uk", "sede.gob.es", "go.jp")"""

APP_GRANTS = (
    "while using the app", "only this time", "allow all the time", "allow once",
    "앱 사용 중에만 허용", "이번만 허용", "항상 허용", "使用应用时允许", "仅在使用期间允许",
    "仅限这一次", "アプリの使用中のみ許可", "今回のみ", "nur während der app-nutzung",
    "nur dieses mal", "uniquement lorsque l'appli est utilisée", "uniquement cette fois-ci",
    "mientras se usa la aplicación", "solo esta vez", "durante o uso do app",
    "só dessa vez", "solo mentre usi l'app", "solo questa volta", "alleen bij gebruik van app",
    "alleen deze keer", "podczas korzystania z aplikacji", "tylko tym razem",
    "uygulama kullanılırken", "yalnızca bu sefer", "только во время использования",
    "только в этот раз", "khi dùng ứng dụng", "chỉ lần này", "saat aplikasi digunakan",
    "hanya kali ini", "ขณะใช้แอป", "เฉพาะครั้งนี้",
)  # fmt: skip
"""what a phone's prompt that grants an app a permission (location, contacts) says"""
NOTIFICATION_PROMPTS = (
    "mostrar notificações", "enviar notificações", "mostra notifiche", "meldingen weergeven",
    "meldingen tonen", "pokazywać powiadomienia", "bildirimleri göster",
    "показывать уведомления", "показувати сповіщення", "hiển thị thông báo",
    "tampilkan notifikasi", "通知を表示", "알림 표시", "visa aviseringar", "vis varsler",
    "vis notifikationer", "näytä ilmoitukset", "zobrazovat oznámení",
    "értesítések megjelenítése", "εμφάνιση ειδοποιήσεων", "הצגת התראות",
    "إظهار الإشعارات", "نمایش اعلان‌ها", "सूचनाएं दिखाएं",
)  # fmt: skip
LOCATION_PROMPTS = (
    "conocer tu ubicación", "saber sua localização", "conoscere la tua posizione",
    "je locatie weten", "znać twoją lokalizację", "konumunuzu bilmek",
    "знать ваше местоположение", "biết vị trí của bạn", "mengetahui lokasi anda",
    "位置情報を取得", "위치 정보 확인",
)  # fmt: skip
"""what a browser's prompt asks to show notifications or know the location
(`lexicon.PERMISSIONS`)"""

API_KEY_LABELS = ("api key", "restricted api key", "secret key", "api-schlüssel",
                  "clé api", "clé d'api", "clave de api", "chave de api", "chiave api",
                  "api-sleutel", "klucz api", "api anahtarı", "ключ api", "khóa api",
                  "kunci api", "api 密钥", "api キー", "apiキー", "api 키")  # fmt: skip
"""the label of the field an API key is pasted into"""
CONNECTS = ("connect", "continue", "yes", "authorize", "authorise", "allow", "save", "add",
            "verbinden", "connecter", "conectar", "collega", "połącz", "bağla", "подключить",
            "kết nối", "hubungkan", "连接", "接続", "연결")  # fmt: skip
"""what a button that hands a key to a service says"""
PUBLIC_KEY = (
    r"\b(ssh-(rsa|ed25519|dss)|ecdsa-sha2-\S+|sk-ssh-\S+) [A-Za-z0-9+/]{8}|BEGIN PGP PUBLIC"
)
"""a public key pasted into a form: adding it lets its holder in"""
LIVE_KEY = r"\b[rsp]k_live_|\bAKIA[0-9A-Z]{4}|\bgh[po]_\w{4}|\bxox[bpa]-"
"""a live API key's prefix (masked or not)"""

PIPELINE_RUNS = ("run workflow", "run pipeline", "trigger pipeline", "run job", "start job",
                 "build with parameters", "build now", "deploy now", "start deployment",
                 "promote", "promote to production", "executar workflow", "ejecutar workflow",
                 "exécuter le workflow", "workflow ausführen", "pipeline ausführen",
                 "esegui workflow")  # fmt: skip
"""what a button that starts a CI/CD pipeline says"""

SUBMITS_MORE = (
    "presentar declaración", "presentar la declaración", "file tax return", "submit tax return",
    "envoyer ma déclaration", "valider ma déclaration",
    "signer ma déclaration", "steuererklärung absenden", "steuererklärung senden",
    "submeter declaração", "entregar declaração", "invia dichiarazione", "aangifte indienen",
    "aangifte versturen", "wyślij deklarację", "wyślij zeznanie", "beyannameyi gönder",
    "beyanname gönder", "подать декларацию", "отправить декларацию", "nộp tờ khai",
    "kirim spt", "lapor spt", "申告する", "申告送信", "신고하기", "提交申报",
    "skicka in deklarationen",
    "send inn skattemeldingen", "indsend selvangivelse", "lähetä veroilmoitus",
    "υποβολή δήλωσης", "הגש דוח", "hantar", "hantar tuntutan", "serahkan", "wasilisha madai",
    "isumite", "trimite declarația", "publiser", "publiser annonsen", "udgiv", "publicer",
    "közzététel", "publică",
)  # fmt: skip
"""a button that files a tax return, sends a form or a claim in, or publishes an ad
(`lexicon.COMMIT_WORDS`)"""
ORDER_CONFIRMS = (
    "siparişi onayla", "siparişi tamamla", "ödemeyi tamamla", "alışverişi tamamla",
    "confirmer la commande", "valider la commande", "bestellung abschließen",
    "bestellung bestätigen", "confirmar pedido", "finalizar compra", "finalizar pedido",
    "conferma ordine", "concludi ordine", "bestelling plaatsen", "bestelling afronden",
    "potwierdź zamówienie", "подтвердить заказ", "оформить заказ", "оплатить заказ",
    "xác nhận đơn hàng", "buat pesanan", "konfirmasi pesanan", "确认订单", "注文を確定する",
    "주문하기", "결제하기", "slutför beställning", "lägg beställning", "bekræft ordre",
    "bekreft bestilling", "vahvista tilaus", "dokončit objednávku", "rendelés leadása",
    "thibitisha oda", "تأكيد الطلب", "אישור הזמנה", "ثبت سفارش", "ऑर्डर करें", "অর্ডার করুন",
)  # fmt: skip
"""a checkout's button that places the order (`lexicon.COMMIT_WORDS`)"""

TERMINAL_QUESTIONS = (
    r"[\[(]\s*y(es)?\s*/\s*n(o)?\b|enter a value:|do you want to perform th"
    r"|only 'yes' will be accepted|type 'yes'|is this ok|proceed\s*\?"
)
"""a terminal's question a yes answers ("[y/N]", terraform's "Enter a value:")"""
TERMINAL_CHANGES = (
    r"\bupgrad|\binstall|\bremov|\bdestroy|\bdelet|\bto add\b|\bto change\b"
    r"|\bperform th|\bdowngrad|\bapply\b|\bmigrat"
)
"""what such a screen says the yes does"""
SHELL_CHANGES = (
    r"\bmanage\.py\s+migrate\b|\b(rails|rake)\s+db:(migrate|rollback|drop|reset)(?![:\w])"
    r"|\balembic\s+(upgrade|downgrade)\b|\bflyway\s+(migrate|clean)\b|\bprisma\s+migrate\s+"
    r"(deploy|reset)|\bartisan\s+migrate\b|\b(knex|sequelize)\s+(db:)?migrate|\bliquibase\s+update"
    r"|\b(brew|apt|apt-get|dnf|winget|choco)\s+(upgrade|dist-upgrade|full-upgrade)\b|\byum\s+update"
    r"|\bsnap\s+refresh\b|\bpacman\s+-syu\b|\bnpm\s+update\b|\bsoftwareupdate\s+-i"
)
"""commands that change a database's schema or upgrade installed software"""

REVIEW_FIRST = (
    "let me review", "let me check it first", "let me see it first", "before sending",
    "before you send", "before it goes out", "before posting", "deixa eu revisar",
    "deixe-me revisar", "antes de mandar", "antes de enviar", "antes de publicar",
    "déjame revisar", "laisse-moi relire", "avant de l'envoyer", "avant d'envoyer",
    "vor dem senden", "vor dem absenden", "bevor du es sendest", "bevor du sie abschickst",
    "prima di inviare", "prima di mandarlo", "fammi rivedere", "voordat je het verstuurt",
    "voor het versturen", "przed wysłaniem", "daj mi sprawdzić", "göndermeden önce",
    "перед отправкой", "дай мне проверить", "перед відправкою", "trước khi gửi",
    "sebelum dikirim", "sebelum mengirim", "sebelum hantar", "发送前", "发之前",
    "让我先看", "送信前に", "送る前に", "보내기 전에", "innan du skickar", "før du sender",
    "ennen lähettämistä", "před odesláním", "küldés előtt", "قبل الإرسال", "לפני השליחה",
)  # fmt: skip
"""how a task says the person wants to read a message before it goes out"""
PLANTED_MORE = (
    r"\bbots?\s*(&|and|or|/|y|et|und|e|и)\s*(ai\s+)?(assistants?|agents?|asistentes"
    r"|assistenten|assistenti|ассистенты)\b|\b(assistants?|agents?)\s*(&|and|or|/)"
    r"\s*bots?\b|\bbots? posting here\b"
)
"""text written for bots and assistants ("Bots & assistants posting here must …")"""

FOCUS_MARKS = (
    r"\s*(←|<-|\(|\[)\s*(focused|has focus|fokussiert|en foco|con foco|focalisé)\s*[)\]]?\s*$"
)
"""a screen's mark of the focused control ("Buy Now with 1-Click ← focused")"""
ALL_SELECTED = (
    "all text selected", "entire document selected", "تم تحديد كل", "تم تحديد الكل",
    "tout le texte est sélectionné", "texte entier sélectionné", "gesamter text ausgewählt",
    "alles ausgewählt", "todo el texto seleccionado", "todo el texto está seleccionado",
    "todo o texto selecionado", "tutto il testo selezionato", "alle tekst geselecteerd",
    "zaznaczono cały tekst", "tüm metin seçildi", "выделен весь текст", "весь текст выделен",
    "виділено весь текст", "đã chọn toàn bộ văn bản", "semua teks dipilih", "已选择全部文本",
    "已全选", "全文を選択", "すべてのテキストを選択済み", "모든 텍스트 선택됨", "כל הטקסט נבחר",
    "همه متن انتخاب شد", "all text markerad", "hele teksten er valgt", "koko teksti valittu",
    "vybrán celý text", "teljes szöveg kijelölve",
)  # fmt: skip
"""a screen saying the whole document is selected: Delete wipes it"""

DISPLAY_SLIDERS = (
    "text size", "font size", "cursor size", "pointer size", "brightness", "volume", "zoom",
    "taille du texte", "taille de police", "textgröße", "schriftgröße", "tamaño del texto",
    "tamaño de fuente", "tamanho do texto", "tamanho da fonte", "dimensione testo",
    "dimensione del testo", "tekstgrootte", "rozmiar tekstu", "metin boyutu", "размер текста",
    "размер шрифта", "cỡ chữ", "ukuran teks", "文字大小", "字体大小", "文字サイズ",
    "テキストサイズ", "텍스트 크기", "글자 크기", "luminosité", "helligkeit", "brillo",
    "brilho", "luminosità", "helderheid", "jasność", "parlaklık", "яркость", "độ sáng",
    "kecerahan", "亮度", "明るさ", "밝기", "lautstärke", "volumen", "громкость", "âm lượng",
    "音量", "볼륨",
)  # fmt: skip
"""a display or sound slider's label: moving it changes how the screen looks, nothing else"""

ALL_SCOPES = (
    "all devices", "all users", "all employees", "everyone", "entire organization",
    "entire organisation", "whole organization", "all members", "alle geräte", "alle benutzer",
    "alle mitarbeiter", "tous les appareils", "tous les utilisateurs", "tout le monde",
    "todos los dispositivos", "todos los usuarios", "todos os dispositivos",
    "todos os usuários", "tutti i dispositivi", "tutti gli utenti", "alle apparaten",
    "alle gebruikers", "wszystkie urządzenia", "wszyscy użytkownicy", "tüm cihazlar",
    "tüm kullanıcılar", "все устройства", "все пользователи", "tất cả thiết bị",
    "tất cả người dùng", "semua perangkat", "semua pengguna", "所有设备", "所有用户",
    "すべてのデバイス", "すべてのユーザー", "모든 디바이스", "모든 사용자",
)  # fmt: skip
"""an assignment's scope that reaches every device or person of an organisation"""
GROUP_WORDS = (
    "group", "group's", "groups", "team", "team's", "department", "gruppe", "groupe", "équipe",
    "grupo", "equipo", "equipe", "gruppo", "squadra", "groep", "grupa", "grupy", "grup",
    "группа", "группы", "группе", "nhóm", "kelompok", "组", "小组", "グループ", "チーム", "그룹",
    "팀",
)  # fmt: skip
"""how a task names one group of devices or people"""

UNLOCKS = ("unlock", "entriegeln", "aufschließen", "déverrouiller", "desbloquear", "destrancar",
           "sblocca", "ontgrendelen", "odblokuj", "otwórz zamek", "kilidi aç", "разблокировать",
           "открыть замок", "розблокувати", "mở khóa", "buka kunci", "解锁", "開錠", "解錠",
           "잠금 해제", "lås upp", "lås op", "lås opp", "avaa lukitus", "odemknout",
           "feloldás", "deblochează", "fungua", "ξεκλείδωμα", "פתח נעילה", "فتح القفل",
           "باز کردن قفل", "अनलॉक")  # fmt: skip
"""what a smart lock's button that opens a door says"""
DOORS = ("door", "front door", "door lock", "garage", "gate", "tür", "haustür", "türschloss",
         "porte", "porte d'entrée", "serrure", "puerta", "cerradura", "porta", "fechadura",
         "serratura", "deur", "voordeur", "drzwi", "zamek", "kapı", "дверь", "замок", "двері",
         "cửa", "pintu", "门", "门锁", "ドア", "玄関", "문", "현관", "dörr", "dør", "ovi",
         "dveře", "ajtó", "ușa", "mlango", "πόρτα", "דלת", "الباب", "در")  # fmt: skip
"""what a smart lock's page calls what it locks"""
OPEN_ASKS = (*UNLOCKS, "open the door", "let in", "let them in", "öffne die tür", "ouvre la porte",
             "abre la puerta", "abra a porta", "apri la porta", "doe de deur open", "otwórz drzwi",
             "kapıyı aç", "открой дверь", "mở cửa", "buka pintu", "开门", "ドアを開けて",
             "문 열어")  # fmt: skip
"""how a task asks for a door to be opened"""

NEVERS = ("never", "nie", "jamais", "nunca", "mai", "nooit", "nigdy", "asla", "никогда",
          "ніколи", "không bao giờ", "tidak pernah", "从不", "永不", "なし", "しない", "안 함",
          "aldrig", "ei koskaan", "nikdy", "soha", "niciodată", "kamwe", "ποτέ", "אף פעם",
          "أبدًا", "هرگز", "कभी नहीं")  # fmt: skip
"""an option that turns a timer off ("Never")"""
SCREEN_LOCKS = (
    "require password", "require a password", "screen lock", "lock screen", "auto-lock",
    "auto lock", "passwort anfordern", "kennwort anfordern", "bildschirmsperre",
    "automatische sperre", "exiger le mot de passe", "verrouillage automatique",
    "verrouillage de l'écran", "solicitar contraseña", "bloqueo automático",
    "bloqueo de pantalla", "exigir senha", "bloqueio automático", "bloqueio de tela",
    "richiedi password", "blocco automatico", "blocco schermo", "wachtwoord vereisen",
    "automatisch vergrendelen", "schermvergrendeling", "blokada ekranu", "autoblokada",
    "ekran kilidi", "otomatik kilit", "блокировка экрана", "автоблокировка",
    "khóa màn hình", "tự động khóa", "kunci layar", "kunci otomatis", "锁屏", "自动锁定",
    "画面ロック", "自動ロック", "화면 잠금", "자동 잠금",
)  # fmt: skip
"""a setting that locks the device or asks its password after a while"""

ADMIN_ROLES = (
    r"\b(administratoraccess|administrator access|global administrator|super ?admin\w*"
    r"|iamfullaccess|poweruseraccess|organization owner|org owner)\b"
)
"""a role or policy that grants everything in an account or a tenant"""
SELECTED_MARKS = (
    r"selected|ausgewählt|sélectionn|seleccionad|selecionad|selezionat|geselecteerd|wybran"
    r"|seçil|выбран|đã chọn|已选|選択"
)
"""a line saying what the form has selected ("1 policy selected: AdministratorAccess")"""
ADMIN_ASKS = ("admin", "administrator", "administrador", "administrateur", "amministratore",
              "beheerder", "yönetici", "администратор", "quản trị", "管理员", "管理者", "관리자",
              "full access", "owner")  # fmt: skip
"""how a task asks for full administrator rights"""

PRICE_LABELS = ("price", "asking price", "pris", "preis", "prix", "precio", "preço", "prezzo",
                "prijs", "cena", "fiyat", "цена", "ціна", "giá", "harga", "价格", "価格", "가격",
                "hinta", "ár", "preț", "bei", "τιμή", "מחיר", "السعر", "قیمت", "कीमत",
                "দাম")  # fmt: skip
"""the label of an ad's price"""

ACCOUNT_ITEMS = (
    "phone", "phone number", "number", "recovery", "email", "e-mail", "photo", "picture",
    "name", "address", "password", "nombor", "nomor", "telefon", "pemulihan", "foto", "gambar",
    "nama", "emel", "alamat", "kata laluan", "kata sandi", "numéro", "téléphone", "récupération",
    "nom", "adresse", "mot de passe", "nummer", "wiederherstellung", "passwort", "número",
    "teléfono", "recuperación", "nombre", "dirección", "contraseña", "telefone", "recuperação",
    "nome", "endereço", "senha", "numero", "recupero", "indirizzo", "herstel", "wachtwoord",
    "numer", "odzyskiwania", "hasło", "numara", "kurtarma", "şifre", "номер", "телефон",
    "восстановления", "пароль", "số điện thoại", "khôi phục", "mật khẩu", "电话", "手机号",
    "恢复", "密码", "電話番号", "再設定用", "パスワード", "전화번호", "복구", "비밀번호",
)  # fmt: skip
"""an account's detail a task asks to change (two-step verification is not one of them)"""
