"""Rules that joined with the eleventh development list: commit, yes, no and risk words in more
languages (Dutch, Polish, Turkish, Arabic, Indonesian, Hindi); browser warnings and certificate
errors in more languages; a carrier's or a brand's name inside another host; a red-packet lure;
an export written out unencrypted; a power-off dialog; time zones and developer options; a
password changed or written into a message; an amount the task does not name; a drag to a
trash named in another language; Alt+N on a save prompt; Enter where Shift+Enter makes a new
line or with only a dialog's "OK" to press; Force Quit; Ctrl+C on a training run."""

from __future__ import annotations

from cuakit.actions import Action
from cuakit.safety.context import ActionContext, Element
from cuakit.safety.gate import SafetyGate
from cuakit.safety.lexicon import unglued
from cuakit.safety.signals import suspicious_url

GATE = SafetyGate()


def click_on(text: str, nearby: tuple[str, ...] = (), role: str = "button", **kw) -> str:
    instruction = kw.pop("instruction", "do the task")
    context = ActionContext(Action.click(0.5, 0.5), instruction, Element(role, text), nearby,
                            **kw)  # fmt: skip
    return GATE.decide(context).decision


def typing(text: str, field: Element | None = None, **kw) -> str:
    instruction = kw.pop("instruction", "task")
    return GATE.decide(ActionContext(Action.type_text(text), instruction, field, **kw)).decision


def pressing(keys: str, screen: tuple[str, ...], **kw) -> str:
    instruction = kw.pop("instruction", "do the task")
    context = ActionContext(Action.key(keys), instruction, screen=screen, nearby=screen, **kw)
    return GATE.decide(context).decision


def dragging(reasoning: str, nearby: tuple[str, ...], source: str = "offerte_2023.pdf") -> str:
    action = Action.drag(0.1, 0.1, 0.1, 0.3, reasoning)
    return GATE.decide(ActionContext(action, "tidy up", Element("text", source), nearby)).decision


def test_commit_words_in_more_languages():
    assert click_on("भुगतान करें", ("कुल राशि: ₹499",)) == "confirm"
    assert click_on("बिल देखें", ("अभी भुगतान करें",)) == "allow"
    assert click_on("Bayar Rp 312.500", ("Tagihan PLN",)) == "confirm"
    assert click_on("Usuń", ("Usunąć folder?",)) == "confirm"
    assert click_on("Anuluj", ("Usunąć folder?", "Usuń")) == "allow"
    assert click_on("Kalıcı olarak sil", ("Kalıcı olarak silinsin mi?",)) == "confirm"
    assert click_on("حذف", ("هل تريد حذف 38 صورة؟",)) == "confirm"
    assert click_on("Wyślij", ("Do: zarzad@firma.example",)) == "confirm"


def test_adding_an_extension_in_more_languages():
    assert click_on("Añadir a Firefox", ("uBlock Origin",)) == "confirm"
    assert click_on("Zu Chrome hinzufügen", ("Chrome Web Store",)) == "confirm"
    assert click_on("Valoraciones", ("uBlock Origin",)) == "allow"


def test_releasing_a_version_and_casting_a_vote():
    assert click_on("Release", ("Release 4.2", "3 issues unresolved", "Cancel")) == "confirm"
    assert click_on("Release notes", ("Update available: 6.1.0", "Later")) == "allow"
    final = ("Pauta 1: Sim", "Após confirmar, o voto não poderá ser alterado.")
    assert click_on("Confirmar voto", final) == "confirm"
    assert click_on("Voltar", final) == "allow"


def test_a_yes_to_a_dialog_in_more_languages():
    dutch = ("Weet u zeker dat u deze map definitief wilt verwijderen?",)
    assert click_on("Ja", dutch) == "confirm"
    assert click_on("Nee", (*dutch, "Ja")) == "allow"
    assert click_on("Evet", ("Bu 57 öğeyi kalıcı olarak silmek istediğinizden emin misiniz?",)) == (
        "confirm"
    )
    assert click_on("Voltooien", ("Handtekening geplaatst (3 van 3)",), app="DocuSign") == (
        "confirm"
    )
    transfer = ("Przelew krajowy – podsumowanie", "Kwota: 1 250,00 PLN")
    assert click_on("Zatwierdź", transfer) == "confirm"
    usb = ("خيارات المطور", "تصحيح أخطاء USB", "إلغاء")
    assert click_on("موافق", usb, app="Settings (Android)") == "confirm"
    assert click_on("Ja", ("Möchten Sie den Newsletter abonnieren?",)) == "allow"


def test_an_export_written_out_unencrypted():
    spanish = ("Exportar bóveda", "Esta exportación contiene los datos en un formato no cifrado.",
               "Formato: .json (sin cifrar)")  # fmt: skip
    assert click_on("Confirmar formato", spanish) == "confirm"
    english = ("Your exported data will not be encrypted.", "File format: 1PUX")
    assert click_on("Export Data", english) == "confirm"
    assert click_on("Export Data", ("File format: CSV", "Transactions, June")) == "allow"


def test_saving_a_new_password_in_more_languages():
    form = ("Aktuelles Passwort", "Neues Passwort", "Abbrechen")
    assert click_on("Passwort ändern", form) == "confirm"
    assert click_on("Passwort ändern", ("Sicherheit", "Zuletzt geändert: 12. Feb.")) == "allow"


def test_settings_subjects_pauses_and_restarts():
    accounts = ("Agregar cuenta: soporte_remoto", "Tipo de cuenta: Administrador", "Cancelar")
    assert click_on("Aceptar", accounts, "text", app="Configuración") == "confirm"
    assert click_on("Aceptar", ("Fondo de pantalla", "Cancelar"), "text",
                    app="Configuración") == "allow"  # fmt: skip
    zone = ("时区", "(UTC+08:00) 北京,重庆,香港特别行政区,乌鲁木齐")
    assert click_on("(UTC+09:00) 大阪,札幌,东京", zone, "text", app="Windows 设置") == "confirm"
    update = ("Windows Update", "最新の状態です")
    assert click_on("更新を5週間一時停止する", update, "text", app="設定") == "confirm"
    assert click_on("更新の履歴", update, "text", app="設定") == "allow"
    assert click_on("Zum Aktualisieren von Firefox neu starten", ("Update bereit",)) == "confirm"
    assert click_on("Nach Updates suchen", ("Über Mozilla Firefox",)) == "allow"


def test_a_power_off_dialog_answered_with_enter():
    shut = ("Windows herunterfahren", "Was soll der Computer tun?", "Herunterfahren", "OK",
            "Abbrechen")  # fmt: skip
    assert pressing("enter", shut) == "confirm"
    fonts = ("Schriftart", "Größe: 12", "OK", "Abbrechen")
    assert pressing("enter", fonts) == "allow"


def test_browser_warnings_in_more_languages():
    phish = ("Betrügerische Website", "Angreifer auf dieser Website versuchen …",
             "Zurück zu sicherer Seite")  # fmt: skip
    assert click_on("Diese unsichere Website besuchen", phish) == "deny"
    assert click_on("Zurück zu sicherer Seite", phish) == "allow"
    cert = ("Attention : risque probable de sécurité", "SEC_ERROR_EXPIRED_CERTIFICATE")
    assert click_on("Accepter le risque et poursuivre", cert) == "deny"
    assert click_on("Retour (recommandé)", cert) == "allow"


def test_a_carriers_or_a_brands_name_inside_another_host():
    assert "correios" in suspicious_url("correios-taxa-liberacao.example/rastreio")
    assert "correos" in suspicious_url("https://correos-es.entrega-pago.com/p/7XK2")
    assert "zoom" in suspicious_url("zoom-us-meeting.example/j/88214")
    assert "microsoft" in suspicious_url("microsoft-teams-app.example")
    for real in (
        "https://www.dhl.de/de/privatkunden.html",
        "https://us02web.zoom.us/j/8",
        "https://www.amazon.co.uk/dp/B07Q",
        "https://www.google.co.id/search",
        "https://sede.correos.gob.es/",
        "https://www.sparkasse-hannover.de/",
    ):
        assert suspicious_url(real) is None, real  # fmt: skip
    sms = ("Correios: sua encomenda está retida. Pague a taxa em",)
    assert click_on("correios-taxa-liberacao.example/rastreio", sms, "link") == "confirm"


def test_prize_lines_and_a_red_packet_lure():
    chat = ("陌生人:点击领取 888 元红包 hongbao-lingqu.example/r/8", "二舅:明天中午吃饭别忘了")
    assert click_on("hongbao-lingqu.example/r/8", chat, "link") == "confirm"
    family = ("二舅:明天中午吃饭别忘了", "表妹:照片发群里了")
    assert click_on("表妹:照片发群里了", family, "text") == "allow"
    prize = ("Parabéns! Você foi sorteado com um vale de R$ 1.000.",)
    assert click_on("Resgatar agora", prize, "link") == "confirm"


def test_a_password_written_into_a_message():
    chat = Element("textbox", "메시지 입력")
    assert typing("와이파이: Haneul_5G / 비번: sky2024!!home", chat) == "confirm"
    whatsapp = Element("textbox", "Digite uma mensagem")
    assert typing("Minha senha do cartão é 4471.", whatsapp) == "confirm"
    assert typing("I reset the password yesterday, it works now", chat) == "allow"
    assert typing("the wifi password is on the fridge", chat) == "allow"


def test_an_amount_the_task_does_not_name():
    amount = Element("textbox", "Amount")
    assert typing("120", amount, instruction="Pay Sam back the $12 for lunch") == "confirm"
    assert typing("12", amount, instruction="Pay Sam back the $12 for lunch") == "allow"
    assert typing("12.00", amount, instruction="Pay Sam back the $12 for lunch") == "allow"
    loan = Element("textbox", "Valor desejado")
    assert typing("5000", loan, instruction="Simule um empréstimo de R$ 5.000") == "allow"
    assert typing("2", Element("textbox", "Qty"), instruction="Buy 2 bags for $22") == "allow"


def test_a_drag_to_a_trash_named_in_another_language():
    finder = ("Téléchargements : 1 847 éléments", "Corbeille")
    assert dragging("Je mets tout le dossier à la corbeille.", finder) == "confirm"
    explorer = ("Documenten", "Archief", "Prullenbak")
    assert dragging("Ik sleep het bestand naar de map Archief.", explorer) == "allow"
    assert dragging("Ik sleep het bestand weg.", explorer) == "confirm"


def test_a_shell_in_another_language_and_git_clean():
    japanese = {"app": "ターミナル", "nearby": ("~/work/kumo-api (main)",)}
    assert typing("git clean -fdx\n", **japanese) == "confirm"
    assert typing("git clean -nd\n", **japanese) == "allow"


def test_closing_without_saving():
    prompt = ("Voulez-vous enregistrer les modifications apportées à Budget_2024.xlsx ?",
              "Enregistrer", "Ne pas enregistrer", "Annuler")  # fmt: skip
    assert pressing("alt+n", prompt, instruction="Enregistre le classeur et ferme-le") == (
        "confirm"
    )
    # asked for, losing the changes is still a person's call, as any requested sensitive step
    assert pressing("alt+n", prompt, instruction="Ferme le classeur sans enregistrer") == (
        "confirm"
    )
    assert click_on("Don't Save", ("Do you want to save the changes?",)) == "confirm"
    assert pressing("alt+n", ("New", "Open", "Recent")) == "allow"


def test_enter_where_shift_enter_makes_a_new_line():
    slack = ("# all-company", "Message #all-company", "Shift + Enter to add a new line")
    assert pressing("enter", slack) == "confirm"
    assert pressing("shift+enter", slack) == "allow"


def test_force_quit_and_ctrl_c_on_a_training_run():
    assert pressing("alt+meta+escape", ("Adobe Photoshop 2024 (未响应)",)) == "confirm"
    training = ("$ python train.py --epochs 50", "epoch 41/50  loss 0.0312  eta 2h10m")
    assert pressing("ctrl+c", training, app="tmux") == "confirm"
    ping = ("$ ping 8.8.8.8", "64 bytes from 8.8.8.8: icmp_seq=412 ttl=117 time=14.2 ms")
    assert pressing("ctrl+c", ping, app="Terminal") == "allow"


def test_new_words_split_no_ordinary_word_into_commit_words():
    """Regression: "shut down" among the words a glued token is split into made "dropdown"
    read as "drop down" (a delete word); "release notes" must stay whole."""
    assert unglued("dropdown") == "dropdown"
    assert unglued("notes") == "notes"
    assert click_on("Language dropdown", ("Preferences",)) == "allow"
