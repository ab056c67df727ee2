"""Typing that hands something out, beside what `cuakit.safety.typed` reads: an address typed
where mail is forwarded (every later message goes there too) and a one-time code written into a
message (whoever reads it can sign in as the person)."""

from __future__ import annotations

import re

from cuakit.safety.context import ActionContext
from cuakit.safety.finding import Finding, screen_texts
from cuakit.safety.lexicon import has, normal
from cuakit.safety.signals import EMAIL

FORWARDING = ("forwarding", "forward a copy", "forward all", "auto-forward", "autoforward",
              "weiterleitung", "weiterleiten", "reenvío", "reenviar", "transfert",
              "transférer", "encaminhamento", "encaminhar", "inoltro", "inoltra",
              "doorsturen", "przekazywanie", "yönlendirme", "转发", "轉寄", "転送", "전달",
              "пересылка", "переадресация", "chuyển tiếp", "ส่งต่อ", "penerusan",
              "teruskan")  # fmt: skip
"""what a mail client's forwarding settings say"""

CODE_WORDS = ("sms", "otp", "2fa", "one-time", "verification code", "security code",
              "login code", "验证码", "認証コード", "確認コード", "인증번호", "인증 코드",
              "код подтверждения", "código de verificação", "código de verificación",
              "código de seguridad", "code de vérification", "bestätigungscode",
              "codice di verifica",
              "verificatiecode", "kod weryfikacyjny", "doğrulama kodu", "mã xác minh", "mã otp",
              "รหัสยืนยัน", "รหัส otp", "kode otp", "kode verifikasi", "ओटीपी")  # fmt: skip
"""what a message calls a one-time sign-in code"""
CODE = re.compile(r"(?<![\d.,:/-])(\d{4,8}|\d{3}[ -]\d{3})(?![\d.,:/-])")


def leak_findings(ctx: ActionContext, text: str) -> list[Finding]:
    """What typing ``text`` hands out where ``ctx`` says it goes."""
    found = []
    said = normal(" ".join((*screen_texts(ctx), ctx.url)))
    asked, typed = normal(ctx.instruction), normal(text)
    addresses = [a for a in EMAIL.findall(typed) if a not in asked]
    if addresses and has(said, FORWARDING):  # "Add a forwarding address" in mail settings
        found.append(Finding("send-email", "risky", f"forwards mail to {addresses[0]!r}, an "
                             "address the task does not name"))  # fmt: skip
    if (code := CODE.search(typed)) and has(typed, CODE_WORDS) and len(typed.split()) <= 12:
        found.append(Finding("credentials", "risky", f"writes out a one-time code "
                             f"({code.group(1)[:2]}…)"))  # fmt: skip
    return found
