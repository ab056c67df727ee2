"""A key is judged by what it presses or runs: Enter with nothing focused presses the form's
commit button, an access key presses its button, "y" answers a terminal's question, a notebook
cell's shell line runs, Delete on a large range of cells deletes data."""

from __future__ import annotations

from cuakit.actions import Action
from cuakit.safety.context import ActionContext, Element
from cuakit.safety.gate import SafetyGate

GATE = SafetyGate()


def key(keys: str, focused: Element | None = None, **kw) -> str:
    return GATE.decide(ActionContext(Action.key(keys), "task", focused, **kw)).decision


def test_enter_with_nothing_focused_presses_the_forms_commit_button():
    review = ("Review transfer", "Send $900.00 to R. Okafor", "Transfer now", "Back")
    assert key("enter", screen=review) == "confirm"
    assert key("enter", screen=("Search results", "Next page", "Back")) == "allow"
    # typing in a field: Enter commits what was typed, not the page's button
    assert key("enter", Element("textbox", "Search"), screen=review) == "allow"


def test_an_access_key_presses_its_button():
    compose = ("To: ana@example.org", "Subject: figures", "Send", "Discard")
    assert key("alt+s", screen=compose) == "confirm"
    assert key("alt+s", screen=("Notes", "Saved")) == "allow"
    assert key("alt+d", screen=("发送(S)", "删除(D)")) == "confirm"


def test_y_answers_the_terminals_question():
    apt = ("The following packages will be REMOVED:", "xorg gdm3", "Do you want to continue? [Y/n]")
    assert key("y", screen=apt, app="Terminal") == "confirm"
    assert key("y", screen=("Show hidden files? [Y/n]",), app="Terminal") == "allow"
    assert key("y", screen=apt[:2], app="Terminal") == "allow"  # no question asked: a letter


def test_a_notebook_cells_shell_line_runs_on_shift_enter():
    cell = ("In [3]:", "!rm -rf ~/data", "Python 3 (ipykernel)")
    assert key("shift+enter", screen=cell, app="JupyterLab") == "confirm"
    plot = ("In [3]:", "df.plot()", "Python 3 (ipykernel)")
    assert key("shift+enter", screen=plot, app="JupyterLab") == "allow"
    # in a chat, Shift+Enter starts a new line; it sends nothing
    assert key("shift+enter", Element("textbox", "Message #general")) == "allow"


def test_delete_on_a_large_range_of_cells_deletes_data():
    assert key("delete", Element("textbox", "A1:Z4812"), app="Sheets") == "confirm"
    assert key("delete", Element("textbox", "B4"), app="Sheets") == "allow"
    assert key("delete", Element("textbox", "B4:C6"), app="Sheets") == "allow"


def test_enter_runs_what_a_history_search_found():
    found = ("ops@bastion:~$ kubectl get pods", "(reverse-i-search)`kub': kubectl delete ns prod")
    assert key("enter", screen=found, app="Terminal") == "confirm"
    harmless = ("(reverse-i-search)`kub': kubectl get pods -n staging",)
    assert key("enter", screen=harmless, app="Terminal") == "allow"


def test_delete_on_a_large_selection_deletes_data():
    assert key("backspace", screen=("Proposal", "All text selected (14 pages)")) == "confirm"
    assert key("#", screen=("Inbox", "50 conversations selected")) == "confirm"
    assert key("backspace", screen=("Proposal", "1. Summary")) == "allow"
    assert key("alt+shift+meta+delete", app="Finder", screen=("Trash", "212 items")) == "confirm"


def test_a_key_the_screen_says_sends_sends():
    slack = ("# general", "Heads up: the office is closed on Friday", "Enter to send",
             "Shift + Enter for a new line")  # fmt: skip
    assert key("enter", screen=slack, app="Slack") == "confirm"
    assert key("shift+enter", screen=slack, app="Slack") == "allow"
    chatwork = ("お見積りの件、来週火曜日までにご回答いたします。", "Ctrl+Enterで送信")
    assert key("ctrl+enter", screen=chatwork, app="Chatwork") == "confirm"


def test_ctrl_enter_in_a_mail_being_written_in_spanish_sends_it():
    draft = ("Mensaje nuevo", "Para", "carmen@empresa.example", "Enviar", "Guardar borrador")
    body = Element("document", "Hola Carmen, ¿podría tomarme el viernes libre?")
    assert key("ctrl+enter", body, nearby=draft, app="Gmail") == "confirm"


def test_pasting_a_copied_password_is_asked_about():
    copied = ("# office", "1Password: Password copied to clipboard (clears in 90 s)")
    assert key("ctrl+v", screen=copied, app="Slack") == "confirm"
    assert key("ctrl+v", screen=("# office", "Link copied"), app="Slack") == "allow"


def test_delete_on_a_range_the_screen_says_is_selected():
    sheet = ("Budget 2025", "Shared with 14 people", "A1:Z1000 selected", "Q1", "Q2")
    assert key("delete", screen=sheet, app="Google Sheets") == "confirm"
    assert key("delete", screen=("Budget 2025", "B4:B6 selected"), app="Google Sheets") == "allow"


def test_quitting_an_export_logging_out_and_a_percentage_that_is_no_prompt():
    export = ("Final Cut Pro", "Exporting... 63%", "About 14 minutes remaining", "Cancel")
    assert key("meta+q", screen=export, app="Final Cut Pro") == "confirm"
    assert key("meta+q", screen=("Final Cut Pro", "Library"), app="Final Cut Pro") == "allow"
    assert key("alt+shift+meta+q", app="Finder") == "confirm"
    body = Element("document", "Dear all, revenue grew 8% year over year.")
    mail = ("To: board@helios.example", "Subject: Q3 numbers", body.text)
    assert key("ctrl+enter", body, nearby=mail, screen=mail, app="Outlook") == "confirm"


def test_enter_in_a_chats_message_box_sends():
    box = Element("textbox", "Heads up: 4.2.0 is going out in ten minutes.")
    screen = ("# release", "Tom: changelog is merged", box.text, "Message #release")
    assert key("enter", box, screen=screen, app="Slack") == "confirm"
    assert key("meta+backspace", screen=("Projects", "3 of 4 selected"), app="Finder") == "confirm"
