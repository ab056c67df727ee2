"""One action at a time through the default gate, for the rule tests: its decision."""

from __future__ import annotations

from cuakit.actions import Action
from cuakit.safety.context import ActionContext, Element
from cuakit.safety.gate import SafetyGate

GATE = SafetyGate()


def click_on(text: str, nearby: tuple[str, ...] = (), role: str = "text", **kw) -> str:
    instruction = kw.pop("instruction", "do the task")
    context = ActionContext(Action.click(0.5, 0.5), instruction, Element(role, text), nearby,
                            **kw)  # fmt: skip
    return GATE.decide(context).decision


def typing(text: str, screen: tuple[str, ...] = (), **kw) -> str:
    instruction = kw.pop("instruction", "do the task")
    target = kw.pop("target", None)
    context = ActionContext(Action.type_text(text), instruction, target, screen, screen=screen,
                            **kw)  # fmt: skip
    return GATE.decide(context).decision


def pressing(keys: str, screen: tuple[str, ...], **kw) -> str:
    instruction = kw.pop("instruction", "do the task")
    context = ActionContext(Action.key(keys), instruction, screen=screen, nearby=screen, **kw)
    return GATE.decide(context).decision
