"""What a key press risks, judged by what it presses or runs (`cuakit.safety.rules` judges clicks
and typing): chords that leave the app or the session (ctrl+alt+delete, the Run box, SysRq),
permanent deletion (shift+delete, Delete on a file or on a large range of cells), clearing the
browser's data, closing a window with unsaved work or interrupting a recording or a migration,
closing a browser's whole window with its tabs (Ctrl+Shift+W). Enter commits what was just
typed, runs the command on a shell's (or a notebook cell's) last line, or — with nothing focused
— presses the form's commit button; Enter or Space on a focused button presses it; a function
key or a chord the screen labels ("F10: Save & Exit", "Cmd+Opt+Supr: eliminar") and an access
key ("Alt+S" for "发送(S)" or a mail's Send) are that button; "y" answers the terminal's "[Y/n]"
question as a yes, and so does Enter where its default is yes ("[Y/n]"); Enter in the Run box
runs the command in its field. A key the screen says sends ("Enter to send", "Ctrl+Enterで送信")
sends, and so does a mail app's send chord (Ctrl+Enter, Cmd+Shift+D) with a recipient on screen;
Delete in a task manager ends the task; pasting after "Password copied to clipboard" hands the
secret on, and pasting where a page's "verification step" says to runs its command; F5 in a
database console runs the changing query in its editor; quitting an app that is exporting or
recording interrupts it."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from cuakit.actions import ActionType
from cuakit.safety.asked_64 import opens_asked_dialog_64, reloads_on_a_mac_64
from cuakit.safety.context import ActionContext, Element
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import (
    COMMIT_WORDS,
    DONT_SAVE,
    SECRET_FIELDS,
    YES_WORDS,
    has,
    normal,
    normalised,
    plain_no,
)
from cuakit.safety.lexicon_63 import RECIPIENTS_63
from cuakit.safety.lexicon_64b import UNSAVED_64B
from cuakit.safety.lexicon_steps import DO_NOT_INTERRUPT, DONT_SAVE_CHORDS
from cuakit.safety.rules import pointer_findings
from cuakit.safety.typed import YES_NO, shell_prompt, typed_findings

UNSAVED = ("unsaved", "not saved", "modified", "save changes", "do you want to save", "未保存",
           "modifié", "nicht gespeichert", "sin guardar", "non enregistré", "geändert",
           *UNSAVED_64B)  # fmt: skip
INTERRUPTERS = ("meta+l", "ctrl+c", "ctrl+alt+l", "ctrl+break")
"""keys that lock the session or stop a running program"""
ONGOING = ("recording", "screen sharing", "do not interrupt", "don't interrupt", "in progress",
           "applying", "migrate", "rows copied",
           "installing", "updating", "migrating", "running migrations", "uploading",
           "do not turn off", "正在", "exporting", "rendering", "encoding", "downloading",
           "backing up", "syncing", "epoch", *DO_NOT_INTERRUPT)  # fmt: skip
CLOSERS = ("alt+f4", "ctrl+q", "ctrl+w", "meta+q", "ctrl+shift+w", "meta+w", "shift+meta+w")
WHOLE_CLOSERS = {"ctrl+shift+w": "closes the whole window with every tab in it",
                 "shift+meta+w": "closes the whole window with every tab in it"}  # fmt: skip
"""chords that close a browser's whole window, every tab in it (Ctrl+W closes the one tab)"""
RELOADERS = ("f5", "ctrl+f5", "shift+f5", "ctrl+r", "ctrl+shift+r", "shift+meta+r",
             "alt+left", "meta+[")  # fmt: skip
"""keys that reload a page or leave it for the one before"""
STAY_WARNINGS = (
    "do not close", "don't close", "do not refresh", "don't refresh", "do not leave",
    "don't leave", "do not reload", "do not go back", "não atualize", "não feche",
    "não saia", "no actualice", "no cierre", "no cierres", "no salga", "ne fermez pas",
    "n'actualisez pas", "ne quittez pas", "nicht schließen", "nicht aktualisieren",
    "nicht neu laden", "seite nicht verlassen", "non chiudere", "non aggiornare",
    "niet sluiten", "niet vernieuwen", "nie zamykaj", "nie odświeżaj", "kapatmayın",
    "yenilemeyin", "请勿关闭", "不要关闭", "请勿刷新", "不要刷新", "请勿离开", "閉じないで",
    "更新しないで", "닫지 마", "새로 고침하지 마", "не закрывайте", "не обновляйте",
    "не покидайте", "không tắt", "không đóng", "không tải lại", "jangan tutup",
    "jangan muat ulang", "बंद न करें", "रिफ्रेश न करें",
    "لا تغلق", "لا تقم بتحديث",
)  # fmt: skip
"""what a page says while a payment or a firmware write must not be cut off"""

COMPOSERS = ("message", "reply", "comment", "write a", "chat", "post", "tweet", "compose",
             "send", "消息", "回复", "评论", "发送", "nachricht", "mensaje", "messaggio",
             "mensagem", "メッセージ", "메시지")  # fmt: skip

ITEM_ROLES = ("listitem", "treeitem", "icon", "row", "file")

EDITING_ROLES = ("document", "textbox", "password", "combobox", "text", "heading", "label")

CHORDS: dict[str, tuple[str, str]] = {
    "ctrl+alt+delete": ("key-chord", "opens the system's security screen"),
    "ctrl+shift+escape": ("key-chord", "opens the task manager"),
    "alt+meta+escape": ("key-chord", "opens Force Quit"),
    "ctrl+alt+backspace": ("key-chord", "kills the display session"),
    "ctrl+shift+delete": ("key-chord", "clears the browser's data"),
    "shift+delete": ("delete-file", "deletes without the trash"),
    "meta+r": ("key-chord", "opens the Run box"),
    "meta+x": ("key-chord", "opens the power-user menu"),
    "ctrl+alt+t": ("key-chord", "opens a terminal"),
    "shift+meta+delete": ("delete-file", "empties the trash"),
    "alt+shift+meta+delete": ("delete-file", "empties the trash without asking"),
    "alt+shift+meta+backspace": ("delete-file", "empties the trash without asking"),
    "shift+meta+backspace": ("delete-file", "empties the trash"),
    "alt+meta+backspace": ("delete-file", "deletes at once, past the trash"),
    "ctrl+shift+q": ("key-chord", "quits the browser with every window"),
    "shift+meta+q": ("key-chord", "logs out of the session"),
    "alt+shift+meta+q": ("key-chord", "logs out at once, without asking"),
}
FILE_NAME = re.compile(r"\.[a-z0-9]{1,5}$", re.IGNORECASE)


def key_findings(ctx: ActionContext) -> list[Finding]:
    keys = ctx.action.keys or ""
    if "sysrq" in keys or "printscreen+alt" in keys:
        return [Finding("key-chord", "critical", "a kernel SysRq command")]
    asked = keys == "ctrl+shift+escape" and has(normal(ctx.instruction), TASK_MANAGERS)
    asked = asked or reloads_on_a_mac_64(ctx, keys) or opens_asked_dialog_64(ctx, keys)
    if keys in CHORDS and not asked:  # opening the task manager the task asks for changes nothing
        category, reason = CHORDS[keys]
        return [Finding(category, "risky", f"{keys} {reason}")]
    if re.fullmatch(r"ctrl\+alt\+f\d+", keys):
        return [Finding("key-chord", "risky", f"{keys} switches to another console")]
    focused = ctx.target.text if ctx.target else ""
    around = normal(" ".join((*screen_texts(ctx), ctx.app, focused)))
    if keys in (*CLOSERS, *INTERRUPTERS, *RELOADERS) and (stay := has(around, STAY_WARNINGS)):
        return [Finding("key-chord", "risky", f"{keys} leaves a page that says {stay!r}")]
    if keys in CLOSERS or keys in INTERRUPTERS:
        ongoing = has(around, ONGOING)  # quitting stops an export as surely as Ctrl+C
        if has(around, UNSAVED) or re.search(r"(^|\s)\*\S", around) or "*" in ctx.app:
            return [Finding("key-chord", "risky", f"{keys} closes a window with unsaved work")]
        if ongoing:
            return [Finding("key-chord", "risky", f"{keys} interrupts what is {ongoing!r}")]
        if keys in WHOLE_CLOSERS:  # not one tab or one window: every one the app holds
            return [Finding("key-chord", "risky", f"{keys} {WHOLE_CLOSERS[keys]}")]
        return []
    if keys in SEND_CHORDS and (recipients := _recipient_field(ctx)):
        return [Finding("send-email", "risky", f"{keys} sends the message to {recipients!r}")]
    if keys == "delete" and (manager := has(normal(ctx.app), TASK_MANAGERS)):
        return [Finding("key-chord", "risky", f"Delete in the {manager} ends the selected task")]
    shown = _shortcut_on_screen(ctx, keys) or _access_key_on_screen(ctx, keys)
    if shown is not None:  # "F10: Save & Exit", "发送(S)" — the key is that button
        return pointer_findings(replace(ctx, target=Element("button", shown)))
    texts = screen_texts(ctx)
    yes = keys in ("y", "shift+y") and any(YES_NO.search(t) for t in texts)
    if yes or (keys == "enter" and texts and DEFAULT_YES.search(texts[-1])):
        return pointer_findings(replace(ctx, target=Element("button", "yes")))
    field = normal(f"{ctx.target.role} {ctx.target.text}") if ctx.target else ""
    if keys in ("enter", "space") and ctx.target is not None and ctx.target.role in PRESSABLE:
        return pointer_findings(ctx)  # Enter or Space on a focused button presses it
    if (
        keys in ("delete", "meta+backspace", "meta+delete")
        and ctx.target is not None
        and (
            ctx.target.role in ITEM_ROLES
            or (ctx.target.role not in EDITING_ROLES and FILE_NAME.search(ctx.target.text.strip()))
        )
    ):  # in a document or a text box, Delete edits text
        return [Finding("delete-file", "risky", f"{keys} on {ctx.target.text!r} deletes it")]
    ranges = [ctx.target.text] if ctx.target else []
    ranges += [m.group(1) for t in screen_texts(ctx) if (m := RANGE_SELECTED.search(t))]
    cells = max((_cells(r) for r in ranges), default=0)
    if keys in ("delete", "backspace") and cells >= MANY_CELLS:
        return [Finding("delete-file", "risky", f"{keys} clears {cells:,} selected cells")]
    selected = next((t for t in screen_texts(ctx) if MANY_SELECTED.search(t)), None)
    if keys in ("delete", "backspace", "#", "shift+3", "meta+backspace", "meta+delete") and (
        selected is not None
    ):
        return [Finding("delete-file", "risky", f"{keys} deletes what is selected: {selected!r}")]
    if keys in PASTE_KEYS and (copied := _copied_secret(ctx)):
        return [Finding("credentials", "risky", f"{keys} pastes what was copied: {copied!r}")]
    if keys in PASTE_KEYS and (told := _told_to_paste(ctx, keys)):
        return [Finding("shell-command", "suspicious", f"{keys} pastes a command the screen "
                        f"asks for: {told[:60]!r}")]  # fmt: skip
    if keys in QUERY_KEYS and has(normal(ctx.app), QUERY_TOOLS):
        query = next((t for t in screen_texts(ctx) if SQL_CHANGE.match(normal(t))), None)
        if query is not None:  # F5 in a database console runs the query in its editor
            return typed_findings(replace(ctx, target=None), query)
    if keys in RUN_KEYS:
        found = []
        composer = (
            has(field, COMPOSERS) and not has(field, ("search", "find", "filter", "搜索"))
        ) or (field and _composer_label(ctx))  # the text typed, under "Message #release"
        hint = _send_key_hint(ctx, keys)  # "Enter to send", "Ctrl+Enterで送信"
        if (composer and keys != "shift+enter") or hint:  # Shift+Enter starts a new line
            found.append(Finding("send-email", "risky", f"{keys} sends what is written"
                                 + (f" ({hint!r})" if hint else f": {field!r}")))  # fmt: skip
        last = next((a for a in reversed(ctx.previous) if a.type != ActionType.WAIT), None)
        if last is not None and last.type == ActionType.TYPE:
            return found + typed_findings(ctx, last.text)
        pending = _pending_command(ctx)
        if pending is not None:  # Enter runs what stands on the shell's last prompt
            return found + typed_findings(replace(ctx, target=None), pending)
        if found:
            return found
        if keys == "enter" and (ctx.target is None or ctx.target.role not in EDITING_ROLES):
            button = _commit_button(ctx)  # with nothing focused, Enter submits the form
            if button is not None:
                return pointer_findings(replace(ctx, target=Element("button", button)))
            leave = _leave_prompt(ctx)  # "Leave site? Changes you made may not be saved."
            if leave is not None:
                return [Finding("delete-file", "risky", f"Enter answers {leave!r}: the unsaved "
                                "changes are lost")]  # fmt: skip
        around = normal(" ".join((*ctx.nearby, ctx.app)))
        new_line = keys == "shift+enter" and any(  # "Shift + Enter to add a new line"
            re.search(r"shift\s*\+\s*enter", normal(t)) and has(normal(t), NEW_LINES)
            for t in screen_texts(ctx))  # fmt: skip
        if keys != "enter" and not new_line and has(around, ("to", *COMMIT_WORDS["send-email"])):
            return [Finding("send-email", "risky", f"{keys} sends the message being written")]
    return []


SEND_CHORDS = ("ctrl+enter", "meta+enter", "shift+meta+d")
"""mail apps' send shortcuts (Outlook and Gmail, Apple Mail's Cmd+Shift+D)"""
RECIPIENT_LABELS = ("to", "cc", "para", "à", "an", "a", "destinataire", "destinatario",
                    "destinatário", "收件人", "宛先", "받는 사람", "кому", "aan", "do", "kime",
                    "kepada", "đến", "ถึง", "till", "til", "vastaanottaja", "προσ", "אל", "komu",
                    "إلى", "به", "kwa", "प्रति", *RECIPIENTS_63)  # fmt: skip
"""the label of a message's recipient field ("To:", "Para:", "宛先:"), as `normal` leaves it"""
TASK_MANAGERS = ("task manager", "activity monitor", "system monitor", "gerenciador de tarefas",
                 "administrador de tareas", "gestionnaire des tâches", "task-manager",
                 "gestione attività", "taakbeheer", "menedżer zadań", "görev yöneticisi",
                 "диспетчер задач", "任务管理器", "タスク マネージャー", "タスクマネージャー",
                 "작업 관리자", "trình quản lý tác vụ", "ตัวจัดการงาน", "pengelola tugas",
                 "aktivitetshanteraren", "tehtävienhallinta", "správce úloh",
                 "مدير المهام", "διαχείριση εργασιών", "feladatkezelő", "manajer tugas",
                 "administrador de tarefas")  # fmt: skip
"""apps where Delete ends the selected process (its unsaved work is lost); a task that names
one asks for the window Ctrl+Shift+Esc opens"""
DEFAULT_YES = re.compile(r"[\[(]\s*Y(es)?\s*/\s*n(o)?\s*[\])]")
"""a terminal's question whose default, taken by Enter, is yes ("Continue? [Y/n]")"""


def _recipient_field(ctx: ActionContext) -> str | None:
    """The recipients of the message being written: the text after its "To:" label."""
    texts = screen_texts(ctx)
    for label, after in pairwise(texts):
        said = normal(label)
        if (
            said.endswith(":")
            and said.rstrip(": ") in normalised(RECIPIENT_LABELS)
            and "@" in after
        ):
            return after
    return None


NEW_LINES = ("new line", "line break", "nueva línea", "salto de línea", "nouvelle ligne",
             "saut de ligne", "neue zeile", "zeilenumbruch", "nova linha", "nuova riga", "换行",
             "改行", "줄바꿈")  # fmt: skip
"""what a composer's hint says Shift+Enter adds (so Enter alone sends)"""


def _send_key_hint(ctx: ActionContext, keys: str) -> str | None:
    """The screen's own line saying that ``keys`` sends ("Enter to send", "Ctrl+Enterで送信"),
    not one about another chord; "Shift + Enter for a new line" says that Enter sends."""
    key = re.escape(keys).replace(r"\+", r"\s*\+\s*")
    for text in screen_texts(ctx):
        said = normal(text)
        if keys == "enter" and re.search(r"shift\s*\+\s*enter", said) and has(said, NEW_LINES):
            return text
        if re.search(rf"(?<![a-z0-9+])\s*{key}(?![a-z0-9+])", said) and not re.search(
            rf"\+\s*{key}", said
        ) and has(said, COMMIT_WORDS["send-email"]):  # fmt: skip
            return text
    return None


def _composer_label(ctx: ActionContext) -> str | None:
    """A chat's message box label on screen ("Message #release", "Reply to Ana")."""
    starts = ("message #", "message @", "reply to ", "write a message", "write a reply")
    return next((t for t in screen_texts(ctx) if normal(t).startswith(starts)), None)


VERIFY_WORDS = ("verification", "verify", "captcha", "not a robot", "are you human",
                "vérification", "vérifier", "verificación", "verificar", "verificação",
                "überprüfung", "bestätigung", "verifica", "verificatie", "weryfikacja",
                "doğrulama", "проверка", "xác minh", "verifikasi", "验证", "認証", "인증",
                "robot", "robô")  # fmt: skip
"""what a fake check ("verify you are human: press Win+R, Ctrl+V, Enter") calls itself"""
QUERY_KEYS = ("f5", "f9", "ctrl+enter", "meta+enter", "ctrl+shift+enter")
QUERY_TOOLS = ("pgadmin", "pgadmin 4", "dbeaver", "datagrip", "sql server management studio",
               "ssms", "mysql workbench", "sql developer", "heidisql", "tableplus",
               "query tool", "azure data studio", "phpmyadmin")  # fmt: skip
"""database consoles whose run key executes the query written in them"""
SQL_CHANGE = re.compile(r"\s*(delete|update|drop|truncate|alter|insert|grant|revoke)\s")
"""a query that changes the database, as it stands in a console's editor"""


def _told_to_paste(ctx: ActionContext, keys: str) -> str | None:
    """A line telling to press ``keys`` as a verification step ("Verification step 2: press
    Ctrl+V in the Run box"): a page that has put a command on the clipboard for the agent to
    run."""
    chord = _chord(keys)
    for text in screen_texts(ctx):
        said = normal(text)
        named = any(_chord(c) == chord for c in re.findall(r"\w+\s*\+\s*\w+", said))
        if named and has(said, VERIFY_WORDS):
            return text
    return None


def _copied_secret(ctx: ActionContext) -> str | None:
    """A line saying a secret went to the clipboard ("Password copied to clipboard")."""
    for text in screen_texts(ctx):
        said = normal(text)
        if has(said, COPIED) and has(
            said, SECRET_FIELDS
        ):  # fmt: skip
            return text
    return None


COPIED = ("copied", "kopiert", "copiado", "copié", "已复制", "コピー", "скопирован",
          "скопировано", "copiato", "gekopieerd", "skopiowano", "kopyalandı", "đã sao chép",
          "คัดลอก", "복사됨", "복사되었습니다", "disalin", "कॉपी")  # fmt: skip
"""what a line saying something went to the clipboard says"""
PASTE_KEYS = ("ctrl+v", "meta+v", "shift+insert")
RANGE_SELECTED = re.compile(r"([a-z]{1,3}\d+\s*:\s*[a-z]{1,3}\d+)\s+selected", re.IGNORECASE)
"""a spreadsheet's line naming the selected range ("A1:Z1000 selected")"""
PRESSABLE = ("button", "link", "menuitem", "checkbox", "radio", "switch", "tab")
RUN_KEYS = ("enter", "ctrl+enter", "meta+enter", "shift+enter")
"""keys that send what was typed or run a shell line or a notebook cell"""
REVERSE_SEARCH = re.compile(r"\(reverse-i-search\)`[^']*':\s*(\S.*)$")
"""a shell's history search: Enter runs the command it found"""
NOTEBOOK_SHELL = re.compile(r"^\s*(?:\[\s*\d*\s*\]:\s*)?!\s*(\S.*)$")
"""a notebook cell's shell line ("!aws s3 ls")"""
MANY_SELECTED = re.compile(
    r"\ball (\d[\d,.]*\s+)?(text|items?|files?|messages?|conversations?|rows?)\b.*\bselected\b"
    r"|\b\d+ of \d+ selected|\bselected\b.*\(\d+ (pages?|items?)\)"
    r"|\b([2-9]|\d{2,})\s+\w+\s+(selected|geselecteerd|"
    r"ausgewählt|sélectionnés|seleccionad[oa]s|selezionat[ei])\b|已选"
    r"|(נבחרו|выбрано|вибрано|zaznaczono|wybrano|vybráno|đã chọn|تم تحديد)\s+([2-9]|\d{2,})\b"
    r"|\b([2-9]|\d{2,})\s*(\w+\s+)?"
    r"(נבחרו|выбрано|selecionad[oa]s|dipilih|seçildi|개 선택|件を?選択|kijel[öo]lve|valittu"
    r"|markerade|markerad|valgt|επιλεγμένα|được chọn|vybrány|vybráno)",
    re.IGNORECASE,
)
"""a screen saying much is selected ("All text selected (14 pages)", "50 conversations selected")"""
CELL_RANGE = re.compile(r"\s*([a-z]{1,3})(\d+)\s*:\s*([a-z]{1,3})(\d+)\s*", re.IGNORECASE)
MANY_CELLS = 100
"""a selection this large is data, not a typo: Delete on it is a deletion"""


def _cells(text: str) -> int:
    """How many cells a range such as "A1:Z4812" spans (0 for anything else)."""
    match = CELL_RANGE.fullmatch(text)
    if match is None:
        return 0
    first, top, last, bottom = match.groups()
    columns = abs(_column(last) - _column(first)) + 1
    return columns * (abs(int(bottom) - int(top)) + 1)


def _column(letters: str) -> int:
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _commit_button(ctx: ActionContext) -> str | None:
    """The screen's first short text with a commit word ("Pay now"), else a dialog's plain yes
    ("OK" beside "Cancel"): the button Enter presses with nothing focused."""
    texts = screen_texts(ctx)
    for text in texts:
        said = normal(text)
        if len(said.split()) <= 4 and any(has(said, w) for w in COMMIT_WORDS.values()):
            return text
    if not any(plain_no(normal(t)) for t in texts):
        return None  # no way out on the screen: not a dialog that asks
    return next((t for t in texts if normal(t) in normalised(YES_WORDS)), None)


LOST_CHANGES = ("may not be saved", "will not be saved", "won't be saved", "unsaved changes",
                "لا يتم حفظ", "no se guardarán", "no se guarden", "ne seront pas enregistrées",
                "ne seront peut-être pas enregistrées", "nicht gespeichert", "não serão salvas",
                "non verranno salvate", "可能不会保存", "不会保存", "将不会保存", "保存されない",
                "저장되지 않", "не будут сохранены", "не сохранятся", "sẽ không được lưu",
                "ไม่ถูกบันทึก", "tidak akan disimpan", "kaydedilmeyebilir", "niet opgeslagen",
                "nie zostaną zapisane", "सहेजे नहीं")  # fmt: skip
"""what a prompt says of the changes a page holds when it is left"""
LEAVES = ("leave", "leave site", "leave page", "مغادرة", "verlassen", "quitter", "salir",
          "sair", "esci", "abbandona", "离开", "離開", "ページを離れる", "나가기", "покинуть",
          "rời khỏi", "rời đi", "ออก", "tinggalkan", "ayrıl", "opuść", "verlaten",
          "छोड़ें")  # fmt: skip
"""the button of such a prompt that leaves the page"""


def _leave_prompt(ctx: ActionContext) -> str | None:
    """The question of a prompt about leaving a page with unsaved changes, when the screen
    offers a way out beside a button that leaves: Enter's default there is to leave."""
    texts = screen_texts(ctx)
    lost = next((t for t in texts if has(normal(t), LOST_CHANGES)), None)
    leaves = any(len(t.split()) <= 3 and has(normal(t), LEAVES) for t in texts)
    if lost is None or not leaves or not any(plain_no(normal(t)) for t in texts):
        return None
    return lost


def _access_key_on_screen(ctx: ActionContext, keys: str) -> str | None:
    """The button an Alt+letter access key presses: the label marked with that letter
    ("发送(S)", "&Send"), else — for Alt+S — the mail's Send button and, for Alt+N or a Mac's
    Cmd+Delete, a save prompt's "Don't Save"."""
    texts = screen_texts(ctx)
    if keys in DONT_SAVE_CHORDS:
        return _dont_save(texts)
    match = re.fullmatch(r"alt\+([a-z0-9])", keys)
    if match is None:
        return None
    letter = match.group(1)
    for text in texts:
        if re.search(rf"\({letter}\)|&{letter}", text, re.IGNORECASE):
            return text
    if letter == "s":
        return next((t for t in texts if len(t.split()) <= 3
                     and has(normal(t), COMMIT_WORDS["send-email"])), None)  # fmt: skip
    if letter == "n":
        return _dont_save(texts)
    return None


def _dont_save(texts: tuple[str, ...]) -> str | None:
    """A save prompt's "Don't Save" on the screen."""
    return next((t for t in texts if len(t.split()) <= 4 and has(normal(t), DONT_SAVE)), None)


RUN_BOX_FIELDS = ("open:", "открыть:", "öffnen:", "ouvrir :", "ouvrir:", "abrir:", "apri:",
                  "openen:", "otwórz:", "aç:", "mở:", "buka:", "打开:", "打开(o):", "名前:",
                  "名前(o):", "열기:", "열기(o):", "öppna:", "avaa:", "άνοιγμα:", "otevřít:",
                  "فتح:", "باز کردن:")  # fmt: skip
"""the label of the Run box's field (Win+R): Enter runs what stands after it"""


def _pending_command(ctx: ActionContext) -> str | None:
    """The command on the last shell prompt line on screen ("user@host:~$ make", "PS C:\\> …",
    a notebook's "!make") or in the Run box's field ("Open: powershell -enc …")."""
    texts = screen_texts(ctx)
    for label, command in pairwise(texts):
        if normal(label) in normalised(RUN_BOX_FIELDS):
            return command
    for line in reversed(texts):
        prompt = shell_prompt(line, ctx.app)  # "# general" heads a chat's channel
        if prompt and re.search(r"\d%$", line[: prompt.start(1)].rstrip()):
            prompt = None  # "Revenue grew 8% year over year": a percentage, not zsh's prompt
        match = REVERSE_SEARCH.search(line) or prompt or NOTEBOOK_SHELL.match(line)
        if match:
            return match.group(1)
    return None


def _shortcut_on_screen(ctx: ActionContext, keys: str) -> str | None:
    """The label a screen gives ``keys``: a function key's ("F10: Save & Exit", "F10=Save") or a
    chord's, whatever the keyboard calls its keys ("Cmd+Opt+Supr: eliminar inmediatamente" for
    alt+meta+backspace)."""
    if re.fullmatch(r"f\d{1,2}", keys):
        for line in screen_texts(ctx):
            match = re.match(rf"\s*{keys}\s*[:=-]?\s+(\S.*)", line, re.IGNORECASE)
            if match:
                return match.group(1)
        return None
    pressed = _chord(keys)
    for line in screen_texts(ctx) if pressed else ():
        match = CHORD_LINE.match(normal(line))
        if match and _chord(match.group(1)) == pressed:
            return match.group(2)
        match = LABELLED_CHORD.match(normal(line))  # "Submit payroll run (Ctrl+Enter)"
        if match and _chord(match.group(2)) == pressed:
            return match.group(1)
    return None


KEY_NAMES = {
    "cmd": "meta", "command": "meta", "⌘": "meta", "win": "meta", "super": "meta",
    "opt": "alt", "option": "alt", "⌥": "alt", "control": "ctrl", "ctl": "ctrl", "strg": "ctrl",
    "⌃": "ctrl", "maj": "shift", "umschalt": "shift", "mayús": "shift", "⇧": "shift",
    "esc": "escape", "échap": "escape", "del": "delete", "supr": "delete", "suppr": "delete",
    "entf": "delete", "canc": "delete", "backspace": "delete", "⌫": "delete", "return": "enter",
    "entrée": "enter", "eingabe": "enter", "intro": "enter",
}  # fmt: skip
"""what keyboards and menus call a key, as the gate names it (a Mac's Delete is Backspace)"""
CHORD_LINE = re.compile(r"^\s*((?:[^\s+:=]+\s*\+\s*)+[^\s:=]+)\s*[:=–—]\s*(\S.*)$")
"""a screen's line naming what a chord does ("Ctrl+Alt+- : supprimer les lignes")"""
LABELLED_CHORD = re.compile(
    r"^\s*(\S.*?)\s*[(\[]\s*((?:[^\s+()\[\]]+\s*\+\s*)+[^\s+()\[\]]+)\s*[)\]]\s*$"
)
"""a button's label with its chord beside it ("Submit payroll run (Ctrl+Enter)")"""


def _chord(keys: str) -> frozenset[str] | None:
    """The keys of a chord of two keys or more, each by the gate's name for it."""
    parts = [p.strip() for p in keys.casefold().split("+")]
    if len(parts) < 2 or not all(parts):
        return None
    return frozenset(KEY_NAMES.get(p, p) for p in parts)
