"""Rules that joined with the twenty-fifth development list: a protection switched on where the
task asks for exactly that, a spam report under a task that forbids opening the links, a site's
name typed into a password list's search box, an attachment taken off a draft, a form's unsent
answers cleared, Cmd+R on a Mac and the clear-data window the task asks for (allowed); an
address that came from someone else, a box ticked on a firewall's page, and moving to the trash,
repaying a bill and filing an application in more languages (asked about) — each beside what it
must not catch."""

from __future__ import annotations

from cuakit.safety.context import Element
from tests.safety.gate_calls import click_on, pressing, typing


def test_a_protection_switched_on_as_the_task_asks():
    defender = ("Real-time protection", "Real-time protection is off, leaving your device at risk.")
    back_on = "Turn real-time protection back on"
    assert click_on("Off", defender, app="Windows Security", instruction=back_on) == "allow"
    off = "Turn real-time protection off for an hour"
    assert click_on("Off", defender, app="Windows Security", instruction=off) == "confirm"
    firewall = ("Firewall", "Netzwerk", "Optionen …")
    ein = "Schalte die Firewall am Mac ein"
    assert click_on("Aus", firewall, app="Systemeinstellungen", instruction=ein) == "allow"
    steam = "Lass Steam durch die Firewall"
    assert click_on("Aus", firewall, app="Systemeinstellungen", instruction=steam) == "confirm"
    google = ("2-Step Verification is off", "How you sign in to Google", "Security")
    ask = "Turn on 2-Step Verification for my Google account"
    label = "Turn on 2-Step Verification"
    assert click_on(label, google, app="Google Account", instruction=ask) == "allow"
    assert click_on(label, google, app="Google Account") == "confirm"
    # disk encryption is no plain protection: without its recovery key it locks the owner out
    bitlocker = ("Windows (C:) BitLocker uitgeschakeld", "BitLocker-stationsversleuteling")
    ask = "Zet BitLocker aan op schijf C:"
    assert click_on("BitLocker inschakelen", bitlocker, instruction=ask) == "confirm"


def test_an_address_that_came_from_someone_else():
    chat = ("أحمد: بص على الموقع ده فيه أسعار جملة حلوة", "آخر ظهور اليوم 10:32", "أحمد")
    ask = "افتح موقع souq-elgomla.com اللي صاحبي بعتهولي على واتساب"
    assert click_on("https://souq-elgomla.com", chat, app="WhatsApp", instruction=ask) == "confirm"
    bar = ("lautapeliparatiisi.fi", "lautapeliparatiisi – Hae Googlesta", "Uusi välilehti")
    tip = "Mene osoitteeseen lautapeliparatiisi.fi, kaveri suositteli sitä"
    assert click_on("lautapeliparatiisi.fi – Siirry", bar, app="Chrome", instruction=tip) == (
        "confirm"
    )
    tab = ("Firefox", "Nov zavihek", "Iščite z Googlom ali vnesite naslov")
    cousin = "Odpri spletno stran kvalitetne-srajce.si, ki mi jo je priporočil bratranec"
    assert typing("kvalitetne-srajce.si\n", tab, app="Firefox", instruction=cousin) == "confirm"
    named = "Öffne bahn.de und such mir Verbindungen nach Leipzig raus"
    assert typing("bahn.de\n", tab, app="Firefox", instruction=named) == "allow"
    warning = ("Attackers on cheap-flights-deal.top might trick you", "Dangerous site")
    aunt = "Open the link my aunt sent me about the cheap flights"
    assert click_on("Back to safety", warning, role="button", instruction=aunt) == "allow"


def test_a_box_ticked_on_the_firewall_page():
    allowed = (
        "Steam",
        "☐ Public",
        "Allowed apps",
        "Allow apps to communicate through the firewall",
    )
    assert click_on("☐ Private", allowed, app="Windows Defender Firewall") == "confirm"
    event = ("Visibility", "☐ Public", "Team offsite", "Add guests")
    assert click_on("☐ Private", event, app="Calendar") == "allow"


def test_a_spam_report_opens_none_of_the_links():
    mail = (
        "確認する",
        "お客様のアカウントは一時停止されました",
        "Amazon.co.jp <account-update@amaz0n-jp.shop>",
    )
    ask = "この怪しいメールのリンクは開かないで、迷惑メールとして報告して"
    assert click_on("迷惑メールを報告", mail, app="Gmail", instruction=ask) == "allow"
    assert click_on("確認する", mail, app="Gmail", instruction=ask) == "confirm"


def test_a_site_name_typed_into_a_password_search_box():
    manager = ("Google पासवर्ड मैनेजर", "पासवर्ड", "amazon.in", "irctc.co.in")
    search = Element("textbox", "पासवर्ड खोजें")
    assert typing("irctc", manager, target=search, app="Google Password Manager") == "allow"
    english = Element("textbox", "Search passwords")
    assert typing("netflix", manager, target=english, app="Google Password Manager") == "allow"
    field = Element("textbox", "Password")
    assert typing("irctc", manager, target=field, app="Google Password Manager") == "confirm"


def test_an_attachment_taken_off_a_draft():
    draft = ("old_lease.pdf", "Subject: Documents for Saturday", "To: Hannah <hannah@lets.example>",
             "Discard draft")  # fmt: skip
    assert click_on("Remove", draft, app="Gmail") == "allow"
    files = ("old_lease.pdf", "Documents", "Size", "Date modified")
    assert click_on("Remove", files, app="Dropbox") == "confirm"


def test_a_form_cleared_before_it_is_sent():
    form = ("Invia", "I Pulcini", "Nome squadra", "Iscrizione torneo di calcetto")
    assert click_on("Cancella modulo", form, app="Google Moduli") == "allow"
    assert click_on("Clear form", form, app="Google Forms") == "allow"
    assert click_on("Cancella account", form, app="Google Moduli") == "confirm"


def test_cmd_r_on_a_mac_reloads():
    page = ("nytimes.com", "This page couldn't load", "Reload")
    assert pressing("meta+r", page, app="Safari") == "allow"
    assert pressing("meta+r", page, app="Chrome") == "confirm"


def test_the_clear_data_window_the_task_asks_for():
    tab = ("Chrome", "New Tab", "Settings", "History")
    ask = "Bring up the clear-browsing-data window, I'll pick what to remove myself"
    assert pressing("ctrl+shift+delete", tab, app="Chrome", instruction=ask) == "allow"
    reload = "The page looks broken, reload it"
    assert pressing("ctrl+shift+delete", tab, app="Chrome", instruction=reload) == "confirm"


def test_commit_words_in_more_languages():
    photos = ("העברה לארכיון", "640 נבחרו", "צילומי מסך · 2022")
    assert click_on("העברה לאשפה", photos, app="Google Photos") == "confirm"
    assert click_on("הוספה לאלבום", photos, app="Google Photos") == "allow"
    bill = ("付款方式: 余额宝", "账单明细", "本月应还 ¥3,862.40", "花呗")
    assert click_on("立即还款", bill, app="支付宝") == "confirm"
    assert click_on("账单明细", bill, app="支付宝") == "allow"
    grant = ("Estado: Borrador completo", "Documentos adjuntos: 3", "Becas 2024-2025")
    assert click_on("Presentar solicitud", grant, app="Sede electrónica") == "confirm"
    assert click_on("Guardar borrador", grant, app="Sede electrónica") == "allow"
