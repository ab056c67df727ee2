"""What makes a click or a drag risky, read from its context (`ActionContext`): pure functions
from a context to `Finding`s (`cuakit.safety.finding`), each naming a category and a severity.

- **Pointer actions** (click, double click): the target's words. A commit word ("Send",
  "Delete", "Pay now", "Install", "Publish", 发送, 删除, 支付 …) puts the click in its category;
  a plain yes ("OK", "Continue", "Yes", 确定) takes the category of the risk the dialog around
  it states ("permanently", "cannot be undone", "transfer"); a no ("Cancel", "Keep") is
  safe. A toggle or a commit on a settings screen about the firewall, administrators or
  remote access is a system setting. A commit word commits nothing where it names a ticked
  box's option (the click unticks it) or an option the task asks to untick, takes an item
  out of a shopping cart or sends a question to a help centre's box; a settings sidebar's
  page name only opens that page, a file list's column header only sorts it. A bare switch
  state ("Off") in a settings app whose label is out of reach takes the subject of its page.
  Saving a new password, publishing a page that shows an access key, showing a value hidden
  behind dots and opening a link sent by text message are asked about (and what
  `cuakit.safety.rules_more` reads). A target the gate could not read is ``unknown``.
- **Typing**: judged by what it types and where, in `cuakit.safety.typed`.
- **Keys**: judged by what they press or run, in `cuakit.safety.keystrokes`.
- **Drags**: to the trash deletes; a Mac app dragged into the Applications folder is installed;
  a settings slider or switch moved changes the setting.
- **The screen's own warning** (`caution_findings`): a click, Enter or drag that no rule
  above names is still asked about when the screen says the step cannot be taken back
  ("cannot be undone", "not recommended", "your vote is final"), unless it is a plain no
  ("Cancel", "Back to …").

Screen text is compared as `cuakit.safety.lexicon` says: normalised, as whole words, in the
languages it holds, with words a recogniser glued together split again.
"""

from __future__ import annotations

import re

from cuakit.safety.asked_62 import findings_62
from cuakit.safety.asked_62b import commits_nothing_62b, findings_62b, protects_62b, refuses_62b
from cuakit.safety.asked_63 import commits_nothing_63, findings_63, inspects_63, protects_63
from cuakit.safety.asked_64 import (
    commits_nothing_64,
    protects_64,
    reports_64,
    sent_by_someone_64,
    ticks_a_firewall_box_64,
)
from cuakit.safety.asked_64b import findings_64b
from cuakit.safety.asked_steps import asked_click_findings
from cuakit.safety.click_risks import (
    click_risk_findings,
    sends_only_a_query,
    sort_tab,
    switch_answer,
)
from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, page_words, screen_texts
from cuakit.safety.lexicon import (
    CART_REMOVALS,
    CARTS,
    CAUTIONS,
    CHANGE_WORDS,
    COMMIT_WORDS,
    DIALOG_RISKS,
    DONT_SAVE,
    KEEP_WORDS,
    LURES,
    MINT_VERBS,
    MINTED_SECRETS,
    NEW_PASSWORDS,
    NO_WORDS,
    PASSWORD_CHANGES,
    PERMISSIONS,
    PUBLISH_WORDS,
    RISK_WORDS,
    SAFE_CLICKS,
    SECRET_FIELDS,
    SECRET_VERBS,
    SETTINGS_APPS,
    SETTINGS_SUBJECTS,
    SETTINGS_VERBS,
    SHARE_WORDS,
    SWITCH_STATES,
    TEXT_MESSAGES,
    TOGGLE_ROLES,
    UNENCRYPTED,
    YES_WORDS,
    commit_label,
    has,
    normal,
    normalised,
    plain_no,
    unglued,
)
from cuakit.safety.lexicon_62 import DEFENSIVE_62, PRIVACY_PAGES_62, SUBJECT_LINE_62
from cuakit.safety.lexicon_account import DISPLAY_SLIDERS
from cuakit.safety.lexicon_asks import CLOSE_MARKS, PAST_PAYMENTS, PAUSES_MORE, SWITCH_STATES_MORE
from cuakit.safety.lexicon_extra import MORE_UNTICKS
from cuakit.safety.lexicon_more import FOLDER_REVEALS, PLAIN_FIELDS
from cuakit.safety.lexicon_steps import (
    APP_BUNDLE,
    APPLICATIONS_FOLDERS,
    MORE_CART_REMOVALS,
    MORE_CARTS,
    MORE_UNTICK_ASKS,
)
from cuakit.safety.lexicon_world import MORE_SWITCH_STATES, ONWARD_PAST_WARNINGS
from cuakit.safety.lures import TICKED, lure_findings
from cuakit.safety.rules_more import more_findings, onward_step, short_yes
from cuakit.safety.signals import EMAIL, access_secret, looks_like_url, suspicious_url

# ---- pointer actions -------------------------------------------------------------------------


def pointer_findings(ctx: ActionContext) -> list[Finding]:
    """A click's risk: its target's words, or the dialog's for a plain yes."""
    if ctx.target is None or not ctx.target.text.strip():
        return [Finding("unknown", "risky", "nothing readable under the point")]
    target = unglued(normal(ctx.target.text))
    around = unglued(normal(" ".join((*ctx.nearby, ctx.app))))
    page = page_words(ctx)
    found = [*_warning_page(target, page)]
    switch = switch_answer(ctx, target)  # "No" at a settings row's end flips it, leaves nothing
    found += [switch] if switch is not None else []
    if plain_no(target):
        return found
    found += _settings_findings(ctx, target, around)
    if has(target, PAUSES) and has(page, UPDATES):
        found.append(Finding("system-settings", "risky", "pauses the system's security updates"))
    if has(target, DONT_SAVE):  # asked for or not, a person approves losing the changes
        found.append(Finding("delete-file", "risky", "closes without saving the changes"))
    if has(target, RESTARTS) and has(target, UPDATES):  # "Restart to update", "Neu starten"
        found.append(Finding("install-software", "risky", "restarts to install an update"))
    label = commit_label(unglued(commit_label(normal(ctx.target.text))))  # "Unpublish page"
    for category, words in COMMIT_WORDS.items():
        word = has(label, words)
        if commits_nothing_62b(category, word or "", normal(ctx.target.text)):
            continue  # "Send Test" to the sender alone, "Signatur" put into a draft
        if commits_nothing_63(category, label) or commits_nothing_64(category, label, ctx):
            continue  # "Cancel send", "Remove" beside a draft's attachment, "Clear form"
        if word and not _commits_nothing(category, ctx.target.text, label, page, ctx.instruction):
            found.append(Finding(category, "risky", f"the target says {word!r}"))
    found += _touched_findings(ctx, target, page)
    if has(target, SHARE_WORDS) and EMAIL.search(page):  # a recipient is entered: it goes out
        found.append(Finding("send-email", "risky", "shares with the addresses on the screen"))
    if re.search(rf"\bby (clicking|selecting|tapping|pressing) .?{re.escape(target)}", page):
        found.append(Finding("irreversible-submit", "risky", "the page binds the user to it"))
    yes = (has(target, YES_WORDS) or short_yes(target)) and not SUBJECT_LINE_62.search(target)
    # "Sì, installa …" unticked says no yes
    if yes and not found and not unticks(ctx.target.text, ctx.instruction):
        prompts = {name: said for name, words in PERMISSIONS.items() if (said := has(page, words))}
        if prompts and not any(name in normal(ctx.instruction) for name in prompts):
            # "Join the call, camera on" asks for what the prompt grants; "Open the agenda" not
            found.append(Finding("system-settings", "risky",
                                 f"grants a site {', '.join(prompts.values())!r}"))  # fmt: skip
        said = normal(" ".join((page, ctx.reasoning)))
        for category, words in DIALOG_RISKS.items() if not (found or onward_step(target)) else ():
            word = has(said, words)
            if word:
                found.append(Finding(category, "risky", f"a yes to a dialog that says {word!r}"))
    if found and ctx.url:
        suspicious = suspicious_url(ctx.url)
        if suspicious and any(f.category == "financial-transaction" for f in found):
            found.append(Finding("financial-transaction", "critical", f"pays {suspicious}"))
    return found


PRICE = re.compile(
    r"[$€£¥₹₩₽₺₪₫฿₴₱]\s?\d|\d\s?(usd|eur|gbp|元|円|원|zł|руб)(?!\w)|/\s?(month|mo|year|yr)\b"
)
UPDATES = ("update", "updates", "更新", "업데이트", "aktualisierung", "mise à jour",
           "aktualisieren", "actualizar", "actualización", "atualizar", "atualização", "aggiornare",
           "aggiornamento", "bijwerken", "アップデート")  # fmt: skip
PAUSES = ("pause", "pause for", "暂停", "일시 중지", "pausieren", "pausar", "suspendre", "一時停止",
          "일시 정지", "mettre en pause", "sospendi", "pauzeren", *PAUSES_MORE)  # fmt: skip
RESTARTS = ("restart", "relaunch", "neu starten", "redémarrer", "reiniciar", "riavvia",
            "opnieuw opstarten", "重新启动", "重启", "再起動", "다시 시작")  # fmt: skip
"""what a button that restarts an app or the system says ("Restart to update")"""
SCAM_LINES = ("lucky visitor", "you've been selected", "you have been selected", "you have won",
              "you've won", "claim your prize", "claim your reward", "恭喜您获得", "恭喜你获得",
              "现金红包", "领取红包", "您已中奖", "vous avez gagné", "has ganado",
              "has sido seleccionado", "você ganhou", "sie haben gewonnen", "hai vinto",
              "当選しました", "당첨되었습니다", "você foi sorteado", "foi sorteado",
              "has sido premiado", "vous avez été tiré au sort", "点击领取")  # fmt: skip
RED_PACKET = re.compile(r"(领取|领).{0,12}红包|红包.{0,6}(领取|点击)")
"""a red-packet lure ("点击领取 888 元红包"): money offered by a link in a chat"""
CRACKS = re.compile(r"crack|keygen|activator|warez|nulled")
READING_LINKS = ("release notes", "changelog", "readme", "documentation", "docs", "learn more",
                 "what's new", "notes de version", "note di rilascio", "versionshinweise",
                 "notas de la versión", "notas de versão")  # fmt: skip
"""a link beside a download that opens a page to read, not the file"""
EXECUTABLE_NAME = re.compile(  # the long ones also when a recogniser glued the next word on
    r"\.(exe|msi|ps1|scr|apk|dmg|vbs|appimage)|\.(bat|cmd|pkg|jar|run|deb|rpm)\b"
)


UNTICKS = ("uncheck", "untick", "deselect", "clear the checkbox", "décoche", "décocher",
           "desmarca", "desmarcar", "deseleziona", "abwählen", "häkchen entfernen",
           "haken entfernen", "取消勾选", "取消选中", "チェックを外", "체크 해제", "снять флажок",
           "сними галочку", "снимите галочку", "bỏ chọn", "hapus centang", "odznacz",
           "işaretini kaldır", "vinkje weghalen", "avmarkera", "poista valinta",
           *MORE_UNTICKS, *MORE_UNTICK_ASKS)  # fmt: skip
"""how a task asks to untick an option"""
MASKED = re.compile(r"\s*[•●*]{4,}\s*")
"""a value a screen hides wholly behind dots: a password or a key ("Show" beside it reveals it;
"•••• 8841" shows an account's last digits, no secret)"""
COLUMN_HEADERS = ("name", "date modified", "type", "size", "nombre", "fecha de modificación",
                  "tipo", "tamaño", "änderungsdatum", "typ", "grösse", "date de modification",
                  "nom", "taille", "data de modificação", "tamanho", "data modifica",
                  "dimensione", "修改日期", "名称", "类型", "大小", "更新日時", "名前", "種類",
                  "サイズ", "수정한 날짜", "이름", "유형", "크기", "дата изменения", "имя", "тип",
                  "размер", "gewijzigd op", "grootte", "data modyfikacji", "nazwa", "rozmiar",
                  "değiştirme tarihi", "ad", "boyut")  # fmt: skip
"""a file list's column headers: a click sorts the list"""
SETTINGS_PAGES = ("display", "sound", "notifications", "bluetooth", "bluetooth & devices",
                  "network & internet", "personalization", "personalisation", "apps",
                  "accounts", "time & language", "gaming", "system", "storage",
                  "power & battery", "battery", "about", "general", "appearance", "wallpaper",
                  "keyboard", "mouse", "trackpad", "focus", "multitasking", "pantalla",
                  "sonido", "anzeige", "ton", "affichage", "son", "schermo", "suono", "tela",
                  "som", "声音", "ディスプレイ", "サウンド", "디스플레이", "소리", "дисплей",
                  "звук", "weergave", "geluid", "ekran", "dźwięk")  # fmt: skip
"""a settings app's pages by name: a click on one in the sidebar opens it, changes nothing"""


def unticks(raw: str, instruction: str) -> bool:
    """A click on ``raw`` unticks the option it names: a ticked box's label, or an option's
    sentence the task asks to untick (a button's label is shorter)."""
    return bool(TICKED.match(raw)) or (
        len(raw.split()) >= 4 and bool(has(normal(instruction), UNTICKS))
    )


def _commits_nothing(category: str, raw: str, label: str, page: str, instruction: str) -> bool:
    """A commit word that, where it stands, commits nothing of its category: the label of a
    ticked box (the click unticks the option it names), an option's sentence the task asks to
    untick ("Installer aussi la barre d'outils" for "Décoche l'option …"; a button's label is
    shorter), "Remove" on a shopping cart (the item stays in the shop, nothing is paid) and
    "Send" under a help centre's question box or a search form (a query, not a message to
    anyone)."""
    if unticks(raw, instruction):
        return True
    removals = normalised((*CART_REMOVALS, *MORE_CART_REMOVALS))
    if category == "delete-file" and label in removals and has(page, (*CARTS, *MORE_CARTS)):
        return True
    return category == "send-email" and sends_only_a_query(page)


def _settings_findings(
    ctx: ActionContext, target: str, around: str, moved: bool = False
) -> list[Finding]:
    """A change on a settings screen about security, accounts or remote access: a toggle, a
    changing verb, or — in a settings app — picking an option under such a heading (clicking
    the heading itself only opens its page)."""
    settings = has(around, SETTINGS_SUBJECTS) or has(target, SETTINGS_SUBJECTS)
    states = (*SWITCH_STATES, *MORE_SWITCH_STATES)
    # the short Nordic and Hungarian states ("til", "ki") only as the whole label
    state = target.strip(":") in normalised((*states, *SWITCH_STATES_MORE))
    if not settings and state and has(normal(ctx.app), SETTINGS_APPS):
        # a bare "Off" at a row's end, its label out of reach: the settings page's subject
        settings = has(page_words(ctx), SETTINGS_SUBJECTS)
    if not settings:
        return []
    # a switch read off the screen: a text ending in its state, "Off", "Enforcement: Off" (not
    # "Setting up VPN on your laptop")
    switch = any(normal(t).rsplit(" ", 1)[-1].strip(":") in normalised(SWITCH_STATES)
                 for t in ctx.nearby[:4])  # fmt: skip
    # the target is the switch's own state ("Off", "Aus", "Disabled") or a row ending in it
    # ("Microsoft Defender Firewall: Zapnuto"): clicking it flips it
    switch = switch or state or target.rsplit(" ", 1)[-1].strip(":") in normalised(states)
    toggle = moved or (ctx.target is not None and ctx.target.role in TOGGLE_ROLES)
    option = (
        has(normal(ctx.app), SETTINGS_APPS)
        and not has(target, SETTINGS_SUBJECTS)
        and target not in normalised(SETTINGS_PAGES)  # "Display" in the sidebar only opens its page
    )
    if target in normalised(PRIVACY_PAGES_62) and not toggle:
        return []  # "Camera" under Privacy opens the list of apps that hold it
    if protects_62b(target, around) or protects_63(target, around):
        return []  # a malware scan, a firewall or two-step sign-in switched on
    if protects_64(ctx, target, around):
        return []  # the protection the task asks to switch on, switched on
    if toggle or switch or has(target, SETTINGS_VERBS) or option:
        return [Finding("system-settings", "risky", f"changes {settings} settings")]
    return []


def _touched_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """Risks in what a click touches beyond its commit words: a price, an executable file,
    a link to an unsafe address, anything clicked on a message or page from an unsafe address,
    secrets handed out."""
    found = []
    past = has(target, PAST_PAYMENTS)  # "$89.00 · Failed · card_declined": a record's row
    if PRICE.search(target) and not sort_tab(target) and not past:  # "Cheapest £61" sorts
        found.append(Finding("financial-transaction", "risky", "the target carries a price"))
    near = normal(" ".join(ctx.nearby[:3]))
    keeps = has(target, KEEP_WORDS) and EXECUTABLE_NAME.search(page)
    scam = (has(page, SCAM_LINES) or RED_PACKET.search(page)) and not has(target, DEFENSIVE_62)
    if scam:  # "You are today's lucky visitor!"
        found.append(Finding("open-website", "suspicious", "a click on a prize pop-up"))
    if CRACKS.search(target):
        found.append(Finding("install-software", "suspicious", "downloads cracked software"))
    if not (refuses_62b(target) or inspects_63(ctx, target)) and (
        EXECUTABLE_NAME.search(target)
        or keeps
        or (
            EXECUTABLE_NAME.search(near)
            and target
            not in normalised(COLUMN_HEADERS)  # sorting a folder's list by date opens nothing
            and not has(
                target, (*NO_WORDS, *READING_LINKS, *FOLDER_REVEALS, "discard", "delete", "remove")
            )
        )
    ):
        found.append(Finding("install-software", "suspicious", "opens or keeps an executable"))
    if looks_like_url(target) and (reason := suspicious_url(target)):
        found.append(Finding("open-website", "suspicious", f"a link to {reason}"))
    if not (has(target, SAFE_CLICKS) or reports_64(target)):  # a report opens no link
        unsafe = next((r for t in screen_texts(ctx) if (r := _unsafe_address_in(t))), None)
        if unsafe:
            what = "a lure" if has(target, LURES) else "a click"
            found.append(Finding("open-website", "suspicious", f"{what} beside {unsafe}"))
    beside = normal(" ".join(ctx.nearby[:3]))
    hidden = has(beside, SECRET_FIELDS) or any(MASKED.fullmatch(t) for t in ctx.nearby[:3])
    plain = has(target, PLAIN_FIELDS) and not has(target, SECRET_FIELDS)  # "Copy username"
    if (
        has(target, SECRET_VERBS)
        and not plain
        and (
            has(target, SECRET_FIELDS)
            or (hidden and not has(beside, ("forgot", "reset", "change")))
        )
    ):
        found.append(Finding("credentials", "risky", "hands out stored secrets"))
    elif has(target, SECRET_VERBS) and (unencrypted := has(page, UNENCRYPTED)):
        found.append(Finding("credentials", "risky", f"exports data {unencrypted}"))
    if has(target, MINT_VERBS) and has(target, MINTED_SECRETS):
        found.append(Finding("credentials", "risky", "makes a new key or token"))
    raw = ctx.target.text if ctx.target else ""
    if (looks_like_url(raw) or re.search(r"https?://", raw)) and has(page, TEXT_MESSAGES):
        found.append(Finding("open-website", "suspicious", "opens a link sent by text message"))
    found += more_findings(ctx, target, page) + click_risk_findings(ctx, target, page)
    found += asked_click_findings(ctx, target, page) + findings_62(ctx, target, page)
    found += findings_62b(ctx, target, page) + findings_63(ctx, target, page)
    found += sent_by_someone_64(ctx, raw) + ticks_a_firewall_box_64(ctx, target, page)
    found += findings_64b(ctx, target, page)
    return found + _account_findings(ctx, target, page) + lure_findings(ctx, target, page)


def _account_findings(ctx: ActionContext, target: str, page: str) -> list[Finding]:
    """A click that changes who can get into an account or hands its keys out: saving a new
    password (the account's way in changes), publishing, sending or pasting a page that shows
    an access key or token (anyone who reads it can use it)."""
    found = []
    commits = has(target, (*CHANGE_WORDS, *YES_WORDS, "submit", *PASSWORD_CHANGES))
    if commits and has(page, NEW_PASSWORDS):
        found.append(Finding("credentials", "risky", "changes the account's password"))
    shown = next((k for t in screen_texts(ctx) if (k := access_secret(t))), None)
    if shown and has(target, PUBLISH_WORDS):
        found.append(Finding("credentials", "risky", f"puts out a page that shows {shown}"))
    return found


def _unsafe_address_in(text: str) -> str | None:
    """The first unsafe web or e-mail address in ``text`` (or ``text`` itself, a bare host)."""
    if looks_like_url(text) and (reason := suspicious_url(text)):
        return reason
    for match in re.findall(
        r"[\w.-]+@([\w.-]+\.\w+)|(https?://\S+|\b[\w-]+(?:\.[\w-]+)+/\S*)", text
    ):
        address = match[0] or match[1]
        if address and (reason := suspicious_url(address)):
            return reason
    # a bare host among words: a search ad's "Ad · paypa1-secure-login.example"
    for host in BARE_HOST.findall(text):
        if reason := suspicious_url(host):
            return reason
    return None


BARE_HOST = re.compile(
    r"(?<![\w@./-])((?:[a-z0-9][\w-]*\.)+[a-z]{2,})(?!\.?[\w@/-])", re.IGNORECASE
)
"""a host name standing alone among words ("zoom-meetings-free.example")"""


CERT_ERROR = re.compile(r"\b(?:sec_error|ssl_error|err_cert|net::err_cert)\w*")
"""a browser's certificate error code ("SEC_ERROR_EXPIRED_CERTIFICATE")"""


def _warning_page(target: str, page: str) -> list[Finding]:
    """Going on past a browser's warning page (deceptive site, invalid certificate)."""
    said = f"{page} {target}"
    warning = has(said, RISK_WORDS["open-website"]) or next(
        iter(CERT_ERROR.findall(said)), None)  # fmt: skip
    onward = ("visit this unsafe site", "continue to", "proceed to", "accept the risk",
              "ignore", "visit site", "details", "advanced", "继续前往", "继续访问", "weiter zu",
              "continuar a", "acceder a", "continuer vers", "unsicher", "no seguro",
              "aceptar el riesgo", "accepter le risque", "risiko akzeptieren",
              "website besuchen", "website trotzdem besuchen", "visitar este sitio",
              "visiter ce site", "visitar o site", "visita il sito",
              *ONWARD_PAST_WARNINGS)  # fmt: skip
    if warning and has(target, onward) and not has(target, ("back to safety", "go back", "返回")):
        return [Finding("open-website", "critical", f"goes past a warning: {warning!r}")]
    return []


TRASHES = ("trash", "recycle bin", "bin", "回收站", "corbeille", "papierkorb", "papelera",
           "lixeira", "cestino", "prullenbak", "kosz", "çöp kutusu", "ゴミ箱", "휴지통",
           "垃圾桶", "سلة المحذوفات")  # fmt: skip
"""what the trash is called where a drag ends in it"""


def drag_findings(ctx: ActionContext) -> list[Finding]:
    """Dragging to the trash deletes; dragging a Mac app into the Applications folder installs
    it; dragging a settings slider changes the setting."""
    said = normal(ctx.reasoning)
    bin_ = has(said, TRASHES) or (None if _names_a_place(ctx, said) else has(
        normal(" ".join(ctx.nearby[:3])), TRASHES))  # fmt: skip
    if bin_:
        return [Finding("delete-file", "risky", f"drags toward the {bin_}")]
    app = ctx.target.text.strip() if ctx.target else ""
    around = normal(" ".join(ctx.nearby[:3]))
    folder = has(said, APPLICATIONS_FOLDERS) or has(around, APPLICATIONS_FOLDERS)
    if re.search(APP_BUNDLE, app, re.IGNORECASE) and folder:  # a disk image's "Signal.app"
        return [Finding("install-software", "risky", f"drags {app!r} into {folder!r}: installs it")]
    display = ctx.target is not None and has(normal(ctx.target.text), DISPLAY_SLIDERS)
    if ctx.target is not None and not FILE_DRAGGED.search(ctx.target.text.strip()) and not display:
        # a slider or a switch moved; a file dragged into a draft or a folder changes no setting;
        # a text size, brightness or volume slider changes only how the screen looks or sounds
        return _settings_findings(ctx, unglued(normal(ctx.target.text)), page_words(ctx), True)
    return []


FILE_DRAGGED = re.compile(r"\S\.[a-z][a-z0-9]{1,4}$", re.IGNORECASE)
"""a file's name ("resume_2024.pdf"): what a drag that moves a file starts on"""


def _names_a_place(ctx: ActionContext, reasoning: str) -> bool:
    """The drag's reasoning names where it goes, a place beside the point that is not the trash
    ("… naar de map Archief" beside "Prullenbak"): the trash beside it is not the destination."""
    source = normal(ctx.target.text) if ctx.target else ""
    return any(
        len(place) >= 3 and place != source and not has(place, TRASHES) and has(reasoning, (place,))
        for place in (normal(t) for t in ctx.nearby[:3])
    )


def caution_findings(ctx: ActionContext) -> list[Finding]:
    """The screen's own warning about what happens next, whatever the target says."""
    target = unglued(normal(ctx.target.text)) if ctx.target else ""
    if plain_no(target) or target in CLOSE_MARKS:  # "Cancel", "Back to ballot", a tab's "×"
        return []
    page = f"{target} {page_words(ctx)}"
    caution = has(page, CAUTIONS)
    if not caution:
        return []
    category = next((c for c, words in RISK_WORDS.items() if has(page, words)),
                    "irreversible-submit")  # fmt: skip
    return [Finding(category, "risky", f"the screen warns {caution!r}")]
