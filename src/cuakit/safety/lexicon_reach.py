"""Words for `cuakit.safety.asked_reach`: steps that reach further than they seem (a link in a
mail that confirms, joins or signs in; an app password; a privacy switch in a chat app; a
claim or an appointment sent off; a share with no end; a cancel where a move was asked; a
selection or a paste far larger than the task's one item; a bucket opened to everyone).

Compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

MAIL_ACTION_LINKS = (
    "confirm", "verify", "activate", "accept", "join", "invitation", "view invitation",
    "sign in", "log in", "login", "signin", "magic link", "confirm email", "verify email",
    "bestatigen", "bestaetigen", "bestatigung", "bestaetigung", "verifizieren", "aktivieren",
    "einladung", "annehmen", "beitreten", "anmelden", "confirmer", "verifier", "activer",
    "accepter", "rejoindre", "se connecter", "confirmar", "verificar", "activar", "aceptar",
    "unirse", "invitacion", "iniciar sesion", "ativar", "aceitar", "entrar", "convite",
    "conferma", "verifica", "attiva", "accetta", "unisciti", "invito", "accedi",
    "bevestigen", "uitnodiging", "inloggen", "potwierdz", "zaproszenie", "zaloguj", "onayla",
    "davet", "giris yap", "подтвердить", "подтвердите", "приглашение", "войти",
    "принять", "підтвердити", "підтвердіть", "запрошення", "увійти", "xac nhan",
    "loi moi", "dang nhap", "konfirmasi", "verifikasi", "undangan", "确认", "验证",
    "邀请", "登录", "認証", "招待", "ログイン", "인증", "초대", "로그인",
    "אשר", "הזמנה", "התחבר", "تأكيد", "دعوة", "تسجيل الدخول", "पुष्टि", "आमंत्रण",
    "email-confirm", "email-bestaetigung", "loginwithemail", "magic-link",
)  # fmt: skip
"""a link or a button in a mail that confirms an address, accepts an invitation or signs in"""
APP_PASSWORDS = (
    "app password", "app passwords", "app-specific password", "app-passwort",
    "app-passworter", "mot de passe d'application", "mots de passe d'application",
    "contrasena de aplicacion", "contrasenas de aplicacion", "senha de app", "senhas de app",
    "password per le app", "password dell'app", "app-wachtwoord", "hasło aplikacji",
    "hasla aplikacji", "uygulama şifresi", "пароль приложения", "пароли приложений",
    "пароль застосунку", "mat khau ung dung", "sandi aplikasi", "应用专用密码", "应用密码",
    "アプリ パスワード", "アプリパスワード", "앱 비밀번호", "סיסמת אפליקציה", "كلمة مرور التطبيق",
)  # fmt: skip
"""a page that makes an app password (it signs in without the second step)"""
CREATES = (
    "create", "generate", "erstellen", "generieren", "creer", "generer", "crear", "generar",
    "criar", "gerar", "crea", "genera", "aanmaken", "genereren", "utworz", "generuj",
    "olustur", "создать", "сгенерировать", "створити", "tao", "buat", "创建", "生成",
    "作成", "만들기", "생성", "צור", "إنشاء",
)  # fmt: skip
"""the button that makes something new"""
CHAT_PRIVACY = (
    "privacy", "who can see", "strangers", "last seen", "profile photo", "read receipts",
    "datenschutz", "fremde", "confidentialite", "inconnus", "privacidad", "desconocidos",
    "privacidade", "desconhecidos", "riservatezza", "sconosciuti", "конфиденциальность",
    "незнакомцы", "приватність", "quyen rieng tu", "privasi", "隐私", "陌生人", "朋友权限",
    "隱私", "プライバシー", "知らない人", "개인정보", "모르는 사람", "פרטיות", "الخصوصية",
)  # fmt: skip
"""a chat app's privacy setting (who sees the profile, the posts, the status)"""
INDEFINITES = (
    "indefinitely", "share indefinitely", "until i turn it off", "until you turn it off",
    "unbegrenzt", "unbefristet", "indefiniment", "indefinidamente", "indefinitamente",
    "per sempre", "onbepaalde tijd", "bezterminowo", "suresiz", "süresiz", "бессрочно",
    "безстроково", "vo thoi han", "tanpa batas", "无限期", "無期限", "무기한", "ללא הגבלה",
    "إلى أجل غير مسمى", "अनिश्चित",
)  # fmt: skip
"""a share or an access with no end"""
SPANS = (
    "hour", "hours", "minute", "minutes", "today", "stunde", "stunden", "minuten", "heute",
    "heure", "heures", "aujourd'hui", "hora", "horas", "minutos", "hoy", "hoje", "ora", "ore",
    "oggi", "uur", "godzine", "godzina", "saat", "час", "часа", "часов", "годину",
    "jam", "小时", "小時", "分钟", "今天", "時間", "分間", "今日", "시간", "오늘", "שעה",
    "ساعة", "घंटे", "घंटा",
)  # fmt: skip
"""a time limit a task sets ("for one hour", "just today")"""
MOVES = (
    "reschedule", "move", "postpone", "verschieben", "verlegen", "deplacer", "reporter",
    "reprogramar", "cambiar la cita", "remarcar", "spostare", "sposta", "verzetten",
    "przełóż", "przeloz", "ertele", "перенеси", "перенести", "перенесите", "перенесіть",
    "doi lich", "jadwal ulang", "改期", "改约", "変更", "予約変更", "변경", "일정 변경",
    "דחה", "הזז", "إعادة جدولة", "बदल",
)  # fmt: skip
"""how a task asks to move an appointment, not to drop it"""
PUBLIC_GRANTS = r"\ballusers\b|\ballauthenticatedusers\b|\bpublic-read(-write)?\b"
"""a cloud permission that opens a bucket or an object to everyone"""
PUBLISHES = (
    r"^\$?\s*(npm|pnpm|yarn)\s+publish\b|^\$?\s*(cargo|dotnet nuget)\s+publish\b"
    r"|^\$?\s*twine\s+upload\b|^\$?\s*gem\s+push\b|^\$?\s*poetry\s+publish\b"
)
"""a command line that releases a package to a public registry"""
ROW_WORDS = (
    "rows", "lines", "zeilen", "lignes", "filas", "linhas", "righe", "rijen", "wierszy",
    "wiersze", "satır", "строк", "строки", "рядків", "dong", "baris", "行", "행", "שורות",
    "صفوف", "पंक्तियाँ",
)  # fmt: skip
"""a table's row count ("(1,204 rows)")"""
ONE_ROW_ASKS = (
    "row", "line", "zeile", "ligne", "fila", "linha", "riga", "rij", "wiersz", "satır",
    "строку", "строка", "рядок", "dong", "baris", "行", "행", "שורת", "שורה", "صف", "पंक्ति",
)  # fmt: skip
"""how a task names one row to paste"""
EXTENSION_PROMPTS_MORE = (
    "所有網站的資料", "所有網站上的資料", "所有网站的数据", "新增擴充功能", "新增擴充套件",
    "全てのウェブサイト上のデータ", "모든 웹사이트에서 데이터", "все ваши данные на всех сайтах",
    "dostęp do twoich danych na wszystkich stronach", "semua situs web",
)  # fmt: skip
"""more of what a browser says when an extension asks to be added (traditional Chinese first)"""
ADD_MORE = ("新增", "加入", "安裝", "安装", "添加到", "추가하기", "インストール")
"""more of what the button that adds an extension says"""
POST_COMPOSERS_MORE = (
    "create a post", "create post", "crear publicacion", "crear una publicacion",
    "creer un post", "creer une publication", "beitrag erstellen", "criar publicacao",
    "crea un post", "creare un post", "bericht maken", "utworz post", "gonderi olustur",
    "создать публикацию", "створити допис", "tao bai viet", "buat postingan", "创建帖子",
    "發佈貼文", "投稿を作成", "게시물 만들기", "יצירת פוסט", "إنشاء منشور",
)  # fmt: skip
"""more labels of a social site's post box (a professional network's "Create a post")"""
SUBMIT_CLAIMS = (
    "submit claim", "file claim", "file a claim", "report claim", "schaden melden",
    "schadensmeldung absenden", "declarer le sinistre", "declarer un sinistre",
    "enviar parte", "dar parte", "enviar reclamacion", "enviar sinistro", "comunicar sinistro",
    "denuncia sinistro", "invia denuncia", "schade melden", "zglos szkode", "hasar bildir",
    "заявить о страховом случае", "отправить заявление", "повідомити про страховий випадок",
    "提交理赔", "提交索赔", "保険金を請求", "보험금 청구", "הגש תביעה", "تقديم مطالبة",
    "book appointment", "book the appointment", "confirm appointment", "termin buchen",
    "termin bestatigen", "prendre rendez-vous", "confirmer le rendez-vous", "reservar cita",
    "confirmar cita", "agendar", "confirmar agendamento", "prenota appuntamento",
    "conferma prenotazione", "afspraak maken", "umow wizyte", "randevu al", "записаться",
    "подтвердить запись", "записатися", "dat lich", "buat janji", "预约", "確定預約",
    "予約する", "予約を確定", "예약하기", "예약 확정", "קבע תור", "حجز موعد",
    "अपॉइंटमेंट बुक करें", "बुक करें",
)  # fmt: skip
"""a button that sends an insurance claim or books an official appointment"""
UNVERIFIED = (
    "unverified", "not verified", "nicht verifiziert", "non verifie", "no verificado",
    "nao verificado", "non verificato", "niet geverifieerd", "niezweryfikowany",
    "dogrulanmamis", "непроверенный", "не проверено", "не перевірено", "chua xac minh",
    "belum diverifikasi", "未验证", "未驗證", "未確認", "미확인", "לא מאומת", "غير موثق",
)  # fmt: skip
"""an app directory's mark on an app whose maker is not checked"""
APP_ADDS = ("add to", "install", "allow", "authorize", "connect", "installieren", "zulassen",
            "autoriser", "installer", "instalar", "permitir", "autorizar", "installa",
            "consenti", "autorizza", "установить", "разрешить", "安装", "允许", "授权",
            "インストール", "許可", "설치", "허용")  # fmt: skip
"""the button that connects an app to a workspace"""
OWNERS = (
    "owner", "tulajdonos", "proprietaire", "eigentumer", "eigentuemer", "inhaber",
    "propietario", "proprietario", "eigenaar", "wlasciciel", "sahip", "владелец", "власник",
    "chu so huu", "pemilik", "所有者", "拥有者", "オーナー", "소유자", "בעלים", "مالك",
    "admin", "administrator", "adminisztrator", "administrateur", "administrador",
    "amministratore", "beheerder", "yonetici", "администратор", "адміністратор", "管理员",
    "管理者", "관리자", "מנהל", "مسؤول",
)  # fmt: skip
"""a role that rules a whole organisation or vault"""
ROLE_LABELS = (
    "role", "szerepkor", "rolle", "rol", "funcao", "ruolo", "rola", "роль", "vai tro", "peran",
    "角色", "ロール", "役割", "역할", "תפקיד", "الدور", "permission", "access level",
)  # fmt: skip
"""the label of the role a form gives ("Role: Owner")"""
