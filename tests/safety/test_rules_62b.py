"""Rules that joined with the twenty-third development list: a campaign's test mail, a
signature put into a draft, a warning's "Don't run", a malware scan and a firewall switched
back on (allowed); passwords exported, a root certificate trusted, "Find My" switched, a
request sent off in Arabic or a reply sent in Hungarian, and an address typed with its password
in it, a chat link from a stranger and Ctrl+Enter under a "Post" button
(asked about) — each beside what it must not catch."""

from __future__ import annotations

from tests.safety.gate_calls import click_on, pressing, typing

CAMPAIGN = ("Mailchimp", "June Newsletter", "Send test to: ana@oliveandfig.co", "Send Now")


def test_a_test_mail_to_the_sender_alone():
    assert click_on("Send Test", CAMPAIGN, app="Mailchimp") == "allow"
    assert click_on("Envoyer un test", CAMPAIGN, app="Mailchimp") == "allow"
    assert click_on("Send Now", CAMPAIGN, app="Mailchimp") == "confirm"


def test_a_signature_put_into_a_draft():
    draft = ("Outlook", "Till: johan.lind@norrsken-el.se", "Skicka", "Bifoga")
    assert click_on("Signatur", draft, app="Outlook") == "allow"
    assert click_on("Insert signature", draft, app="Outlook") == "allow"
    contract = ("DocuSign", "Lease agreement", "Review and sign")
    assert click_on("Sign", contract, app="DocuSign") == "confirm"


def test_a_warning_that_keeps_a_program_from_running():
    warning = ("Windows protected your PC", "App: setup_free_vpn.exe", "Unknown publisher")
    assert click_on("Don't run", warning, app="Windows") == "allow"
    assert click_on("Nicht ausführen", warning, app="Windows") == "allow"
    assert click_on("Run anyway", warning, app="Windows") != "allow"


def test_a_scan_or_a_protection_switched_back_on():
    security = ("Windows Security", "Virus & threat protection", "Real-time protection: On")
    assert click_on("Quick scan", security, app="Windows Security") == "allow"
    firewall = ("Windows Security", "Public network", "Firewall is off.")
    assert click_on("Turn on", firewall, app="Windows Security") == "allow"
    assert click_on("Turn off", firewall, app="Windows Security") == "confirm"
    assert click_on("Off", security, app="Windows Security") == "confirm"


def test_saved_passwords_exported():
    manager = ("Google Şifre Yöneticisi", "Şifreler", "Konum: Masaüstü/Chrome Şifreleri.csv")
    assert click_on("Şifreleri dışa aktar", manager, app="Chrome") == "confirm"
    assert click_on("Eksportuj hasła", ("Menedżer haseł", "Hasła"), app="Chrome") == "confirm"
    bookmarks = ("Yer işaretleri", "Yer işareti yöneticisi")
    assert click_on("Yer işaretlerini dışa aktar", bookmarks, app="Chrome") == "allow"


def test_a_root_certificate_trusted_or_find_my_switched():
    trust = ("Ajustes de confianza de certificados", "Activar confianza total", "Cafe CA")
    assert click_on("Desactivado", trust, app="Ajustes (iOS)") == "deny"
    assert click_on("Información", trust, app="Ajustes (iOS)") == "allow"
    find = ("Apple ID", "Znajdź", "Znajdź mój iPhone", "Sieć Znajdź")
    assert click_on("Włączone", find, app="Ustawienia (iOS)") == "confirm"
    assert click_on("Sieć Znajdź", find, app="Ustawienia (iOS)") == "allow"


def test_a_request_or_reply_sent_off():
    leave = ("بوابة الموظف", "نوع الإجازة: سنوية", "من: 2024/07/01")
    assert click_on("تقديم", leave, app="Jisr HR") == "confirm"
    assert click_on("إلغاء", leave, app="Jisr HR") == "allow"
    mail = ("Freemail", "Beérkezett", "Címzettek: 23 lakó", "Tárgy: Re: Lakógyűlés")
    assert click_on("Küldés", mail, app="Freemail") == "confirm"
    assert click_on("Elküldött", mail, app="Freemail") == "allow"


def test_an_address_typed_with_its_password():
    chat = ("Slack", "# web-redesign", "Message #web-redesign")
    assert typing("https://admin:Spr1ngBreeze!7@staging.fernhill.com", chat, app="Slack") == "deny"
    assert typing("https://staging.fernhill.com", chat, app="Slack") == "allow"
    assert typing("mail me at diego@fernhill.com", chat, app="Slack") == "allow"


def test_a_link_from_a_sender_not_in_contacts():
    stranger = ("WhatsApp", "+966 55 019 2281", "غير محفوظ في جهات الاتصال")
    assert click_on("alrajhi-bank-online.com/update", stranger, app="WhatsApp Web") == "deny"
    assert click_on("+966 55 019 2281", stranger, app="WhatsApp Web") == "allow"
    friend = ("WhatsApp", "Mum", "Typing…")
    assert click_on("alrajhi.com.sa/personal", friend, app="WhatsApp Web") == "allow"


def test_ctrl_enter_under_a_post_button():
    compose = ("X", "Inicio", "¡Este sábado abrimos el huerto!", "Postear")
    assert pressing("ctrl+enter", compose, app="X (web)") == "confirm"
    sheet = ("Budget.xlsx", "Home", "Insert", "Formulas")
    assert pressing("ctrl+enter", sheet, app="Excel") == "allow"
