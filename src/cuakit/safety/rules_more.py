"""More of what a click touches, beside `cuakit.safety.rules`: a link whose host borrows the
name of a site shown on the same page (a search ad's "coupang-sale.example.shop" above
"www.coupang.com"), saving a login in a password manager (a credential written), making
another language the system's first (every screen changes language), exporting from a password
manager (every secret it holds, written out), copying an access key shown beside the button,
opening a payment-request link, cancelling every booking at once and forcing an app to quit.
Also the words that read a bare yes whole ("예(Y)") and a checkout's step onward to shipping.

Text is compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import SECRET_FIELDS, has, normal, normalised
from cuakit.safety.lexicon_more import (
    ALL_WORDS,
    CANCEL_VERBS,
    COPY_VERBS,
    FORCE_QUITS,
    ONWARD_STEPS,
    PAY_LINK_HOSTS,
    QUEUES,
    SHORT_YES,
)
from cuakit.safety.lexicon_world import MORE_EXPORTS
from cuakit.safety.lures import PASSWORD_MANAGERS
from cuakit.safety.signals import access_secret, host_of, looks_like_url, site_parts

HOST = re.compile(r"(?<![\w@.-])((?:[a-z0-9][\w-]*\.)+[a-z]{2,})(?![\w@-])")
"""a host name among words ("Sede electrónica – sede.example.es", "www.coupang.com")"""
PLAIN_NAMES = ("www", "example", "mail", "web", "app", "online", "shop", "store", "site", "home",
               "login", "secure", "official", "com", "net", "org")  # fmt: skip
"""labels that name no site of their own: found in a host, they borrow nothing"""

SAVE_WORDS = ("save", "save item", "save login", "salva", "salvar", "speichern", "enregistrer",
              "guardar", "opslaan", "zapisz", "kaydet", "сохранить", "зберегти", "保存", "저장",
              "lưu", "spara", "gem", "lagre", "tallenna", "uložit", "simpan", "שמור",
              "حفظ")  # fmt: skip
"""what the button that stores a new entry says"""

PRIMARY = ("set as primary", "make primary", "move to top", "set as default",
           "definir como principal", "definir como padrão", "establecer como principal",
           "establecer como predeterminado", "als primär festlegen", "als standard festlegen",
           "définir comme langue principale", "définir comme principale", "définir par défaut",
           "imposta come principale", "imposta come predefinita", "als primair instellen",
           "ustaw jako podstawowy", "birincil yap", "设为首选", "设为默认", "設為預設",
           "優先に設定", "기본으로 설정", "сделать основным", "đặt làm mặc định",
           "jadikan utama")  # fmt: skip
"""what a button that moves a language to the top of the list says"""
LANGUAGE_LISTS = ("preferred languages", "preferred language", "idiomas preferidos",
                  "idioma preferido", "langues préférées", "bevorzugte sprachen",
                  "lingue preferite", "voorkeurstalen", "preferowane języki", "首选语言",
                  "優先する言語", "優先順位", "기본 설정 언어", "предпочитаемые языки",
                  "ngôn ngữ ưu tiên", "bahasa pilihan", "tercih edilen diller",
                  "language & region", "language and region", "idioma e região",
                  "idioma y región", "langue et région", "sprache & region",
                  "sprache und region", "lingua e zona", "言語と地域", "语言与地区",
                  "언어 및 지역")  # fmt: skip
"""what a settings page that orders the system's languages says"""


def more_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """``target``: the click's words and ``page`` the screen's, both `lexicon.normal`."""
    found = []
    raw = ctx.target.text if ctx.target else ""
    borrowed = borrowed_name(ctx, raw) if looks_like_url(raw) else None
    if borrowed is not None:
        found.append(Finding("open-website", "suspicious", f"the host borrows the name of "
                             f"{borrowed}, shown on the same page"))  # fmt: skip
    manager = has(f"{normal(ctx.app)} {page}", PASSWORD_MANAGERS)
    if manager and has(target, SAVE_WORDS) and has(page, SECRET_FIELDS):
        found.append(Finding("credentials", "risky", f"stores a login in {manager}"))
    if has(target, PRIMARY) and (languages := has(page, LANGUAGE_LISTS)):
        found.append(Finding("system-settings", "risky", f"puts another language first in "
                             f"{languages!r}: the whole system changes"))  # fmt: skip
    if manager and has(target, ("export", *MORE_EXPORTS)):
        found.append(Finding("credentials", "risky", f"exports what {manager} holds"))
    shown = next((k for t in ctx.nearby[:3] if (k := access_secret(t))), None)
    if shown and has(target, COPY_VERBS):
        found.append(Finding("credentials", "risky", f"copies {shown} shown beside it"))
    if looks_like_url(raw) and (link := _pay_link(raw)):
        found.append(Finding("open-website", "suspicious", f"opens a payment request ({link})"))
    if has(target, CANCEL_VERBS) and has(target, ALL_WORDS) and not has(target, QUEUES):
        found.append(Finding("irreversible-submit", "risky", "cancels every one at once"))
    if quit_ := has(target, FORCE_QUITS):
        found.append(Finding("key-chord", "risky", f"{quit_!r}: the app's unsaved work is lost"))
    return found


def short_yes(target: str) -> bool:
    """``target`` (`normal`) is a one-word yes, an access key after it or not ("예(y)", "&ja")."""
    bare = re.sub(r"\s*\(&?\w\)$", "", target).replace("&", "").strip()
    return bare in normalised(SHORT_YES)


def onward_step(target: str) -> bool:
    """``target`` (`normal`) goes on to a checkout's shipping step: nothing is paid there."""
    return bool(has(target, ONWARD_STEPS))


def _pay_link(raw: str) -> str | None:
    """The payment-request service ``raw`` links to ("paypal.me/DanielleRents"), or None."""
    address = re.sub(r"^[a-z]+://", "", raw.strip().casefold()).removeprefix("www.")
    return next((h for h in PAY_LINK_HOSTS if address.startswith(f"{h}/")), None)


def borrowed_name(ctx: ActionContext, raw: str) -> str | None:
    """Another site on the screen whose name the clicked host carries as one of its words under
    a domain of its own ("coupang-sale.example.shop" beside "www.coupang.com"), or None."""
    _, registered, words = site_parts(host_of(raw))
    for text in screen_texts(ctx):
        if text == raw:
            continue
        for other in HOST.findall(text.casefold()):
            name, domain, _ = site_parts(other)
            if (
                domain != registered
                and len(name) >= 4
                and name not in PLAIN_NAMES
                and name in words
                and name != words[-1]  # "shop.coupang.com" is the site's own
            ):
                return domain
    return None
