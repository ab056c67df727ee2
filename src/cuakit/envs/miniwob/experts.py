"""DOM experts for MiniWoB++ tasks: the next action from the page as it is now.

Each expert reads the task's fields (MiniWoB's own field extractor) and the DOM, and answers
with one pointer or keyboard action a person would take next — never a JavaScript shortcut —
so the recorded video shows the work. Experts keep no memory between calls: they recover from
whatever a noisy step (``ExpertPolicy`` knobs) did, by looking again, and give up (a ``fail``
action) when that step made the task impossible (email-inbox: the wanted email deleted).

``EXPERTS`` are the reward model's MiniWoB training tasks; the experts of the tasks kept out of
its training live in :mod:`.unseen_experts`; ``ALL_EXPERTS`` is both, what ``env.expert_action()``
looks up. The building blocks (click, fill, submit ...) are in :mod:`.gestures`.
"""

from __future__ import annotations

from cuakit.actions import Action
from cuakit.envs.miniwob.gestures import Expert, click, fill, labelled, reveal, submit
from cuakit.envs.miniwob.page import Page
from cuakit.envs.miniwob.unseen_experts import UNSEEN_EXPERTS


# ---- the experts --------------------------------------------------------------------------
def click_button(page: Page) -> Action:
    target = page.fields["target"]
    button = page.first(lambda n: n.tag == "button" and n.text == target)
    assert button is not None, f"no button {target!r}"
    return reveal(page, button) or click(page, button, f"the {target} button")


def click_dialog(page: Page) -> Action:
    close = page.first(lambda n: n.has_class("ui-dialog-titlebar-close"))
    assert close is not None, "no dialog close button"
    return click(page, close, "close the dialog")


def click_checkboxes(page: Page) -> Action:
    wanted = {value for key, value in page.fields.items() if key.startswith("target")}
    for box, name in labelled(page, "input_checkbox"):
        if bool(box.value) != (name in wanted):
            return reveal(page, box) or click(page, box, f"toggle {name}")
    return submit(page)


def click_option(page: Page) -> Action:
    target = page.fields["target"]
    for radio, name in labelled(page, "input_radio"):
        if name == target and not radio.value:
            return reveal(page, radio) or click(page, radio, f"choose {name}")
    return submit(page)


def click_tab(page: Page) -> Action:
    title = f"Tab #{page.fields['target']}"
    tab = page.first(lambda n: n.has_class("ui-tabs-anchor") and n.text == title)
    assert tab is not None, f"no tab {title!r}"
    return click(page, tab, f"open {title}")


def click_link(page: Page) -> Action:
    target = page.fields["target"]
    link = page.first(lambda n: n.has_class("alink") and n.text == target)
    assert link is not None, f"no link {target!r}"
    return reveal(page, link) or click(page, link, f"the link {target}")


def choose_list(page: Page) -> Action:
    target = page.fields["target"]
    select = page.first(lambda n: n.tag == "select")
    assert select is not None, "no list on the page"
    if select.value == target:
        return submit(page)
    if not select.focused:
        return click(page, select, "open the list")
    return Action.type_text(target, reasoning=f"pick {target} by typing its name")


def enter_text(page: Page) -> Action:
    field = page.by_id("tt")
    assert field is not None
    return fill(page, field, page.fields["target"], "text") or submit(page)


def focus_text(page: Page) -> Action:
    field = page.by_id("tt")
    assert field is not None
    return click(page, field, "focus the text box")


def login_user(page: Page) -> Action:
    for element_id, key in (("username", "username"), ("password", "password")):
        field = page.by_id(element_id)
        assert field is not None
        action = fill(page, field, page.fields[key], key)
        if action is not None:
            return action
    return submit(page, "Login")


def use_autocomplete(page: Page) -> Action:
    start, end = page.fields["start"], page.fields.get("end", "")
    field = page.by_id("tags")
    assert field is not None
    value = str(field.value or "")

    def fits(text: str) -> bool:
        return text.startswith(start) and text.endswith(end)

    items = page.find(lambda n: n.has_class("ui-menu-item-wrapper"))
    menu_open = page.first(lambda n: n.has_class("ui-autocomplete")) is not None
    match = next((item for item in items if fits(item.text or "")), None)
    if match is not None and match.visible:
        return click(page, match, f"choose {match.text}")
    if fits(value) and (len(value) > len(start) or not menu_open):
        if menu_open:  # the menu may cover the Submit button
            return Action.key("escape", reasoning="close the suggestions")
        return submit(page)
    if not field.focused:
        return click(page, field, "focus the field")
    # Quirk: a menu that opens under a resting pointer takes it as a hover and highlights an
    # item, which the keyboard then acts on; keep the pointer above the field while typing.
    if page.pointer[1] > field.top - 2:
        return Action.move(
            *page.point(page.width * 0.85, page.height * 0.12), reasoning="out of the way"
        )
    if match is not None:  # in the menu but out of view: narrow the menu down
        return Action.type_text((match.text or "")[len(value) :], reasoning="narrow the menu")
    if not value.startswith(start):
        return fill(page, field, start, "start") or Action.wait(0.5)
    if len(value) > len(start) and not items:
        return Action.key("backspace", reasoning="too specific; back off")
    return Action.wait(0.5, reasoning="wait for suggestions")


def email_inbox(page: Page) -> Action:
    fields = page.fields
    sender, task = fields["by"], fields["task"]

    def press(element_id: str, why: str) -> Action:
        button = page.by_id(element_id)
        if button is None:  # an icon whose image has not loaded yet has no size
            return Action.wait(0.3, reasoning=f"wait for the {why} button")
        return click(page, button, why)

    reply = page.by_id("reply-text")
    if reply is not None:
        return fill(page, reply, fields["message"], "reply") or press("send-reply", "send")
    to = page.first(lambda n: n.has_class("forward-sender"))
    if to is not None:
        return fill(page, to, fields["to"], "recipient") or press("send-forward", "send")
    opened = page.by_id("email")
    if opened is not None:
        shown = page.first(lambda n: n.has_class("email-sender") and page.inside(n, opened))
        if shown is None or shown.text != sender:
            return press("close-email", "back to the inbox")
        wanted = {
            "reply": lambda n: n.has_class("email-reply"),
            "forward": lambda n: n.has_class("email-forward"),
            "delete": lambda n: n.has_class("trash"),
        }.get(task, lambda n: n.has_class("star"))
        button = page.first(lambda n: wanted(n) and page.inside(n, opened))
        if button is None:
            return Action.wait(0.3, reasoning=f"wait for the {task} button")
        return reveal(page, button) or click(page, button, f"{task} this email")
    name = page.first(lambda n: n.has_class("email-sender") and n.text == sender)
    if name is None:  # a noisy step deleted it: the task can no longer be done
        return Action.fail(reasoning=f"the email by {sender} is gone")
    return reveal(page, name) or click(page, name, f"open the email by {sender}")


EXPERTS: dict[str, Expert] = {
    "click-button": click_button,
    "click-dialog": click_dialog,
    "click-checkboxes": click_checkboxes,
    "click-tab": click_tab,
    "click-link": click_link,
    "click-option": click_option,
    "choose-list": choose_list,
    "enter-text": enter_text,
    "focus-text": focus_text,
    "login-user": login_user,
    "use-autocomplete": use_autocomplete,
    "email-inbox": email_inbox,
}
"""The MiniWoB tasks whose expert demonstrations train the reward model."""

ALL_EXPERTS: dict[str, Expert] = EXPERTS | UNSEEN_EXPERTS
"""Every MiniWoB task with a DOM expert (``env.expert_action()``): the training tasks and the
unseen ones (:mod:`.unseen_experts`), kept out of training to measure generalisation."""


__all__ = ["ALL_EXPERTS", "EXPERTS", "Expert"]
