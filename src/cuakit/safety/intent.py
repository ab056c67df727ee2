"""Whether an action goes beyond what the person asked, or follows what the screen asked:
pure functions from a context to `Finding`s, read beside `cuakit.safety.rules` (which judges
what an action touches, whoever asked for it).

- **Beyond the task**: an instruction that asks only to look ("Show me …", "How long do I have
  …?", "Check whether …", 教えて, Revisa …) authorises no change, so a click that commits — a
  commit word or a plain yes, or a changing verb ("Save", "Share", "Scale") on a screen that
  also offers a way out ("Cancel") — is asked about, whatever it touches.
- **Planted instructions**: text on the screen addressed to an AI agent ("Note to AI
  assistants: …", "ignore previous instructions") steers the agent, not the person; a step
  taken on such a screen is confirmed unless it is a plain no ("Nota para agentes de IA",
  "忽略之前的指令" alike).
- **Held back**: an instruction that says to write a message but not send it ("… but don't
  send", "nie wysyłaj") makes Enter in its box a step it did not ask for; one that says not to
  open its links ("Don't open any links in this email") makes a click one it did not ask for.

An instruction is read as `cuakit.safety.lexicon` compares text: normalised, whole words, in
the languages the word lists hold.
"""

from __future__ import annotations

import re

from cuakit.actions import ActionType
from cuakit.safety.asked_64 import reports_64
from cuakit.safety.click_risks import sends_only_a_query
from cuakit.safety.context import COMMITTING_ACTIONS, ActionContext
from cuakit.safety.finding import Finding, page_words, screen_texts
from cuakit.safety.lexicon import (
    CHANGE_WORDS,
    COMMIT_WORDS,
    SAFE_CLICKS,
    YES_WORDS,
    commit_label,
    has,
    normal,
    plain_no,
    unglued,
    unspaced,
)
from cuakit.safety.lexicon_account import PLANTED_MORE, REVIEW_FIRST

LOOK_CUES = (
    "tell me", "show me", "show", "check whether", "check if", "check", "look", "see", "read",
    "review", "list", "find", "what", "what's", "whats", "how", "who", "which", "when", "where",
    "why", "is", "are", "does", "do i", "did", "preview", "summarise", "summarize", "get me",
    "count", "compare", "go through", "view", "catch me up", "any", "anything", "browse",
    "explain", "search", "proofread", "double-check",
    "revisa", "mira", "muéstrame", "muestra", "dime", "busca", "consulta", "comprueba", "lee",
    "qué", "cuál", "cuánto", "cuántos", "veja", "mostre", "mostra", "me diga", "verifique",
    "confira", "leia", "qual", "quanto", "zeig", "zeige", "prüf", "prüfe", "schau", "sieh",
    "lies", "was", "wie", "wer", "welche", "wann", "wo", "regarde", "montre", "vérifie", "lis",
    "dis-moi", "quel", "quelle", "combien", "où", "quand", "mostrami", "controlla", "guarda",
    "leggi", "dimmi", "看看", "查看", "查一下", "告诉我", "帮我看看", "帮我查",
    "帮我检查", "检查一下", "покажи", "проверь", "посмотри", "скажи", "какой", "какая",
    "сколько", "найди", "прочитай", "xem", "kiểm tra", "đọc", "tìm", "cho tôi biết", "lihat",
    "periksa", "cek", "tunjukkan", "baca", "cari", "berapa", "apakah", "sprawdź", "pokaż",
    "bekijk", "controleer", "hoeveel", "toon",
)  # fmt: skip
"""how an instruction that asks only to look, read or answer begins"""
LOOK_ENDINGS = ("吗", "教えて", "確認して", "見せて", "調べて", "見て", "확인해", "보여줘",
                "알려줘", "요약해줘", "읽어줘", "찾아줘", "göster", "kontrol et", "söyle",
                "देखो", "बताओ", "दिखाओ", "ดูว่า", "ตรวจสอบ")  # fmt: skip
"""how such an instruction ends in a language that puts the verb last"""
TASK_VERBS = (
    "fix", "update", "change", "set", "set up", "turn", "make", "add", "save", "reply",
    "answer", "write", "draft", "create", "clean", "clear", "free up", "install", "move",
    "rename", "enable", "disable", "run", "start", "stop", "restart", "schedule", "book",
    "fill", "share", "invite", "log in", "sign in", "sign me", "check out", "check off",
    "check the box", "respond", "accept", "decline", "forward", "copy", "download", "upload",
    "edit", "tidy", "organise", "organize", "sort out", "deploy", "reset", "tell him",
    "tell her", "tell them", "let", "put", "give", "get rid", "cancel", "then", "apply",
    "send", "delete", "pay", "buy", "purchase", "submit", "publish", "approve", "merge",
    "remove", "transfer",
)  # fmt: skip
"""words that make an instruction ask for a change (or more than one step)"""

HOLD_BACKS = (
    "don't send", "do not send", "without sending", "don't post", "do not post",
    "don't submit", "do not submit", "no lo envíes", "no envíes", "sin enviar", "no lo mandes",
    "n'envoie pas", "ne l'envoie pas", "sans l'envoyer", "sans envoyer", "nicht senden",
    "nicht abschicken", "nicht absenden", "noch nicht senden", "ohne zu senden",
    "ohne abzuschicken", "non inviare", "non inviarlo", "senza inviare", "não envie",
    "não enviar", "sem enviar", "nie wysyłaj", "bez wysyłania", "niet versturen",
    "niet verzenden", "verstuur niet", "skicka inte", "älä lähetä", "不要发送", "先别发", "别发",
    "不要發送", "送信しないで", "送らないで", "보내지 마", "전송하지 마", "не отправляй",
    "не отправляйте", "đừng gửi", "göndermeyin", "henüz gönderme", "jangan kirim", "لا ترسل",
)  # fmt: skip
"""how an instruction says to write a message but hold it back"""
SENDING_KEYS = ("enter", "ctrl+enter", "meta+enter")
"""keys that send what a message box holds"""
LINK_WORDS = ("link", "links", "url", "enlace", "enlaces", "lien", "liens", "collegamento",
              "ссылк", "ссылку", "ссылки", "посилання", "tautan", "pautan", "liên kết", "link'i",
              "bağlantı", "linku", "odkaz", "链接", "連結", "リンク", "링크", "קישור",
              "رابط")  # fmt: skip
"""what an instruction calls a link"""
LINK_BANS = (
    "don't open", "do not open", "never open", "without opening", "don't click", "do not click",
    "never click", "without clicking", "don't follow", "do not follow", "don't tap",
    "no abras", "no hagas clic", "no pulses", "sin abrir", "n'ouvre", "ne clique", "sans ouvrir",
    "sans cliquer", "öffne keine", "nicht öffnen", "klicke nicht", "nicht anklicken",
    "ohne zu öffnen", "não abra", "não clique", "sem abrir", "non aprire", "non cliccare",
    "senza aprire", "niet openen", "klik niet", "nie otwieraj", "nie klikaj", "açma",
    "tıklama", "не открывай", "не открывайте", "не нажимай", "не переходи", "не відкривай",
    "jangan buka", "jangan klik", "đừng mở", "đừng nhấp", "không mở", "不要打开", "不要点击",
    "别点", "別點", "開かないで", "クリックしないで", "열지 마", "클릭하지 마", "אל תפתח",
    "لا تفتح",
)  # fmt: skip
"""how an instruction forbids opening or clicking (with `LINK_WORDS`: its links)"""

PLANTED = re.compile(
    r"\b(ai|llm|gpt)[ -]?(agent|assistant|model|bot)s?\b|\bnote to (the )?(ai|assistant|agent)"
    r"|\b(automated|autonomous|ai|llm)[ -](\w+[ -])?(agents|assistants|bots)\b"
    r"|\b(ignore|disregard) (all |any )?(the )?(previous|prior|above|earlier) instructions"
    r"|^(assistant|agent|assistent|assistente|asistente|asystent|asisten|ассистент)s?\s*[,:]"
    r"|\b(dear|attention|hey) (ai|assistant|agent)s?\b"
    # the same in other languages: "agentes de IA", "KI-Assistenten", "AI助手", "ИИ-агент"
    r"|\b(agent[eisn]*|assistent[eisn]*|asistentes?|assistants?|agenti)"
    r" (de |d'|di |der |des |per )?(l')?(ia|ki|ai|ии)\b"
    r"|\b(ia|ki|ии)[ -]?(agent|assistent|asistente|assistant|ассистент|агент)"
    r"|ai ?(助手|代理|智能体|エージェント|アシスタント|에이전트|어시스턴트)"
    # Malay, Indonesian, Vietnamese, Polish, Turkish, Thai, Arabic: "pembantu AI", "trợ lý AI"
    r"|\b(pembantu|asisten|agen|ejen|tro ly|asystent\w*)[ -](ai|ia)\b|\byapay zeka (asistan|ajan)"
    r"|ผู้ช่วย ?ai|(مساعد|وكيل) الذكاء الاصطناعي"
    r"|(ignora|ignore[rz]?|ignoriere|negeer|игнорируй)\w* (\w+ ){0,3}(instrucciones|instructions"
    r"|anweisungen|istruzioni|instruções|instructies|инструкции) (anteriores|précédentes"
    r"|vorherigen|bisherigen|precedenti|eerdere|предыдущие)"
    r"|忽略(之前|以上|先前)的?(所有)?(指令|指示)|以前の指示を無視|이전 지시를? 무시"
)
"""text written for an agent to read rather than a person"""


def intent_findings(ctx: ActionContext) -> list[Finding]:
    """What the person did not ask for: a committing click under an instruction that asks only
    to look, any step on a screen that addresses the agent, Enter where the task says not to
    send."""
    if ctx.action.type not in COMMITTING_ACTIONS:
        return []
    found = []
    planted = next((t for t in screen_texts(ctx) if PLANTED.search(normal(t))
                    or re.search(PLANTED_MORE, normal(t))), None)  # fmt: skip
    if planted is not None and not _plain_no(ctx):
        found.append(Finding("unknown", "suspicious", f"the screen addresses the agent: "
                             f"{planted[:60]!r}"))  # fmt: skip
    held = has(normal(ctx.instruction), (*HOLD_BACKS, *REVIEW_FIRST))  # "let me review it first"
    if held and ctx.action.type == ActionType.KEY and ctx.action.keys in SENDING_KEYS:
        found.append(Finding("send-email", "risky", f"the task says {held!r}; "
                             f"{ctx.action.keys} may send"))  # fmt: skip
    banned = has(normal(ctx.instruction), LINK_BANS)
    clicked = ctx.action.type in (ActionType.CLICK, ActionType.DOUBLE_CLICK)
    if banned and clicked and has(normal(ctx.instruction), LINK_WORDS) and not _plain_no(ctx):
        target = normal(ctx.target.text) if ctx.target else ""
        if not (has(target, SAFE_CLICKS) or reports_64(target)):  # "Report phishing" opens nothing
            found.append(Finding("open-website", "suspicious", f"the task says {banned!r} of "
                                 "its links; this click may open one"))  # fmt: skip
    look = look_only(ctx.instruction)
    commits = committing_word(ctx) if look else None
    if commits:
        found.append(Finding("irreversible-submit", "risky",
                             f"the task only asks to look ({look!r}); {commits!r} changes "
                             "something"))  # fmt: skip
    return found


def look_only(instruction: str) -> str | None:
    """The words that make ``instruction`` a request to look, read or answer (and not to
    change anything), or None."""
    said = normal(instruction)
    if has(said, TASK_VERBS):
        return None
    cues = ((c, normal(c)) for c in LOOK_CUES)
    at_start = (c for c, cue in cues if said.startswith(cue) and has(said[: len(cue) + 1], (c,)))
    opener = next(at_start, None)  # a whole word at the start
    if opener is not None:
        return opener
    if said.endswith(("?", "？")):
        return "a question"
    return has(said, LOOK_ENDINGS)


def committing_word(ctx: ActionContext) -> str | None:
    """The word that makes a click (or Enter on a focused button) commit something: a commit
    word, a plain yes, or a changing verb on a screen that also offers a way out. A yes that is
    the task's own look verb, with an object ("업데이트 확인" under "확인해줘"), only looks."""
    pressed = ctx.action.type in (ActionType.CLICK, ActionType.DOUBLE_CLICK) or (
        ctx.action.type == ActionType.KEY and ctx.action.keys in ("enter", "space")
        and ctx.target is not None and ctx.target.role == "button"
    )  # fmt: skip
    if not pressed or ctx.target is None or _plain_no(ctx):
        return None
    target = commit_label(unglued(normal(ctx.target.text)))
    query = sends_only_a_query(page_words(ctx))  # a search form's "Send" only looks, as asked
    for category, words in COMMIT_WORDS.items():
        word = has(target, words)
        if word and not (category == "send-email" and query):
            return word
    yes = has(target, YES_WORDS)
    if yes and not (
        unspaced(yes) and target != normal(yes) and normal(yes) in normal(ctx.instruction)
    ):
        return yes  # "送料を確認" under "確認して" checks, as the task asks; a bare "確認" commits
    word = has(target, CHANGE_WORDS)
    way_out = any(plain_no(unglued(normal(t))) for t in screen_texts(ctx)
                  if normal(t) != normal(ctx.target.text))  # fmt: skip
    return word if word and way_out else None


def _plain_no(ctx: ActionContext) -> bool:
    return ctx.target is not None and plain_no(unglued(normal(ctx.target.text)))
