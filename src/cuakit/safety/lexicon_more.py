"""More words for `cuakit.safety.rules_more` and `keys_more`: a bare yes that is one short word
with its access key ("예(Y)", "Tak"), copying a value, the fields a copy hands out no secret from,
opening a download's folder, forcing an app to quit, cancelling every booking at once, a
checkout's step onward to shipping, payment-request links, a chat room's member count, and a
message box's label.
Kept apart so that `lexicon` stays readable; phrases are written as they are spelled and
compared in the form `lexicon.normal` gives screen text."""

from __future__ import annotations

from cuakit.safety.lexicon_63 import SHORT_YES_63

SHORT_YES = ("예", "네", "tak", "ano", "igen", "có", "vâng", "ja", "yes", "oui", "sí", "si",
             "da", "ok", "はい", "是", "是的", "确定", "確定", "ndiyo", "evet", "sim",
             "kyllä", *SHORT_YES_63)  # fmt: skip
"""a yes that is one short word: compared whole, an access key ("(Y)", "&") left out (a Korean
"예" is a letter of many words, "예약" among them, so it is never looked for inside one)"""

COPY_VERBS = (
    "copy", "复制", "複製", "コピー", "복사", "копировать", "скопировать", "копіювати",
    "kopieren", "copier", "copiar", "copia", "kopiëren", "kopieer", "kopiuj", "kopyala",
    "sao chép", "คัดลอก", "salin", "kopiera", "kopioi", "kopírovat", "αντιγραφή", "העתק",
    "نسخ", "کپی", "nakili", "कॉपी करें",
)  # fmt: skip
"""what a button that puts a value on the clipboard says"""

PLAIN_FIELDS = (
    "username", "user name", "user id", "login name", "email", "e-mail", "email address", "uri",
    "url", "website", "link", "benutzername", "nom d'utilisateur", "nombre de usuario",
    "nome de usuário", "nome utente", "gebruikersnaam", "nazwa użytkownika", "kullanıcı adı",
    "имя пользователя", "логин", "用户名", "ユーザー名", "사용자 이름", "tên người dùng",
    "nama pengguna", "användarnamn", "käyttäjätunnus", "uživatelské jméno",
)  # fmt: skip
"""fields a copy button names that hold no secret ("Copy username")"""

FOLDER_REVEALS = (
    "show in folder", "show in finder", "open containing folder", "open folder",
    "open file location", "reveal in finder", "in ordner anzeigen", "im ordner anzeigen",
    "im finder anzeigen", "afficher dans le dossier", "ouvrir le dossier",
    "mostrar en la carpeta", "abrir carpeta", "mostrar na pasta", "abrir pasta",
    "mostra nella cartella", "apri cartella", "weergeven in map", "map openen",
    "pokaż w folderze", "klasörde göster", "показать в папке", "открыть папку",
    "在文件夹中显示", "打开文件夹", "フォルダーに表示", "フォルダーを開く", "폴더에 표시",
    "폴더 열기", "hiển thị trong thư mục", "tampilkan di folder", "visa i mapp",
    "näytä kansiossa", "zobrazit ve složce",
)  # fmt: skip
"""a download list's link that opens the folder a file lies in (the file itself stays shut)"""

FORCE_QUITS = (
    "force quit", "end task", "forcer à quitter", "forcer la fermeture", "fin de tâche",
    "sofort beenden", "task beenden", "forzar salida", "forzar cierre", "finalizar tarea",
    "forçar encerrar", "forçar saída", "finalizar tarefa", "uscita forzata", "forza uscita",
    "termina attività", "geforceerd stoppen", "taak beëindigen", "wymuś koniec",
    "wymuś zakończenie", "zakończ zadanie", "zorla çık", "görevi sonlandır",
    "завершить принудительно", "принудительно завершить", "снять задачу", "强制退出",
    "结束任务", "強制終了", "タスクの終了", "강제 종료", "작업 끝내기", "buộc thoát",
    "kết thúc tác vụ", "paksa keluar", "akhiri tugas", "lazimisha kuacha", "tvångsavsluta",
    "pakota lopetus", "vynutit ukončení", "ukončit úlohu", "αναγκαστικός τερματισμός",
    "إنهاء إجباري", "إنهاء المهمة",
)  # fmt: skip
"""what a dialog or a task list offers to end a program that is running (its unsaved work is
lost)"""

CANCEL_VERBS = ("cancel", "annuler", "cancelar", "absagen", "stornieren", "annulla",
                "disdici", "annuleren", "anuluj", "odwołaj", "iptal et", "отменить", "取消",
                "キャンセル", "취소", "hủy", "batalkan", "avboka", "peruuta", "zrušit")  # fmt: skip
ALL_WORDS = ("all", "every", "tout", "tous", "toutes", "todos", "todas", "alle", "tutti", "tutte",
             "wszystkie", "tüm", "hepsini", "все", "全部", "所有", "すべて", "全て", "모두",
             "전체", "tất cả", "semua", "kaikki", "vše", "všechny")  # fmt: skip
"""a button that cancels every booking, order or appointment at once ("Cancel all upcoming
appointments (4)")"""
QUEUES = ("download", "downloads", "upload", "uploads", "print", "printing", "selection",
          "edits", "changes")  # fmt: skip
"""what cancelling all of loses nothing kept (transfers, a print queue, unsaved edits)"""

ONWARD_STEPS = (
    "continue to shipping", "continue to delivery", "continue to information",
    "continue to address", "proceed to shipping", "proceed to delivery", "next: shipping",
    "weiter zum versand", "weiter zur lieferung", "weiter zur lieferadresse",
    "continuer vers la livraison", "continuer vers l'expédition", "continuar al envío",
    "continuar con el envío", "continuar a envío", "continuar para a entrega",
    "continuar para o envio", "prosegui con la spedizione", "continua con la spedizione",
    "doorgaan naar verzending", "doorgaan naar bezorging", "przejdź do dostawy",
    "teslimata devam et", "перейти к доставке", "配送へ進む", "お届け先へ進む",
    "继续填写配送信息", "배송 정보로 계속",
)  # fmt: skip
"""a checkout's button onward to the shipping step: it places nothing (a breadcrumb beside it
may name the payment step still to come)"""

PAY_LINK_HOSTS = ("paypal.me", "venmo.me", "cash.app", "revolut.me", "monzo.me",
                  "buy.stripe.com", "pay.wise.com", "wise.com/pay", "ko-fi.com",
                  "buymeacoffee.com", "paylink.sumup.com", "qr.alipay.com")  # fmt: skip
"""addresses that open a page asking for a payment to someone (a request sent by text or mail
is the commonest rent and invoice scam)"""

MEMBERS = (
    "members", "member", "jäsentä", "jäsenet", "mitglieder", "membres", "miembros", "membros",
    "membri", "leden", "członków", "członkowie", "üye", "участников", "участника",
    "учасників", "thành viên", "anggota", "medlemmar", "medlemmer", "μέλη", "חברים", "členů",
    "عضو", "أعضاء", "成员", "位成员", "メンバー", "명의 멤버", "participants", "teilnehmer",
)  # fmt: skip
"""what a chat room's header counts its people in ("412 members", "1 860 jäsentä")"""
BIG_ROOM = 100
"""a room this large is an announcement: a message meant for one person is out to all"""

COMPOSER_STARTS = ("message #", "message @", "reply to ", "write a message", "write a reply",
                   "type a message", "type a new message", "nachricht an", "nachricht in #",
                   "envoyer un message", "escribe un mensaje", "digite uma mensagem",
                   "scrivi un messaggio", "kirjoita viesti", "написать сообщение",
                   "メッセージを送信", "메시지 보내기", "发送消息")  # fmt: skip
"""how a chat's message box is labelled: the line beside it is the draft"""
