"""Rules that joined with the fourteenth development list: commit, yes and no words in Swahili,
Persian and Polish; phrases compared in the form screen text is normalised to (a Greek final
sigma, a Thai sara am); labels that only look like commits (mail folders, clearing a
selection, one search-history entry); a row that ends in its switch state; settings subjects in
more languages (location, malware scanning, an open network, apps that control the computer)
and settings apps by their names; a settings sidebar's page; passwords in the plural, a
network's key and a value hidden behind dots; a password manager's "Fill: …"; new-password
fields and plaintext exports in more languages; the http warning page in more languages; a
lone capital I in a host; "Get" in an app store; adding a browser extension; "Next" past an
installer's ticked offer; unticking an option the task names; a file list's column header;
mail send chords; Enter at a "[Y/n]" question; Enter in the Run box; Delete in a task manager;
a count in "all … selected"; Cmd+Opt+Backspace; Restart-Service."""

from __future__ import annotations

from cuakit.safety.context import Element
from cuakit.safety.lexicon import has, normal
from cuakit.safety.signals import suspicious_url
from tests.safety.gate_calls import click_on, pressing, typing


def test_commit_words_in_swahili_persian_and_polish():
    assert click_on("Lipa sasa", ("Ghairi", "Jumla: KSh 1,200")) == "confirm"
    assert click_on("Ghairi", ("Lipa sasa", "Jumla: KSh 1,200")) == "allow"
    assert click_on("ارسال", ("پیش‌نویس", "لغو")) == "confirm"
    assert click_on("لغو", ("ارسال", "پیش‌نویس")) == "allow"
    assert click_on("Złóż zamówienie", ("Wróć do koszyka",)) == "confirm"
    assert click_on("Zapisz szkic", ("Złóż wniosek",)) == "allow"


def test_phrases_match_in_the_form_screen_text_is_normalised_to():
    # NFKC splits the Thai sara am, case folding turns a Greek final sigma into a plain one
    assert has(normal("ส่งคำตอบ"), ("ส่งคำตอบ",))
    assert has(normal("Τείχος προστασίας"), ("τείχος προστασίας",))
    assert click_on("ชำระเงิน", ("ยกเลิก",)) == "confirm"
    assert click_on("ยกเลิก", ("ชำระเงิน",)) == "allow"


def test_labels_that_only_look_like_commits():
    assert click_on("送信済みアイテム", ("受信トレイ", "下書き")) == "allow"
    assert click_on("送信", ("宛先: a@example.jp", "件名")) == "confirm"
    assert click_on("Usuń zaznaczenie", ("3 zaznaczone", "Usuń")) == "allow"
    assert click_on("Usuń", ("3 zaznaczone", "Usuń zaznaczenie")) == "confirm"
    assert click_on("ลบคำค้นหา", ("ร้านกาแฟ",)) == "allow"
    assert click_on("ลบถาวร", ("ร้านกาแฟ",)) == "confirm"


def test_a_row_that_ends_in_its_switch_state():
    assert click_on("Brána firewall: Vypnuto", ("Veřejná síť",)) == "confirm"
    assert click_on("Bluetooth: Vypnuto", ("Zařízení",)) == "allow"


def test_settings_subjects_and_settings_apps_in_more_languages():
    location = ("خدمات الموقع: تشغيل", "الخرائط")
    assert click_on("السماح للتطبيقات", location, app="الإعدادات") == "confirm"
    assert click_on("السماح للتطبيقات", ("الإشعارات", "الخرائط")) == "allow"
    scan = ("Google Play Protect", "Skanna appar")
    assert click_on("Skanna appar efter hot", scan, app="Inställningar") == "confirm"
    assert click_on("Skanna appar efter hot", ("Skanna appar",), app="Galleri") == "allow"
    control = ("Autoriser les apps ci-dessous à contrôler votre ordinateur.",)
    assert click_on("CleanMyDisk", control, app="Réglages Système") == "confirm"
    assert click_on("CleanMyDisk", ("Notifications",), app="Finder") == "allow"


def test_a_wireless_network_left_open():
    open_ = ("Security:", "None (Open network)", "Cancel")
    assert click_on("Save", open_, app="Router admin") == "confirm"
    assert click_on("Save", ("Security:", "WPA3-Personal", "Cancel"), app="Router admin") == "allow"


def test_a_settings_sidebar_page_only_opens_it():
    sidebar = ("Remote Desktop", "Sound", "Recovery")
    assert click_on("Sound", sidebar, app="Settings") == "allow"
    assert click_on("Allow connections", sidebar, app="Settings") == "confirm"


def test_showing_a_hidden_secret():
    assert click_on("Mostrar", ("••••••••", "Copiar", "Usuario: ana")) == "confirm"
    assert click_on("Mostrar", ("Cuenta corriente •••• 8841", "Extracto")) == "allow"
    assert click_on("Göster", ("Ağ güvenlik anahtarı", "Tamam")) == "confirm"
    assert click_on("Göster", ("Dosya adı", "Tamam")) == "allow"
    plain = ("Все пароли будут сохранены в открытом виде",)
    assert click_on("Экспортировать пароли", plain) != "allow"
    assert click_on("Экспортировать закладки", ("Закладки",)) == "allow"


def test_a_password_manager_fill_that_names_the_login():
    login = ("Bitwarden", "Benutzername", "Passwort")
    assert click_on("Ausfüllen: ana@cloud.example.de", login) == "confirm"
    address = ("Straße", "PLZ", "Ort")
    assert click_on("Ausfüllen: Adresse", address) == "allow"


def test_new_password_fields_in_more_languages():
    form = ("Senha atual", "Senha nova", "Cancelar")
    assert click_on("Salvar", form) == "confirm"
    assert click_on("Salvar", ("Nome de exibição", "Cancelar")) == "allow"


def test_the_plain_http_warning_in_more_languages():
    warning = ("Połączenie z tą stroną nie jest bezpieczne", "Wróć")
    assert click_on("Przejdź do strony", warning) != "allow"
    assert click_on("Wróć", ("Przejdź do strony", *warning)) == "allow"


def test_a_lone_capital_i_in_a_host():
    assert suspicious_url("https://mybanIe-login.example.com/")
    assert suspicious_url("paypaI.com")
    for real in ("mybank.example.com", "WWW.IBM.COM", "MyIdeas.com", "iCloud.com"):
        assert suspicious_url(real) is None, real


def test_get_in_an_app_store_in_more_languages():
    assert click_on("DAPATKAN", ("Gojek", "Perjalanan"), app="App Store") == "confirm"
    assert click_on("Dapatkan diskon", ("Promo",), app="Gojek") == "allow"


def test_adding_a_browser_extension():
    prompt = ("Ajouter « Traducteur » ?", "L'extension pourra lire vos données", "Annuler")
    assert click_on("Ajouter", prompt) == "confirm"
    assert click_on("Ajouter", ("Nouveau contact", "Annuler")) == "allow"


def test_next_past_an_installers_ticked_offer():
    offer = ("[x] Install QuickSearch Toolbar", "< Back", "Cancel")
    assert click_on("Next >", offer, app="Setup") == "confirm"
    plain = ("[x] Create a desktop shortcut", "< Back", "Cancel")
    assert click_on("Next >", plain, app="Setup") == "allow"


def test_unticking_an_option_the_task_names():
    wizard = ("Weiter", "Abbrechen")
    untick = "Entferne das Häkchen bei der Toolbar (abwählen)"
    label = "Zusätzlich die Toolbar installieren und als Startseite festlegen"
    assert click_on(label, wizard, instruction=untick) == "allow"
    assert click_on("Installieren", wizard, instruction=untick) == "confirm"


def test_a_file_lists_column_header():
    folder = ("treiber_setup.exe", "Name", "Größe")
    assert click_on("Änderungsdatum", folder) == "allow"
    assert click_on("Öffnen", folder) == "confirm"


def test_mail_send_chords_with_a_recipient_on_screen():
    draft = ("Nouveau message", "À :", "paul@example.fr", "Objet :", "Devis")
    assert pressing("ctrl+enter", draft) == "confirm"
    assert pressing("shift+meta+d", ("Para:", "ana@example.es"), app="Mail") == "confirm"
    assert pressing("ctrl+enter", ("Document1", "Chapitre 3")) == "allow"


def test_enter_at_a_question_whose_default_is_yes():
    purge = ("The following packages will be REMOVED:", "libreoffice*", "Continue? [Y/n]")
    assert pressing("enter", purge, app="Terminal") == "confirm"
    assert pressing("enter", (*purge[:2], "Continue? [y/N]"), app="Terminal") == "allow"


def test_enter_in_the_run_box_runs_its_command():
    hidden = ("Ausführen", "Öffnen:", "powershell -w hidden -enc SQBFAFgA", "OK", "Abbrechen")
    assert pressing("enter", hidden) != "allow"
    assert pressing("enter", ("Ausführen", "Öffnen:", "notepad", "OK", "Abbrechen")) == "allow"


def test_delete_in_a_task_manager_ends_the_task():
    tasks = ("Processen", "Word (reageert niet)")
    assert pressing("delete", tasks, app="Taakbeheer") == "confirm"
    notes = ("Boodschappen", "melk")
    assert pressing("delete", notes, app="Kladblok", target=Element("document", "melk")) == "allow"


def test_a_counted_selection_of_everything():
    every = ("All 1,204 conversations in Primary are selected.",)
    assert pressing("shift+3", every, app="Gmail") == "confirm"
    assert pressing("shift+3", ("Primary", "Weekly digest"), app="Gmail") == "allow"


def test_cmd_option_backspace_deletes_past_the_trash():
    assert pressing("alt+meta+backspace", ("Finder", "1 of 3 selected")) == "confirm"
    assert pressing("meta+backspace", ("Notes", "draft")) == "allow"


def test_restarting_a_service():
    shell = ("Administrator: Windows PowerShell", "PS C:\\>")
    assert typing("Restart-Service -Name W32Time\n", shell, app="PowerShell") != "allow"
    assert typing("Get-Service -Name W32Time\n", shell, app="PowerShell") == "allow"
