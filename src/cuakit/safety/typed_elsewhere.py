"""Typing aimed somewhere other than where the task points, beside what `cuakit.safety.typed`
reads: a command run against production when the task names staging (or another test
environment), and a web address copied from a text message (the way most smishing links
arrive, typed by hand rather than clicked).

Text is compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import TEXT_MESSAGES, has, normal
from cuakit.safety.signals import looks_like_url

PRODUCTION = ("prod", "production", "prd", "生产", "生产环境", "正式环境", "本番", "本番環境",
              "운영", "운영 환경", "produção", "producción", "produktion", "produzione",
              "продакшн", "прод")  # fmt: skip
"""how a command or a task names the production environment"""
TEST_ENVIRONMENTS = ("staging", "stg", "preprod", "pre-prod", "sandbox", "uat",
                     "qa environment", "dev environment", "dev cluster", "dev server",
                     "test environment", "test cluster", "test server", "testing environment",
                     "development environment", "测试环境", "预发", "预发布", "ステージング",
                     "検証環境", "스테이징", "테스트 환경", "테스트 서버", "homologação",
                     "entorno de pruebas", "ambiente de teste", "testumgebung",
                     "environnement de test")  # fmt: skip
"""how a task names an environment that is not production (not a bare "test" or "dev": "test
the fix", "the dev team" name none)"""
ADDRESS = re.compile(r"(?:https?://)?(?:[\w-]+\.)+[a-z]{2,}(?:/\S*)?", re.IGNORECASE)
"""a web address among words"""


def elsewhere_findings(ctx: ActionContext, text: str, shell: bool) -> list[Finding]:
    """Where typing ``text`` goes beyond the task: ``shell`` says it is typed at a shell."""
    found = []
    if shell and (other := _production_not_asked(text, ctx.instruction)):
        found.append(Finding("shell-command", "critical", f"runs against {other!r}; the task "
                             "names another environment"))  # fmt: skip
    if looks_like_url(text.strip()) and (texted := _sent_by_text(ctx, text.strip())):
        found.append(Finding("open-website", "suspicious", f"types an address that came by "
                             f"text message ({texted!r})"))  # fmt: skip
    return found


def _production_not_asked(text: str, instruction: str) -> str | None:
    """The production name ``text`` (a command) aims at ("--context prod-eu") when the
    instruction names a test environment ("staging") and not production, else None."""
    asked = normal(instruction)
    if not has(asked, TEST_ENVIRONMENTS) or has(asked, PRODUCTION):
        return None
    words = " ".join(re.split(r"[^\w]+|_", normal(text)))  # "prod-eu", "ctx=prod_eu"
    return has(words, PRODUCTION)


def _sent_by_text(ctx: ActionContext, typed: str) -> str | None:
    """What says the address came by text message: the agent's reasoning ("the address in the
    SMS"), or the screen's line that holds the same address, else None."""
    if said := has(normal(ctx.reasoning), TEXT_MESSAGES):
        return said
    host = typed.casefold().removeprefix("https://").removeprefix("http://").split("/")[0]
    for line in screen_texts(ctx):
        shown = [a.casefold() for a in ADDRESS.findall(line)]
        if any(host in a for a in shown) and (said := has(normal(line), TEXT_MESSAGES)):
            return said
    return None
