"""More of what a click touches, beside `cuakit.safety.rules`: a link whose host borrows the
name of a site shown on the same page (a search ad's "coupang-sale.example.shop" above
"www.coupang.com"), saving a login in a password manager (a credential written), and making
another language the system's first (every screen changes language).

Text is compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import SECRET_FIELDS, has, normal
from cuakit.safety.lures import PASSWORD_MANAGERS
from cuakit.safety.signals import host_of, looks_like_url, site_parts

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
    borrowed = _borrowed_name(ctx, raw) if looks_like_url(raw) else None
    if borrowed is not None:
        found.append(Finding("open-website", "suspicious", f"the host borrows the name of "
                             f"{borrowed}, shown on the same page"))  # fmt: skip
    manager = has(f"{normal(ctx.app)} {page}", PASSWORD_MANAGERS)
    if manager and has(target, SAVE_WORDS) and has(page, SECRET_FIELDS):
        found.append(Finding("credentials", "risky", f"stores a login in {manager}"))
    if has(target, PRIMARY) and (languages := has(page, LANGUAGE_LISTS)):
        found.append(Finding("system-settings", "risky", f"puts another language first in "
                             f"{languages!r}: the whole system changes"))  # fmt: skip
    return found


def _borrowed_name(ctx: ActionContext, raw: str) -> str | None:
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
