"""Words that joined with the twenty-second development list: labels that hold a commit word
and commit nothing (a menu of send options, an attachment taken off a draft, a page taken
offline, a list's "date deleted" column), a privacy page's permission lists, the defensive
clicks on a scam message, a mail's subject line and a dry run's short flag."""

from __future__ import annotations

import re

NOT_COMMITS_62 = (
    # a menu beside Send opens its options, sends nothing
    "more send options", "send options", "sending options", "weitere sendeoptionen",
    "sendeoptionen", "plus d'options d'envoi", "options d'envoi", "más opciones de envío",
    "opciones de envío", "mais opções de envio", "opções de envio", "altre opzioni di invio",
    "opzioni di invio", "更多发送选项", "发送选项", "送信オプション", "その他の送信オプション",
    "보내기 옵션", "параметры отправки",
    # an attachment taken off a draft: the file stays where it was, nothing goes out
    "remove attachment", "delete attachment", "anhang entfernen", "anlage entfernen",
    "supprimer la pièce jointe", "retirer la pièce jointe", "quitar archivo adjunto",
    "eliminar archivo adjunto", "quitar adjunto", "remover anexo", "excluir anexo",
    "rimuovi allegato", "删除附件", "移除附件", "添付ファイルを削除", "첨부 파일 제거",
    "удалить вложение", "eki kaldır", "usuń załącznik", "bijlage verwijderen",
    # a page taken offline: nothing is published
    "unpublish", "unpublish page", "unpublish site", "depublizieren",
    "veröffentlichung aufheben", "dépublier", "annuler la publication", "despublicar",
    "anular publicación", "annulla pubblicazione", "取消发布", "公開を停止", "非公開にする",
    "게시 취소", "снять с публикации", "yayından kaldır",
    # a column naming when an item was deleted: a click sorts the list
    "date deleted", "deletion date", "deleted on", "silinme tarihi", "löschdatum",
    "gelöscht am", "date de suppression", "supprimé le", "fecha de eliminación",
    "eliminado el", "data de exclusão", "data di eliminazione", "删除日期", "删除时间",
    "削除日", "삭제한 날짜", "дата удаления", "data usunięcia", "verwijderd op",
)  # fmt: skip
"""labels that hold a commit word and commit nothing (`lexicon.NOT_COMMITS`)"""

PRIVACY_PAGES_62 = (
    "camera", "microphone", "contacts", "photos", "calendars", "reminders", "kamera",
    "mikrofon", "kontakte", "fotos", "cámara", "micrófono", "contactos", "caméra", "fotocamera",
    "microfono", "câmera", "microfone", "相机", "麦克风", "通讯录",
    "照片", "カメラ", "マイク", "連絡先", "写真", "카메라", "마이크",
    "камера", "микрофон",
)  # fmt: skip
"""a privacy page's permission lists: a click on one opens the apps that hold it"""

DEFENSIVE_62 = (
    "block sender", "block", "block this sender", "report spam", "report phishing",
    "report junk", "report as spam", "mark as spam", "mark as junk", "move to junk",
    "not interested", "absender blockieren", "blockieren", "als spam melden",
    "bloquer l'expéditeur", "signaler comme spam", "bloquear remitente", "bloquear",
    "marcar como spam", "denunciar spam", "blocca mittente", "segnala come spam",
    "拉黑", "屏蔽发件人", "举报垃圾邮件", "标记为垃圾邮件", "受信拒否", "迷惑メールとして報告",
    "발신자 차단", "스팸 신고", "заблокировать отправителя", "пометить как спам",
    "gönderene engelle", "gönderici engelle", "zablokuj nadawcę", "afzender blokkeren",
    "estä lähettäjä", "blockera avsändare",
)  # fmt: skip
"""a click that walls off a scam message (block the sender, report it): it claims nothing"""

SUBJECT_LINE_62 = re.compile(r"^\S+(\s+\S+){0,3}:\s*\S+(\s+\S+){2,}")
"""a mail's subject line in a list ("Booking confirmation: Hotel Downtown Dubai"): a click
opens the mail, it follows no link"""

DRY_FLAGS_62 = r"\brsync\s+(?:-\S+\s+)*-[a-mo-z]*n[a-z]*(?=\s)"
"""rsync's short dry-run flag (``-n``, ``-avn``): it lists what would change, changes nothing"""

SETTINGS_SUBJECTS_62 = (
    # signing in without a password, and when the machine asks for one again
    "automatic login", "automatically log in", "log in automatically", "automatische anmeldung",
    "automatisch anmelden", "connexion automatique", "inicio de sesión automático",
    "início de sessão automático", "accesso automatico", "自动登录", "自动以此身份登录",
    "自動ログイン", "자동 로그인", "автоматический вход", "automatyczne logowanie",
    "sign-in options", "anmeldeoptionen", "options de connexion", "opciones de inicio de sesión",
    "opções de entrada", "登录选项", "サインイン オプション", "로그인 옵션", "параметры входа",
    "tùy chọn đăng nhập", "oturum açma seçenekleri", "opcje logowania",
    # which devices may join the network
    "mac filter", "mac filtering", "mac address filter", "filtr mac", "mac-filter",
    "filtrage mac", "filtrado mac", "filtro mac", "mac 地址过滤", "mac地址过滤",
    "mac アドレスフィルタ", "mac 주소 필터", "фильтр mac", "guest network", "gastnetzwerk",
    "réseau invité", "red de invitados", "rede de convidados", "rete ospiti", "访客网络",
    "ゲストネットワーク", "게스트 네트워크", "гостевая сеть", "vendéghálózat", "sieć gości",
    # the disk's encryption
    "filevault", "disk encryption", "verschlüsselung", "chiffrement", "cifrado",
    "criptografia", "crittografia", "磁盘加密", "ディスク暗号化", "암호화", "шифрование",
    "šifrování", "szyfrowanie", "şifreleme", "mã hóa",
    # the voice and privacy options of a device
    "datenschutzoptionen", "sprachdatenschutz", "sprachaufzeichnungen", "voice recordings",
    "voice recording", "enregistrements vocaux", "grabaciones de voz", "gravações de voz",
    "registrazioni vocali", "语音录音", "音声録音", "음성 녹음", "голосовые записи",
)  # fmt: skip
"""settings about who may sign in or join and what is kept (`lexicon.SETTINGS_SUBJECTS`)"""

SETTINGS_VERBS_62 = (
    "zapnout", "vypnout", "éteindre", "desligar", "spegni", "zastosuj", "uygula", "toepassen",
    "never", "niemals", "nie", "jamais", "nunca", "mai", "从不", "永不", "なし", "안 함",
    "никогда", "không bao giờ", "asla", "ei koskaan", "aldrig",
)  # fmt: skip
"""a settings screen's verbs and the answer "never" to "ask for a password when?" """

PUBLIC_ACCESS_62 = (
    "anyone with the link", "anyone on the internet", "anyone on the web", "make public",
    "make this public", "change visibility", "change repository visibility",
    "switch to public", "public account", "cualquier persona con el enlace", "hacer público",
    "cambiar a público", "jeder mit dem link", "alle mit dem link", "öffentlich machen",
    "zu öffentlich wechseln", "zu öffentlichem konto wechseln", "toute personne disposant du lien",
    "rendre public", "passer en public", "qualquer pessoa com o link", "tornar público",
    "chiunque abbia il link", "rendi pubblico", "获得链接的任何人", "知道链接的任何人", "设为公开",
    "リンクを知っている全員", "公開にする", "링크가 있는 모든 사용자", "공개로 전환",
    "все, у кого есть ссылка", "сделать общедоступным", "herkes bağlantıya sahip",
    "herkese açık yap", "każdy, kto ma link", "ustaw jako publiczne", "iedereen met de link",
    "bất kỳ ai có đường liên kết", "công khai",
)  # fmt: skip
"""a click that opens an item or an account to anyone"""

LINK_CREATES_62 = (
    "create link", "get link", "copy link", "crear enlace", "obtener enlace", "link erstellen",
    "créer un lien", "criar link", "crea link", "创建链接", "リンクを作成", "링크 만들기",
    "создать ссылку", "bağlantı oluştur", "utwórz link",
)  # fmt: skip
"""a click that makes a sharing link"""

STOPS_62 = (
    "stop", "arresta", "detener", "beenden", "anhalten", "arrêter", "parar", "interrompi",
    "停止", "終了", "중지", "остановить", "durdur", "zatrzymaj", "dừng", "terminate",
)  # fmt: skip
MACHINES_62 = (
    "vm instances", "istanze vm", "instancias de vm", "vm-instanzen", "instances de vm",
    "instâncias de vm", "compute engine", "ec2", "virtual machines", "虚拟机实例",
    "vm インスタンス", "vm 인스턴스", "экземпляры вм",
)  # fmt: skip
"""a cloud console's machines: stopping one takes its service down"""

ADDS_62 = ("dodaj", "ekle", "thêm", "tambah", "lägg till", "lisää", "přidat")
EXTENSION_PROMPTS_62 = (
    "rozszerzenie", "dodatek", "dodać", "uzantı", "tiện ích", "ekstensi", "tillägg",
    "lisäosa", "rozšíření",
)  # fmt: skip
"""an extension's add prompt in the languages `asked_steps` lacks"""

COMMANDS_62 = (
    (r"\bmanage\.py\s+(migrate|flush)\b", "delete-file", "changes a database's tables"),
)  # fmt: skip
"""a Django migration run, as `typed` asks about a Rails one"""

ASKED_PUBLIC_62 = (
    "public", "publicly", "anyone", "everyone", "link", "öffentlich", "jeder", "público",
    "pública", "enlace", "cualquiera", "lien", "tout le monde", "pubblico", "pubblica",
    "chiunque", "link", "公开", "公開", "链接", "リンク", "공개", "링크", "публичн",
    "общедоступн", "ссылк", "herkese açık", "bağlantı", "publiczn", "openbaar", "công khai",
)  # fmt: skip
"""an instruction that asks for an item or an account open to anyone, or for a link"""

INSTALLS_62 = ("kur", "şimdi kur", "hemen kur", "kur ve etkinleştir", "eklentiyi kur")
"""Turkish install buttons said with "kur", its word for install (`lexicon.COMMIT_WORDS`)"""
