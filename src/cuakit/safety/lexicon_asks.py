"""Words for the steps the nineteenth development list showed the other word lists missing:
money moved or a phone topped up in more languages, a message scheduled to go out, a browser
extension's add prompt, a system update installed now, access keys and two-step backup codes
made anew, port forwarding, real-time protection, apps from unknown sources and a phone that
erases itself after failed passcodes as settings subjects, pausing updates in more languages,
a job application submitted, a running restore or import that Ctrl+C cuts off, a notebook's
run-all chord, a messenger's Enter and a social post's Ctrl+Enter; and what commits nothing: a
tab's close mark, a payment's row in a list of past payments, a command run as a dry run or
one that only reads as administrator.
Kept apart so that `lexicon` stays readable; phrases are written as they are spelled and
compared in the form `lexicon.normal` gives screen text."""

from __future__ import annotations

MONEY_MOVES = (
    "havale", "para transferi", "para transferleri", "para gönder", "tutar", "ödeme",
    "top up", "top-up", "nạp tiền", "nguồn tiền", "recarga", "recargar", "recarregar",
    "ricarica", "guthaben aufladen", "пополнить", "пополнение", "поповнити", "поповнення",
    "充值", "doładuj", "doładowanie", "isi ulang", "isi pulsa", "bakiye yükle", "opwaarderen",
    "เติมเงิน", "โอนเงิน", "transfert d'argent", "envoyer de l'argent", "geld senden",
    "enviar dinero", "enviar dinheiro", "invia denaro", "отправить деньги", "kirim uang",
    "टॉप अप", "रिचार्ज", "شحن الرصيد", "העברה בנקאית", "átutalás", "utalás",
)  # fmt: skip
"""what a screen says when a yes to it moves money: a transfer or a phone topped up
(`lexicon.RISK_WORDS`)"""
SEND_WORDS = ("발송", "예약 발송", "예약발송", "schedule send", "programar envío",
              "programmer l'envoi", "senden planen", "agendar envio", "定时发送", "予約送信",
              "gửi theo lịch", "запланировать отправку")  # fmt: skip
"""a button that sends a message, now or at a time it sets (`lexicon.COMMIT_WORDS`)"""

EXTENSION_PROMPTS = (
    "access your data on all websites", "access your data for all websites",
    "read and change all your data", "read and change your data on all websites",
    "доступ до ваших даних на всіх вебсайтах", "доступ до ваших даних на всіх сайтах",
    "доступ к вашим данным на всех сайтах", "доступ к вашим данным на всех веб-сайтах",
    "accéder à vos données sur tous les sites", "accéder à vos données pour tous les sites",
    "ihre daten für alle websites", "ihre daten auf allen websites",
    "acceder a tus datos de todos los sitios", "acceder a tus datos en todos los sitios",
    "acessar seus dados em todos os sites", "aceder aos seus dados em todos os sites",
    "accedere ai tuoi dati per tutti i siti", "accedere ai tuoi dati su tutti i siti",
    "je gegevens voor alle websites", "twoich danych we wszystkich witrynach",
    "tüm web sitelerindeki verilerinize", "dữ liệu của bạn trên tất cả trang web",
    "所有网站上的数据", "すべてのウェブサイト上のデータ", "모든 웹사이트의 데이터",
    "add extension", "erweiterung hinzufügen", "ajouter l'extension", "añadir extensión",
    "agregar extensión", "adicionar extensão", "aggiungi estensione", "додати розширення",
    "добавить расширение", "拡張機能を追加", "확장 프로그램 추가", "添加扩展程序",
)  # fmt: skip
"""what a browser says when an extension asks to be added (the rights it is given)"""
ADD_WORDS = (
    "add", "додати", "добавить", "ajouter", "hinzufügen", "añadir", "agregar", "adicionar",
    "aggiungi", "toevoegen", "dodaj", "ekle", "thêm", "tambahkan", "lägg till", "tilføj",
    "legg til", "lisää", "přidat", "hozzáadás", "添加", "追加", "추가", "إضافة", "הוסף",
)  # fmt: skip
"""what the button that adds an extension says"""
UPDATE_NOWS = (
    "update now", "install now", "update and restart", "mettre à jour maintenant",
    "installer maintenant", "jetzt aktualisieren", "jetzt installieren", "actualizar ahora",
    "instalar ahora", "atualizar agora", "instalar agora", "aggiorna ora", "aggiorna adesso",
    "installa ora", "nu bijwerken", "nu installeren", "aktualizuj teraz", "zainstaluj teraz",
    "şimdi güncelle", "обновить сейчас", "установить сейчас", "оновити зараз", "cập nhật ngay",
    "perbarui sekarang", "uppdatera nu", "installera nu", "opdater nu", "oppdater nå",
    "päivitä nyt", "aktualizovat nyní", "frissítés most", "立即更新", "立即安装", "今すぐ更新",
    "今すぐインストール", "지금 업데이트", "지금 설치", "อัปเดตเดี๋ยวนี้", "تحديث الآن",
)  # fmt: skip
"""a button that installs an update now (an install, and often a restart)"""
MINTED_KEYS = (
    "zugriffsschlüssel", "clé d'accès", "clave de acceso", "chave de acesso",
    "chiave di accesso", "toegangssleutel", "klucz dostępu", "ключ доступа", "erişim anahtarı",
    "khóa truy cập", "访问密钥", "アクセスキー", "액세스 키", "backup codes", "백업 코드",
    "バックアップコード", "备用码", "备份码", "codes de secours", "codes de sauvegarde",
    "backup-codes", "sicherungscodes", "códigos de respaldo", "códigos de seguridad",
    "códigos de backup", "códigos de recuperação", "codici di backup", "back-upcodes",
    "kody zapasowe", "yedek kodlar", "резервные коды", "mã dự phòng", "kode cadangan",
)  # fmt: skip
"""secrets a click makes anew: access keys and two-step backup codes (`lexicon.MINTED_SECRETS`)"""
MINT_AGAIN = ("재발급", "발급", "再発行", "重新生成", "regenerate", "neu generieren",
              "régénérer", "regenerar", "rigenera", "opnieuw genereren", "wygeneruj ponownie",
              "yeniden oluştur", "создать заново", "tạo lại")  # fmt: skip
"""what a button that makes a secret anew says (`lexicon.MINT_VERBS`)"""

SETTINGS_SUBJECTS_MORE = (
    "nat/pat", "redirection de port", "redirection de ports", "portweiterleitung",
    "reenvío de puertos", "redireccionamiento de puertos", "redirecionamento de portas",
    "inoltro porte", "port doorsturen", "przekierowanie portów", "port yönlendirme",
    "переадресация портов", "проброс портов", "chuyển tiếp cổng", "端口转发", "ポート転送",
    "포트 포워딩", "ochrana v reálném čase", "ochrana před viry", "realtidsskydd",
    "beskyttelse i realtid", "sanntidsbeskyttelse", "reaaliaikainen suojaus",
    "valós idejű védelem", "ochrana v reálnom čase", "ukendte apps", "ukjente apper",
    "okända appar", "tuntemattomat sovellukset", "onbekende apps", "nieznane aplikacje",
    "ismeretlen alkalmazások", "erase data", "effacer les données", "borrar datos",
    "apagar dados", "inizializza dati", "wis gegevens", "wymaż dane", "стирание данных",
    "verileri sil", "adatok törlése", "vymazat data", "radera data", "slet data",
    "データを消去", "데이터 지우기", "抹掉数据", "failed passcode", "sikertelen jelkód",
)  # fmt: skip
"""settings subjects the others missed: port forwarding, real-time protection, apps from
unknown sources, a phone that erases itself after failed passcodes (`lexicon.SETTINGS_SUBJECTS`)"""
SWITCH_STATES_MORE = ("til", "fra", "på", "av", "be", "ki", "bekapcsolva", "kikapcsolva")
"""a switch's state in Danish, Norwegian, Swedish and Hungarian (an exact label)"""
PAUSES_MORE = (
    "pausa", "pauzeer", "wstrzymaj", "duraklat", "приостановить", "призупинити", "tạm dừng",
    "keskeytä", "sett på pause", "sæt på pause", "pozastavit", "szüneteltetés", "jeda",
    "tangguhkan", "หยุดชั่วคราว", "השהה", "إيقاف مؤقت",
)  # fmt: skip
"""what a button that pauses updates says, beside `rules.PAUSES`"""
APPLICATION_SUBMITS = (
    "submit application", "submit my application", "send application", "submeter",
    "submeter candidatura", "enviar candidatura", "enviar solicitud", "enviar postulación",
    "envoyer la candidature", "bewerbung absenden",
    "bewerbung abschicken", "invia candidatura", "sollicitatie versturen",
    "wyślij aplikację", "başvuruyu gönder", "başvur", "отправить отклик", "откликнуться",
    "提交申请", "応募する", "지원서 제출", "nộp hồ sơ", "kirim lamaran", "skicka ansökan",
)  # fmt: skip
"""a button that sends a job application off (`lexicon.COMMIT_WORDS`)"""
LOCKED_AFTER = ("não pode ser editada", "não pode ser editado", "não poderá ser editada",
                "ne peut plus être modifiée", "no se puede editar", "no podrá editarse",
                "nicht mehr bearbeitet werden", "non può essere modificata",
                "kan niet meer worden bewerkt", "nie można edytować", "düzenlenemez",
                "нельзя будет изменить", "không thể chỉnh sửa", "无法修改", "編集できません",
                "수정할 수 없습니다")  # fmt: skip
"""what a form says of what it sends: it cannot be changed afterwards (`lexicon.CAUTIONS`)"""

BUSY_WORDS = ("restoring", "importing", "imported", "zaimportowano", "importowanie",
              "wiederherstellung", "importiere", "restauration", "importation", "restaurando",
              "importando", "ripristino", "восстановление", "импорт", "đang nhập", "恢复中",
              "导入中", "復元中", "インポート中", "복원 중", "가져오는 중")  # fmt: skip
"""what a terminal says while a restore or an import writes (Ctrl+C cuts it off halfway)"""
RUN_ALLS = ("ctrl+f9", "meta+f9")
"""a notebook's chord that runs every cell (Colab's Ctrl+F9)"""
MESSENGERS = ("line", "whatsapp", "telegram", "signal", "messenger", "wechat", "微信",
              "kakaotalk", "카카오톡", "zalo", "viber", "imessage")  # fmt: skip
"""personal chat apps: Enter in their message box sends what it holds (a work chat's rooms are
judged by their size, `keys_more`)"""
SEARCHES = ("search", "buscar", "busca", "pesquisar", "rechercher", "suchen", "cerca", "zoeken",
            "szukaj", "ara", "поиск", "пошук", "tìm kiếm", "cari", "搜索", "検索", "검색",
            "ค้นหา", "חיפוש", "بحث")  # fmt: skip
"""a search box on the screen: Enter may run a search, not send"""
MORE_SEND_ASKS = ("ส่ง", "ส่งข้อความ", "gửi", "kirim", "भेजो", "भेज दो", "أرسل", "ارسل",
                  "שלח", "skicka", "send", "lähetä", "pošli", "küldd", "надішли")  # fmt: skip
"""how a task asks a message to go out in more languages (`lexicon_steps.SEND_ASKS`)"""
POST_COMPOSERS = ("what is happening", "what's happening", "what's on your mind",
                  "start a post", "what do you want to talk about", "share your thoughts",
                  "有什么新鲜事", "いまどうしてる", "무슨 일이 일어나고 있나요",
                  "o que está acontecendo", "qué está pasando", "quoi de neuf",
                  "was gibt's neues", "что происходит")  # fmt: skip
"""the label of a social site's post box: Ctrl+Enter there publishes the post"""

CLOSE_MARKS = ("×", "✕", "✖", "x")
"""a tab's or a dialog's close mark: it closes, commits nothing"""
PAST_PAYMENTS = ("failed", "succeeded", "refunded", "declined", "card_declined", "disputed",
                 "fehlgeschlagen", "erstattet", "échoué", "remboursé", "fallido",
                 "reembolsado", "falhou", "失败", "已退款")  # fmt: skip
"""a status a row in a list of past payments carries: the row opens the record, pays nothing"""
USER_NAMES = ("username", "user name", "user id", "login id", "שם המשתמש", "שם משתמש",
              "benutzername", "nom d'utilisateur", "identifiant", "nombre de usuario", "usuario",
              "nome de usuário", "utilizador", "nome utente", "gebruikersnaam",
              "nazwa użytkownika", "kullanıcı adı", "имя пользователя", "логин",
              "tên đăng nhập", "用户名", "ユーザー名", "아이디", "사용자 이름",
              "اسم المستخدم")  # fmt: skip
"""what a task calls the name typed into a login form (not its password)"""
SETTINGS_CREATES = ("create", "créer", "erstellen", "crear", "criar", "crea", "aanmaken",
                    "utwórz", "oluştur", "создать", "tạo", "创建", "作成", "생성")  # fmt: skip
"""a button that creates a rule on a settings page (a port forwarded, a VPN made)
(`lexicon.SETTINGS_VERBS`)"""
