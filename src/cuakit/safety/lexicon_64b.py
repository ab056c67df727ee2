"""Words that joined with the twenty-sixth development list (`cuakit.safety.asked_64b`): how a
task says an address came from a person it knows, what a screen says of a selection that holds
everything, of work not yet saved and of a prize, what a malware scanner's exclusion, remote
login, USB debugging and a factory reset are called, the words of deleting for good and of
paying in the languages the list used, and labels that hold a commit word and commit nothing
(a purchase history, a check for updates, a keyboard language added).

Compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

SENT_BY_64B = (
    "my cousin's", "my friend's", "a friend's", "my brother's", "my sister's",
    "my colleague's", "my neighbour's", "my neighbor's", "my aunt's", "my uncle's",
    "gave me", "from the email from", "from the mail from", "in the email from",
    "meines cousins", "meiner cousine", "meines freundes", "meiner freundin",
    "aus der mail von", "de mon cousin", "de ma cousine", "de mon ami", "de mon amie",
    "dans le mail de", "de mi primo", "de mi prima", "de mi amigo", "de mi amiga",
    "del correo de", "do meu primo", "da minha prima", "do meu amigo", "da minha amiga",
    "di mio cugino", "di mia cugina", "del mio amico", "della mia amica", "dalla mail di",
    "podał mi", "podała mi", "z maila od", "z mailu od", "z e-mailu od", "od kamaráda",
    "моего друга", "моей подруги", "моего брата", "мого друга", "моєї подруги",
    "আমার বন্ধুর", "আমার ভাইয়ের", "मेरे दोस्त की", "मेरे दोस्त का", "मेरे भाई की",
    "我朋友的", "我表哥的", "友達の", "友人の", "내 친구", "친구의", "arkadaşımın",
    "bạn tôi", "temanku", "teman saya",
)  # fmt: skip
"""how a task says an address belongs to, or came through, a person it knows ("my cousin's new
food blog", "którą podał mi księgowy", "z mailu od paní učitelky"), beside
`lexicon_64.SENT_BY_64`"""
ADDRESS_BARS_64B = (
    "enter address", "type a url", "search or type", "search or enter", "new tab",
    "wpisz adres", "digita un url", "nuova scheda", "nowa karta", "neuer tab", "nouvel onglet",
    "nueva pestaña", "nova guia", "nova aba", "nieuw tabblad", "yeni sekme", "новая вкладка",
    "нова вкладка", "新标签页", "新しいタブ", "새 탭", "tab baru", "thẻ mới", "url টাইপ করুন",
    "নতুন ট্যাব", "नया टैब", "nová karta", "nowa zakładka",
)  # fmt: skip
"""what a browser's empty tab and its address bar say: the host standing there is what Enter
opens"""

WHOLE_SELECTIONS_64B = (
    "tout sélectionné", "tout est sélectionné", "alles ausgewählt", "alles markiert",
    "todo seleccionado", "todo está seleccionado", "tudo selecionado", "tutto selezionato",
    "alles geselecteerd", "wszystko zaznaczone", "zaznaczono wszystko", "tümü seçildi",
    "tümü seçili", "всё выделено", "все выделено", "выделено всё", "виділено все",
    "已全部选中", "全部选中", "すべて選択済み", "すべて選択", "모두 선택됨", "đã chọn tất cả",
    "semua dipilih", "all selected", "everything selected", "select all (",
)  # fmt: skip
"""what an editor says while everything in the document is selected ("Tout sélectionné (248
pages)"): Delete or Backspace then takes it all"""
SELECTION_RANGE_64B = re.compile(
    r"(?:selection|selected|auswahl|markierung|sélection|selección|seleção|selezione|selectie"
    r"|zaznaczenie|seçim|выделение|виділення|选区|選択範囲|선택 영역)\s*[:：]?\s*"
    r"([a-z]{1,3}\d+\s*:\s*[a-z]{1,3}\d+)",
    re.IGNORECASE,
)
"""a spreadsheet naming its selection before the range ("Selection: A1:XFD1048576")"""
MANY_CELLS_64B = 1000
"""a selection this big is a sheet's worth, not the cell being fixed"""

UNSAVED_64B = (
    "kaydedilmemiş", "kaydedilmedi", "niet opgeslagen", "non salvato", "non salvati",
    "non salvate", "modifiche non salvate", "não salvo", "não salvas", "não guardado",
    "alterações não guardadas", "niezapisane", "niezapisany", "nie zapisano",
    "несохранённые", "несохраненные", "не сохранено", "не сохранён", "незбережені",
    "не збережено", "chưa lưu", "belum disimpan", "저장되지 않은", "저장 안 됨",
    "保存されていない", "未保存の", "未儲存", "未保存的", "غير محفوظ", "غير محفوظة",
    "ذخیره نشده", "לא נשמר", "לא נשמרו", "neuloženo", "neuložené", "tallentamaton",
    "tallentamattomia", "ikke gemt", "ikke lagret", "osparade", "inte sparade",
    "nicht gespeicherte", "non enregistrées", "sin guardar", "niet-opgeslagen",
)  # fmt: skip
"""what a window says of work not saved yet (`keystrokes.UNSAVED`): closing it loses the work"""

PRIZES_64B = (
    "لقد ربحت", "لقد فزت", "ربحت", "مبروك! لقد", "برنده شدید", "זכית", "вы выиграли",
    "ви виграли", "вы победили", "wygrałeś", "wygrałaś", "kazandınız", "kazandın",
    "je hebt gewonnen", "u heeft gewonnen", "du hast gewonnen", "bạn đã trúng",
    "anda menang", "anda memenangkan", "आप जीत गए", "आपने जीता", "আপনি জিতেছেন", "vyhrál jste",
    "vyhrála jste", "du har vunnit", "olet voittanut", "κερδίσατε",
)  # fmt: skip
"""what a prize pop-up says ("مبروك! لقد ربحت آيفون"), beside `rules.SCAM_LINES`"""
CLOSES_64B = (
    "×", "✕", "close", "إغلاق", "tutup", "закрыть", "закрити", "schließen", "fermer", "cerrar",
    "fechar", "chiudi", "sluiten", "zamknij", "kapat", "关闭", "閉じる", "닫기", "đóng",
    "बंद करें", "סגור", "بستن",
)  # fmt: skip
"""what the button that closes a pop-up or its tab says: it opens nothing"""

REVEALS_64B = ("show", "reveal", "view", "show password", "表示", "显示", "顯示", "보기", "표시",
               "показать", "mostrar", "afficher", "anzeigen", "mostra", "weergeven", "tonen",
               "pokaż", "göster", "hiện", "แสดง", "tampilkan", "दिखाएं", "visa", "näytä",
               "εμφάνιση", "הצג", "zobrazit", "نمایش", "إظهار")  # fmt: skip
"""a button that shows a hidden value, and says nothing else (not "Copy username")"""
MASKED_SECRET_64B = re.compile(r"^\s*([^:：]{1,40})[:：]\s*[•●*]{4,}\s*$")
"""a field shown on the screen with its value hidden behind dots ("パスワード: ••••••••")"""

EXCLUSIONS_64B = (
    "add an exclusion", "add exclusion", "add exclusions", "ausschluss hinzufügen",
    "ausschluss hinzufugen", "ajouter une exclusion", "agregar una exclusión",
    "añadir una exclusión", "adicionar uma exclusão", "adicionar exclusão",
    "aggiungi un'esclusione", "aggiungi esclusione", "uitsluiting toevoegen",
    "dodaj wykluczenie", "dışlama ekle", "добавить исключение", "додати виключення",
    "додати виняток", "添加排除项", "除外の追加", "除外を追加", "제외 사항 추가", "제외 추가",
    "thêm loại trừ", "tambahkan pengecualian", "přidat vyloučení", "lägg till undantag",
    "إضافة استثناء", "افزودن استثنا",
)  # fmt: skip
"""what the button that stops the malware scanner from looking at a folder, a file or a program
says: whatever sits there runs unchecked"""

FACTORY_RESETS_64B = (
    "تنظیمات کارخانه", "بازنشانی کارخانه", "إعادة ضبط المصنع", "ضبط المصنع",
    "werkseinstellungen", "auf werkseinstellungen zurücksetzen", "réinitialisation d'usine",
    "paramètres d'usine", "restablecer de fábrica", "valores de fábrica",
    "configurações de fábrica", "restauração de fábrica", "impostazioni di fabbrica",
    "ripristino di fabbrica", "fabrieksinstellingen", "ustawienia fabryczne",
    "fabrika ayarları", "заводские настройки", "заводских настроек", "заводських налаштувань",
    "恢复出厂设置", "出厂设置", "工場出荷時", "공장 초기화", "cài đặt gốc", "khôi phục cài đặt gốc",
    "pengaturan pabrik", "setelan pabrik", "tovární nastavení", "fabriksinställningar",
    "फ़ैक्टरी रीसेट", "फैक्टरी रीसेट", "איפוס להגדרות היצרן",
)  # fmt: skip
"""a factory reset: it wipes every setting the device holds"""

SYSTEM_RISKS_64B = (
    # logging into the machine from afar, and the sharing page that switches it on
    "remote login", "віддалений вхід", "віддалене керування", "віддалений доступ",
    "віддалений вхід по ssh",
    # USB debugging in Hindi, Bengali and Tamil
    "usb डिबगिंग", "यूएसबी डिबगिंग", "usb ডিবাগিং", "usb பிழைத்திருத்தம்",
    *FACTORY_RESETS_64B,
)  # fmt: skip
"""what a settings page is about when a change there is a person's call
(`lexicon.RISK_WORDS["system-settings"]`)"""

DATABASE_DROPS_64B = re.compile(
    r"(^|[\s;&|])(dropdb|dropuser)\s+(-\S+\s+)*[\w$-]+|\bmysqladmin\b.*\sdrop\s+\w"
    r"|\.dropdatabase\(\)|\bredis-cli\b.*\bflush(all|db)\b",
    re.IGNORECASE,
)
"""a database's own client dropping a whole database from the shell ("dropdb shop_test",
"mysqladmin drop shop", "db.dropDatabase()", "redis-cli flushall")"""

DELETE_RISKS_64B = (
    "безвозвратно", "безповоротно", "назавжди", "навсегда", "nieodwracalnie",
    "kalıcı", "onherroepelijk verwijderd", "永久删除", "永久に削除", "영구적으로",
)  # fmt: skip
"""what a dialog says when a yes to it deletes for good (`lexicon.RISK_WORDS["delete-file"]`)"""

COMMITS_64B: dict[str, tuple[str, ...]] = {
    "financial-transaction": (
        "செலுத்து", "பணம் செலுத்து", "இப்போது செலுத்து", "చెల్లించు", "ఇప్పుడే చెల్లించండి",
        "ಪಾವತಿಸಿ", "പണമടയ്ക്കുക", "ਭੁਗਤਾਨ ਕਰੋ", "ચૂકવો", "पैसे भरें", "भुगतान करें",
    ),
    "delete-file": (
        "удалить безвозвратно", "видалити безповоротно", "usuń trwale", "kalıcı olarak sil",
    ),
}  # fmt: skip
"""commit words by category (`lexicon.COMMIT_WORDS`): paying in the languages of India, and
deleting for good"""

NOT_COMMITS_64B = (
    # a list of what was bought: reading it buys nothing
    "購入履歴", "注文履歴", "购买记录", "订单记录", "购物记录", "구매 내역", "주문 내역",
    "purchase history", "order history", "bestellverlauf", "kaufverlauf",
    "historique des commandes", "historique d'achat", "historial de pedidos",
    "historial de compras", "histórico de pedidos", "histórico de compras",
    "cronologia ordini", "cronologia acquisti", "bestelgeschiedenis", "historia zamówień",
    "sipariş geçmişi", "история заказов", "история покупок", "lịch sử mua hàng",
    "riwayat pembelian", "riwayat pesanan",
    # looking for updates: the list of them is shown, nothing is installed
    "get updates", "check for updates", "nach updates suchen", "rechercher des mises à jour",
    "buscar actualizaciones", "verificar atualizações", "cerca aggiornamenti",
    "controleren op updates", "sprawdź aktualizacje", "güncellemeleri denetle",
    "проверить обновления", "检查更新", "获取更新", "更新プログラムのチェック", "업데이트 확인",
    "kiểm tra bản cập nhật",
    # a keyboard or a display language added to the system: no browser add-on
    "إضافة لغة", "add a language", "add language", "sprache hinzufügen",
    "ajouter une langue", "agregar un idioma", "añadir un idioma", "adicionar um idioma",
    "aggiungi una lingua", "taal toevoegen", "dodaj język", "dil ekle", "добавить язык",
    "додати мову", "添加语言", "言語を追加", "언어 추가", "thêm ngôn ngữ", "tambahkan bahasa",
    "افزودن زبان", "הוסף שפה", "भाषा जोड़ें",
)  # fmt: skip
"""labels that hold a commit word and commit nothing (`lexicon.NOT_COMMITS`)"""
