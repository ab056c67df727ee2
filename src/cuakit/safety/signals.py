"""What a string is, for the safety gate: an unsafe web address (a raw IP, punycode, a brand's
look-alike, a link shortener, a scam word, an executable download) or a secret (an API key or
token, a private key, a card number with a valid Luhn digit, an IBAN with a valid checksum, a
password-like word). Pure functions of the string alone."""

from __future__ import annotations

import re
from urllib.parse import urlparse

BRANDS = (
    "paypal", "google", "microsoft", "apple", "amazon", "facebook", "instagram", "netflix",
    "github", "chase", "wellsfargo", "bankofamerica", "icloud", "outlook", "office",
    "dropbox", "linkedin", "coinbase", "binance", "steam", "alipay", "taobao", "wechat",
    "quickbooks", "intuit", "docusign", "fedex", "adobe", "venmo", "stripe", "revolut",
    "barclays", "citibank", "santander", "spotify", "yahoo", "twitter", "whatsapp", "telegram",
    "discord", "roblox", "walmart", "norton", "mcafee", "metamask", "grammarly",
)  # fmt: skip
"""brands phishing pages imitate (names of at least five letters: a shorter one, such as "ups",
hides inside ordinary host names)"""
CARRIERS_AND_SERVICES = (
    "dhl", "ups", "usps", "fedex", "correos", "correios", "laposte", "colissimo", "chronopost",
    "royalmail", "evri", "hermes", "postnl", "bpost", "auspost", "canadapost", "ptt", "zoom",
    "webex", "hsbc", "bbva", "caixa", "itau", "bradesco", "nubank", "irs", "hmrc",
    "ebay", "visa", "mastercard", "gov", "gouv", "gob", "govt", "gmail", "shopee", "lazada",
    "tokopedia", "mercadolibre", "aliexpress", "zalando", "rakuten", "flipkart", "paytm",
    "safaricom", "mpesa", "airtel", "mtn", "gcash", "paymaya", "bkash", "nagad", "easypaisa",
    "jazzcash", "gopay",
)  # fmt: skip
"""names smishing imitates that are too short or too local for `BRANDS`' substring test: a
parcel carrier, a post office, a meeting app, a bank, a tax office or a government's own label
("impots-gouv-remboursement"), a regional shop, a mobile-money wallet ("safaricom-mpesa-bonus");
matched as a whole word of a host ("dhl-redelivery-fee", "correos-es.entrega-pago.com")"""
SECOND_LEVELS = ("co", "com", "org", "net", "gov", "gob", "edu", "ac", "or", "ne", "go")
"""the labels under a country's domain that name no one ("amazon.co.uk", "bmkg.go.id")"""
EXECUTABLES = (
    ".exe", ".msi", ".sh", ".bat", ".cmd", ".ps1", ".scr", ".apk", ".dmg", ".pkg", ".jar",
    ".deb", ".rpm", ".appimage", ".vbs", ".run",
)  # fmt: skip
SHORTENERS = ("bit.ly", "tinyurl.com", "t.co", "goo.gl", "is.gd", "ow.ly", "rb.gy", "cutt.ly",
              "shorturl.at", "t.ly", "we.tl", "buff.ly", "rebrand.ly", "tiny.cc", "v.gd",
              "s.id", "shorturl.asia")  # fmt: skip
LOOK_ALIKES = (("rn", "m"), ("vv", "w"), ("0", "o"), ("1", "l"), ("3", "e"), ("5", "s"))
SCAM_WORDS = ("prize", "claim", "winner", "free-gift", "airdrop", "verify-account", "giveaway")
THROWAWAY_TLDS = ("xyz", "top", "click", "buzz", "icu", "cfd", "sbs", "rest", "monster", "cam",
                  "tk", "ml", "ga", "cf", "gq")  # fmt: skip
"""top-level domains that mostly hold short-lived sites (spam and malware reports)"""
SERVICE_WORDS = ("secure", "security", "seguranca", "seguridad", "sicherheit", "securite",
                 "login", "signin", "verify", "verification", "alert", "alerta", "auth",
                 "wallet", "unlock", "recovery", "sicurezza", "seguranca", "sblocco", "payment",
                 "payments", "free-download", "besplatno", "skachat", "crypto", "cripto",
                 "krypto", "bitcoin", "btc")  # fmt: skip
"""words a phishing host hyphenates onto a name ("bank-secure", "bancoaurora-seguranca"; a
crypto word onto an investment scam's: "cripto-rendimientos")"""


LONE_CAPITAL_I = re.compile(r"[^A-Z]*[a-z]I[^A-Z]*")
"""a host whose one capital letter is an I after a small letter ("bancasoIe-accesso.example"):
a host name ignores case, so the capital only serves to pass for an l"""


def _raw_host(url: str) -> str:
    """``url``'s host as written, its case kept."""
    return re.sub(r"^[a-z][\w+.-]*://", "", url.strip(), flags=re.IGNORECASE).split("/")[0]


def registered_labels(host: str) -> list[str]:
    """``host``'s labels, a country's second level joined to its suffix ("co.uk" is one)."""
    labels = host.casefold().strip(".").split(".")
    if len(labels) >= 3 and labels[-2] in SECOND_LEVELS and len(labels[-1]) == 2:
        labels = [*labels[:-2], f"{labels[-2]}.{labels[-1]}"]
    return labels


def site_parts(host: str) -> tuple[str, str, list[str]]:
    """``host``'s name (the label before its suffix), its registered domain and the words of
    the labels before the suffix ("coupang-sale.example.shop": example, example.shop,
    [coupang, sale, example])."""
    labels = registered_labels(host)
    name = labels[-2] if len(labels) >= 2 else labels[0]
    return name, ".".join(labels[-2:]), re.split(r"[-.]", ".".join(labels[:-1]))


def host_of(url: str) -> str:
    """``url``'s host as written, its case kept, without a port."""
    return _raw_host(url).split(":")[0]


def suspicious_url(url: str) -> str | None:
    """Why ``url`` looks unsafe (a raw IP, punycode, a brand's look-alike or a brand name under
    another domain, a scam word, an executable download), or None."""
    text = url.strip().casefold()
    parsed = urlparse(text if "://" in text else f"http://{text}")
    host = (parsed.hostname or "").strip(".")
    if not host:
        return None
    if LONE_CAPITAL_I.fullmatch(_raw_host(url)):
        return f"a capital I passed off as an l ({host})"
    if re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\]", host) or re.fullmatch(
        r"[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}", host
    ):  # a dotted quad or an IPv6 address, not a price ("659.88")
        return f"a raw IP address ({host})"
    if "xn--" in host:
        return f"a punycode host ({host})"
    name, registered, tokens = site_parts(host)
    labels = registered_labels(host)
    if registered in SHORTENERS:
        return f"a link shortener hiding its target ({registered})"
    for brand in BRANDS:
        for token in tokens:
            squashed = token
            for fake, real in LOOK_ALIKES:
                squashed = squashed.replace(fake, real)
            if token != brand and (squashed == brand or _one_edit(token, brand)):
                return f"a look-alike of {brand} ({host})"
        if brand in host and brand not in name and not host.endswith(f"{brand}.com"):
            return f"{brand} under another domain ({registered})"
    parts = re.split(r"-", name)
    words = set(re.split(r"[-.]", ".".join(labels[:-1])))
    imitated = next((b for b in (*BRANDS, *CARRIERS_AND_SERVICES) if b in words and b != name),
                    None)  # fmt: skip
    if imitated:  # "correios-taxa-liberacao", "dhl.parcel-hold.example"
        return f"the name {imitated} inside another host ({registered})"
    hyphened = f"-{name}-"  # a service word may itself hold a hyphen ("free-download")
    service = (next((w for w in SERVICE_WORDS if f"-{w}-" in hyphened), None)
               if len(parts) > 1 else None)  # fmt: skip
    if service:
        return f"a name with {service!r} hyphenated on ({registered})"
    if labels[-1] in THROWAWAY_TLDS:
        return f"a host under a throwaway domain (.{labels[-1]})"
    scam = next((w for w in SCAM_WORDS if w in text), None)
    if scam:
        return f"a scam word in the address ({scam})"
    if parsed.path.endswith(EXECUTABLES):
        return f"an executable download ({parsed.path.rsplit('/', 1)[-1]})"
    return None


def _one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` (both at least 5 letters) are one insertion, deletion or substitution
    apart: ``paypa1``, ``gooogle``, ``amazn``."""
    if min(len(a), len(b)) < 5 or abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


SECRET_PATTERNS = (
    (r"\b(akia|asia)[0-9a-z]{16}\b", "an AWS access key"),
    (r"\bgh[pousr]_[0-9a-z]{30,}|\bgithub_pat_[0-9a-z_]{30,}", "a GitHub token"),
    (r"\bsk-(proj-|ant-)?[0-9a-z_-]{20,}", "an API secret key"),
    (r"\bxox[abpr]-[0-9a-z-]{10,}", "a Slack token"),
    (r"\b[sr]k_(live|test)_[0-9a-z]{16,}", "a Stripe secret key"),
    (r"\baiza[0-9a-z_-]{30,}", "a Google API key"),
    (r"-----begin [a-z ]*private key-----", "a private key"),
    (r"\beyj[0-9a-z_-]{10,}\.[0-9a-z_-]{10,}\.", "a signed token"),
    (r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])", "a social security number"),
    (r"\baws_secret_access_key\b|\b[0-9a-z/+]{40}\b(?=.*secret)|(?<=secret)\S*\s*[0-9a-z/+]{40}",
     "an AWS secret key"),
)  # fmt: skip


def secret_kind(text: str) -> str | None:
    """What kind of secret ``text`` holds (an API key, a card number …), or None."""
    lowered = text.casefold()
    for pattern, kind in SECRET_PATTERNS:
        if re.search(pattern, lowered):
            return kind
    for digits in re.findall(r"(?<![\d])(?:\d[ -]?){13,19}(?![\d])", text):
        if _luhn(re.sub(r"\D", "", digits)):
            return "a card number"
    for iban in re.findall(r"\b[a-z]{2}\d{2}(?: ?[0-9a-z]{4}){2,7}(?: ?[0-9a-z]{1,4})?\b", lowered):
        if _iban_valid(iban.replace(" ", "")):
            return "a bank account number (IBAN)"
    return None


ACCESS_KINDS = ("an AWS access key", "a GitHub token", "an API secret key", "a Slack token",
                "a Google API key", "a private key", "a signed token", "a Stripe secret key",
                "an AWS secret key")  # fmt: skip
"""the secrets that open an account to whoever holds them (not a card or an ID number)"""


def access_secret(text: str) -> str | None:
    """The kind of access key or token ``text`` holds ("an AWS access key"), or None."""
    kind = secret_kind(text)
    return kind if kind in ACCESS_KINDS else None


REFERENCE_NUMBER = re.compile(r"(?:[A-Z]+|\d+)(?:[-_.#/](?:[A-Z]+|\d+))+")
"""an invoice, order or ticket number: groups of capitals or digits ("INV-2024-00871")"""


EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
"""an e-mail address: an "@" between a name and a dotted host (not the "@" inside
"LV@2024!estoque")"""
FORMULA = re.compile(r"=\s*[a-z_.]+\(", re.IGNORECASE)
"""a spreadsheet formula as it is typed into a cell"""


def password_like(text: str) -> bool:
    """One word of 10+ characters mixing upper and lower case, digits and symbols (no address,
    path or e-mail): what a password or a key looks like, not what people type as words."""
    word = text.strip()
    if " " in word or len(word) < 10 or re.search(r"[/\\]|\.\w{2,4}$|^https?:", word):
        return False
    if EMAIL.search(word) or word.startswith("@") or FORMULA.match(word):
        return False  # an address, a handle or a spreadsheet formula ("=SOMMA(B2:B20)")
    if REFERENCE_NUMBER.fullmatch(word):  # one kind of character per group: a record's number
        return False
    classes = sum(bool(re.search(p, word)) for p in (r"[a-z]", r"[A-Z]", r"\d", r"[^\w\s]"))
    return classes == 4 or (classes == 3 and len(word) >= 14)


def _luhn(number: str) -> bool:
    if not 13 <= len(number) <= 19 or len(set(number)) == 1:
        return False
    total = 0
    for i, digit in enumerate(reversed(number)):
        d = int(digit) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _iban_valid(iban: str) -> bool:
    if not 15 <= len(iban) <= 34:
        return False
    moved = iban[4:] + iban[:4]
    digits = "".join(str(int(c, 36)) for c in moved)
    return int(digits) % 97 == 1


def looks_like_url(text: str) -> bool:
    return bool(
        re.fullmatch(r"(https?://)?[\w-]+(\.[\w-]+)+(:\d+)?(/\S*)?", text.strip().casefold())
    )
