"""The words the safety rules look for (`cuakit.safety.rules`, `typed`, `keystrokes`), in
English, Chinese, German, Spanish and French (the commonest also in Portuguese, Italian,
Japanese, Korean, Dutch, Polish, Turkish, Arabic, Indonesian and Hindi), and how screen text
is compared with them: Unicode-normalised, case-folded, as whole words (a substring for scripts
without spaces), with words a recogniser glued together split again."""

from __future__ import annotations

import functools
import re
import unicodedata

from cuakit.safety import lexicon_world as world
from cuakit.safety.accents import unaccented
from cuakit.safety.lexicon_63 import RISKS_63


def normal(text: str) -> str:
    """Unicode-normalised, case-folded, single-spaced, a typographic apostrophe made plain
    ("S’abonner", "Don’t save"), and Latin letters without their accents ("Jetzt überweisen",
    "Şimdi Öde", "Thêm vào", "Przejdź"): a recogniser reading a screen often drops them, and
    a word the rules know must still be found."""
    text = unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'")
    return " ".join(unaccented(text).split())


UNSPACED = frozenset(map(chr, range(0x0E00, 0x0E80)))
"""Thai letters: Thai, like Chinese, writes no space between words"""


def has(text: str, phrases: tuple[str, ...]) -> str | None:
    """The first phrase found in ``text`` (already `normal`): as whole words, or as a substring
    for phrases in a script without spaces (Chinese, Japanese, Thai)."""
    for phrase in phrases:
        said, pattern = _pattern(phrase)
        if said in text and pattern.search(text):  # the substring test first: 5x faster
            return phrase
    return None


@functools.cache
def _pattern(phrase: str) -> tuple[str, re.Pattern[str]]:
    """``phrase`` in the form `normal` gives screen text (a Greek final sigma, a Thai sara am,
    a German ß would otherwise never match), and its pattern: as whole words or, unspaced, as
    a substring."""
    said = normal(phrase)
    return said, re.compile(re.escape(said)) if unspaced(said) else _whole_word(said)


@functools.cache
def _whole_word(phrase: str) -> re.Pattern[str]:
    """``phrase`` as a compiled whole-word pattern (the word lists hold more phrases than `re`
    keeps compiled)."""
    return re.compile(rf"(?<![\w]){re.escape(phrase)}(?![\w])")


@functools.cache
def normalised(phrases: tuple[str, ...]) -> frozenset[str]:
    """``phrases`` in the form `normal` gives screen text, for an exact comparison."""
    return frozenset(map(normal, phrases))


def unspaced(phrase: str) -> bool:
    """``phrase`` is written in a script without spaces between words (Chinese, Japanese,
    Thai): it is found as a substring, not as whole words."""
    return any(unicodedata.east_asian_width(c) in "WF" or c in UNSPACED for c in phrase)


COMMIT_WORDS: dict[str, tuple[str, ...]] = {
    "financial-transaction": (
        "pay", "pay now", "buy", "buy now", "purchase", "place order", "place your order",
        "complete purchase", "complete order", "confirm purchase", "confirm payment",
        "confirm transfer", "transfer", "send money", "send payment", "make payment",
        "subscribe", "donate", "withdraw", "top up", "checkout now", "1-click", "confirm order",
        "order now", "book now", "buy it now", "place bid", "sell", "send tip", "renew",
        "upgrade now", "authorize payment", "authorise payment", "confirm and pay",
        "start free trial", "start trial", "free trial",
        "支付", "付款", "购买", "转账", "下单", "充值", "提现",
        "bezahlen", "jetzt bezahlen", "kaufen", "jetzt kaufen", "zahlungspflichtig bestellen",
        "überweisen", "pagar", "pagar ahora", "comprar", "transferir", "payer", "acheter",
        "commander", "confirmer le paiement", "refund", "issue refund", "rembourser",
        "reembolsar", "erstatten", "退款", "faire un don", "confirmer le don", "spenden",
        "donar", "confirmar transferencia", "confirmar transferência", "confirmar pago",
        "confirmar pagamento", "confirmar compra", "enviar dinero", "enviar dinheiro",
        "acquista", "paga ora", "paga", "compra ora", "購入", "購入する", "支払う", "支払い",
        "送金", "注文を確定", "결제", "구매", "송금", "jetzt ausführen", "überweisung ausführen",
        "auftrag ausführen", "betalen", "nu betalen", "overmaken", "оплатить", "перевести",
        "confirmar pix", "pagar pix", "enviar pix", "fazer pix", "pagar com pix",
        "bayar", "bayar sekarang", "beli", "beli sekarang", "zapłać", "kup teraz", "öde",
        "şimdi öde", "satın al", "ادفع", "شراء", "भुगतान करें", "अभी भुगतान करें", "खरीदें",
        "अभी खरीदें", *world.MORE_COMMIT_WORDS["financial-transaction"],
    ),
    "send-email": (
        "send", "send now", "send message", "send email", "send reply", "send invite",
        "发送", "发送邮件", "senden", "absenden", "enviar", "envoyer", "invia", "送信", "送る",
        "보내기", "전송", "versturen", "verzenden", "verstuur", "отправить", "kirim", "wyślij",
        "gönder", "إرسال", "भेजें", *world.MORE_COMMIT_WORDS["send-email"],
    ),
    "delete-file": (
        "delete", "delete forever", "delete permanently", "permanently delete", "remove",
        "erase", "empty trash", "empty recycle bin", "empty bin", "shred", "wipe", "destroy",
        "drop", "purge", "terminate", "uninstall", "move to trash", "move to bin",
        "send to trash", "delete all", "remove all",
        "删除", "彻底删除", "永久删除", "清空", "移除", "卸载",
        "löschen", "endgültig löschen", "entfernen", "eliminar", "borrar", "supprimer",
        "effacer", "supprimer définitivement", "excluir", "apagar", "excluir permanentemente",
        "eliminare", "elimina", "cancella", "削除", "完全に削除", "ゴミ箱を空にする", "삭제",
        "clear now", "clear data", "clear history", "clear browsing data", "удалить",
        "mover a la papelera", "mover para a lixeira", "mettre à la corbeille",
        "placer dans la corbeille", "in den papierkorb verschieben", "in den papierkorb legen",
        "sposta nel cestino", "移到回收站", "移至回收站", "ゴミ箱に入れる", "ゴミ箱に移動",
        "휴지통으로 이동", "verwijderen", "definitief verwijderen", "usuń", "usuń trwale", "sil",
        "kalıcı olarak sil", "حذف", "hapus", "hapus permanen", "हटाएं",
        *world.MORE_COMMIT_WORDS["delete-file"],
    ),
    "install-software": (
        "install", "install now", "get", "add to chrome", "add to firefox", "add extension",
        "run anyway", "allow and install", "open anyway", "allow anyway", "keep anyway",
        "install anyway", "trust",
        "安装", "立即安装", "installieren", "instalar", "installer", "installa", "インストール",
        "설치", "入手", "받기", "añadir a chrome", "añadir a firefox", "agregar a chrome",
        "ajouter à chrome", "ajouter à firefox", "zu chrome hinzufügen", "zu firefox hinzufügen",
        "adicionar ao chrome", "adicionar ao firefox", "aggiungi a chrome", "aggiungi a firefox",
        "添加至 chrome", "添加到 chrome", "chrome に追加", "chrome에 추가",
        *world.MORE_COMMIT_WORDS["install-software"],
    ),
    "irreversible-submit": (
        "submit", "publish", "post", "tweet", "merge", "merge pull request", "deploy",
        "approve", "sign", "sign and submit", "deactivate", "close account", "reset",
        "revoke", "force push", "e-file", "file now", "sign now", "agree and sign",
        "cast vote", "accept offer", "finalize", "finalise", "提交", "发布", "提交订单",
        "einreichen", "abschicken", "veröffentlichen", "publicar", "publier", "soumettre",
        "freigeben", "auftrag freigeben",
        "transmit", "vote", "kündigen", "résilier", "dar de baja", "cancel subscription",
        "cancel membership", "cancel contract", "cancel my plan", "close my account",
        "pubblica", "公開", "投稿", "提出", "게시", "제출", "indienen", "dismiss employee",
        "terminate employee", "terminate employment", "offboard", "cancel trip", "cancel my trip",
        "cancel order", "cancel my order", "cancel booking", "cancel reservation",
        "cancel flight", "cancel appointment", "signer", "valider et signer", "valider",
        "unterschreiben", "firmar", "firmare", "assinar", "confirmer la résiliation",
        "valider la résiliation", "kündigung bestätigen", "kündigung absenden",
        "confirmar la baja", "confirmar cancelación", "confirmar cancelamento",
        "cancelar assinatura", "cancelar suscripción", "annuler l'abonnement",
        "annuler mon abonnement", "conferma disdetta", "解約する", "确认解约", "确认退订",
        "release", "release now", "release this version", "votar", "confirmar voto", "voter",
        "confirmer le vote", "abstimmen", "stimme abgeben", "投票する", "투표하기",
        *world.MORE_COMMIT_WORDS["irreversible-submit"],
    ),
}  # fmt: skip

NOT_COMMITS = ("send/receive", "sign in", "sign out", "sign-in", "log in", "send to back",
               "send backward", "remove from list", "remove from starred", "remove from recent",
               "remove from favorites", "remove from favourites", "remove label",
               "remove filter", "remove filters", "clear filter", "clear filters",
               "clear all filters", "filter entfernen", "filter löschen", "quitar filtro",
               "borrar filtros", "supprimer le filtre", "effacer les filtres",
               "remover filtro", "清除筛选", "release notes", "release history", "ที่ติดตั้ง",
               "ติดตั้งแล้ว", "已安装", "インストール済み", *world.MORE_NOT_COMMITS)  # fmt: skip
"""labels that hold a commit word and commit nothing ("Sign in", "Send/Receive", "Send to
Back", "Remove from list", "Remove filter": a filter changes what is shown, not what is kept;
"Release notes" only opens a page; "แอปที่ติดตั้ง", "已安装": the apps installed, a list)"""


def commit_label(text: str) -> str:
    """A target's words (already `normal`) with the labels that commit nothing taken out."""
    for phrase in NOT_COMMITS:
        said, pattern = _pattern(phrase)
        if said in text:
            text = pattern.sub(" ", text)
    return " ".join(text.split())


BACK_TO = (" to", " a", " à", " zu", " zur", " zum", " para", " naar", " ke")
"""a way out that names where it goes ("Back to ballot", "Volver a seguridad")"""


def plain_no(text: str) -> bool:
    """``text`` (already `normal`) is a way out ("Cancel", "Go back", "Back to ballot"), and not
    two buttons a recogniser read as one ("Cancel OK"): which of them the point is on, no rule
    can tell."""
    said = next((w for w in sorted(normalised(NO_WORDS), key=len, reverse=True)
                 if has(text, (w,)) and text.startswith(w)), None)  # fmt: skip
    if said is None:
        return False
    rest = text.removeprefix(said).lstrip(" ,-–")
    if rest and not (said.endswith(BACK_TO) or rest.startswith(("to ", "and "))):
        return False  # "Restore account access" is not a way out; "Back to ballot" is
    return not any(has(rest, words) for words in (*COMMIT_WORDS.values(), YES_WORDS))


YES_WORDS = (
    "ok", "okay", "yes", "continue", "confirm", "proceed", "i agree", "agree", "accept",
    "allow", "i understand", "do it", "apply", "finish", "complete", "done",
    "确定", "是", "继续", "确认", "同意", "允许", "完成",
    "ja", "weiter", "bestätigen", "sí", "aceptar", "continuar", "confirmar", "oui", "continuer",
    "confirmer", "accepter", "sim", "aceitar", "permitir", "sì", "conferma", "accetta",
    "consenti", "はい", "確認", "同意する", "許可", "확인", "허용", "upgrade",
    "voltooien", "doorgaan", "bevestigen", "akkoord", "evet", "tamam", "onayla",
    "zatwierdź", "potwierdź", "موافق", "نعم", "تأكيد", "lanjutkan", "konfirmasi", "हाँ",
    "पुष्टि करें", *world.MORE_YES_WORDS,
)  # fmt: skip

NO_WORDS = (
    "cancel", "no", "back", "go back", "back to safety", "not now", "keep editing",
    "restore", "undo", "save draft", "skip", "dismiss", "close", "never mind", "don't allow",
    "取消", "返回", "否", "保留", "keep working",
    "abbrechen", "nein", "zurück", "cancelar", "volver", "annuler", "non", "retour", "não",
    "voltar", "annulla", "indietro", "キャンセル", "いいえ", "戻る", "취소", "아니요",
    "stay on page", "return to", "continue shopping", "keep shopping", "continue browsing",
    "no thanks", "no, thanks", "save and continue later", "save and finish later",
    "save for later", "save and exit later", "guardar y continuar más tarde",
    "guardar borrador", "enregistrer le brouillon", "enregistrer et continuer plus tard",
    "entwurf speichern", "später fortsetzen", "salvar rascunho", "salva bozza", "保存草稿",
    "下書き保存", "nee", "annuleren", "terug", "anuluj", "wróć", "iptal", "hayır",
    "vazgeç", "إلغاء", "batal", "kembali", "रद्द करें", "वापस जाएँ", *world.MORE_NO_WORDS,
)  # fmt: skip

RISK_WORDS: dict[str, tuple[str, ...]] = {
    "delete-file": (
        "permanently", "cannot be undone", "can't be undone", "will be deleted",
        "delete", "erase", "all data", "wipe", "empty trash", "无法恢复", "删除", "永久",
        "dauerhaft", "endgültig", "nicht rückgängig", "permanentemente", "no se puede deshacer",
        "définitivement", "irréversible", "removed", "will be removed", "to remove",
        "will remove", "will delete", "will erase",
        "excluir", "apagar", "eliminare", "完全に", "削除", "삭제", "supprimer", "corbeille",
        "löschen", "papierkorb", "eliminar", "borrar", "papelera", "trash", "recycle bin",
        "回收站", "ゴミ箱", "휴지통", "verwijderen", "definitief", "prullenbak", "usunąć", "trwale",
        "kalıcı olarak", "silmek", "silinsin", "حذف", "نهائيًا", "hapus", "permanen",
        *RISKS_63["delete-file"], *world.MORE_DELETE_RISKS,
    ),
    "financial-transaction": (
        "payment", "pay", "charge", "charged", "transfer", "purchase", "order total",
        "card ending", "付款", "支付", "转账", "zahlung", "pago", "paiement", "total due",
        "due today", "billed annually", "billed monthly", "przelew", "przelewu", "überweisung",
        "virement", "transferencia", "pembayaran", "भुगतान", *world.MORE_MONEY_WORDS,
        *RISKS_63["financial-transaction"],
    ),
    "install-software": (
        "install", "download", "unknown publisher", "blocked to protect", "unidentified developer",
        "not verified", "unsigned", "安装",
    ),
    "send-email": ("send", "recipients", "发送"),
    "system-settings": (
        "firewall", "antivirus", "real-time protection", "administrator", "admin rights",
        "user account control", "remote desktop", "remote access", "factory reset",
        "reset this pc", "make changes to your device", "防火墙", "record your screen",
        "access your screen", "screen and audio", "screen and system audio",
        "control your computer", "remote control", "full access", "never notify",
        "firewall de windows", "entire screen", "share your screen", "share your entire screen",
        "远程桌面", "远程协助", "远程控制", "bureau à distance", "escritorio remoto",
        "área de trabalho remota", "remotedesktop", "リモート デスクトップ", "リモートデスクトップ",
        "원격 데스크톱", "administrador", "administrateur", "amministratore", "beheerder", "管理者",
        "관리자", "yönetici", "usb debugging", "depuración usb", "débogage usb", "usb-debugging",
        "تصحيح أخطاء usb", "usb 调试", "usb デバッグ", *world.MORE_SYSTEM_RISKS,
    ),
    "irreversible-submit": (
        "penalty of perjury", "agree to sign", "sign this document", "legally binding",
        "cannot be changed", "can't be changed", "cannot be edited", "irrevocable",
        "once submitted", "final submission", "sign electronically", "不可撤销", "signature",
        "act on these documents", "handtekening", "unterschrift", "assinatura", "podpis",
        "imza",
    ),
    "credentials": (
        "unencrypted", "all passwords", "your vault", "plain text", "private key",
        "recovery codes", "backup codes",
    ),
    "open-website": (
        "keine sichere verbindung", "nicht sicher", "angreifer", "no es privada", "atacantes",
        "n'est pas privée", "pirates", "err_cert", "certificate is not valid",
        "deceptive site", "dangerous site", "phishing", "unsafe site", "not secure",
        "your connection is not private", "attackers might", "malware", "不是私密连接",
        "不安全", "攻击者", "欺诈", "危险网站", "potential security risk", "riesgo potencial",
        "amenaza de seguridad", "risque de sécurité", "sicherheitsrisiko", "betrügerische website",
        "gefährliche website", "site trompeur", "sitio engañoso", "site enganoso",
        "risque probable", "verbindung ist nicht privat", *world.MORE_WEBSITE_WARNINGS,
    ),
}  # fmt: skip

UNENCRYPTED = ("unencrypted", "not encrypted", "not be encrypted", "plain text", "plaintext",
               "sin cifrar", "no cifrado", "unverschlüsselt", "non chiffré", "non chiffrée",
               "não criptografado", "sem criptografia", "non crittografato", "未加密",
               "明文", "暗号化されていない", "암호화되지 않은",
               *world.MORE_UNENCRYPTED)  # fmt: skip
"""what an export dialog says of a file anyone who finds it can read"""

SETTINGS_SUBJECTS = RISK_WORDS["system-settings"] + (
    "defender", "uac", "sudo", "root", "users", "user accounts", "sharing", "secure boot",
    "bitlocker", "encryption", "automatic updates", "ssh", "screen lock", "password policy",
    "developer mode", "unknown sources", "screen recording", "screen & system audio recording",
    "accessibility", "full disk access", "input monitoring", "privacy & security",
    "allow applications", "downloaded from", "smartscreen", "gatekeeper", "管理员", "proxy",
    "dns", "vpn", "hosts file", "certificate", "trusted root", "two-factor", "2-step verification",
    "multi-factor", "mfa", "screen sharing", "remote management", "bios", "boot order",
    "port forwarding", "nat forwarding", "find my", "查找我的", "partage",
    "freigabe", "compartir pantalla", "ip address", "ip-adresse", "adresse ip", "dirección ip",
    "subnet mask", "subnetzmaske", "default gateway", "standardgateway", "forwarding",
    "forwarding address", "weiterleitung", "location services", "location service",
    "service de localisation", "services de localisation", "ortungsdienste",
    "servicios de ubicación", "serviços de localização", "定位服务", "位置情報サービス",
    "위치 서비스", "require password", "require a password", "passwort erforderlich",
    "exiger le mot de passe", "solicitar contraseña", "time zone", "timezone", "zeitzone",
    "fuseau horaire", "zona horaria", "fuso horário", "fuso orario", "时区", "タイムゾーン",
    "표준 시간대", "developer options", "opciones de desarrollador",
    "options pour les développeurs", "entwickleroptionen", "opções do desenvolvedor",
    "开发者选项", "開発者向けオプション",
    "خيارات المطور", *world.MORE_SETTINGS_SUBJECTS,
)  # fmt: skip
POWER_OFFS = ("shut down", "herunterfahren", "éteindre", "apagar el equipo", "desligar", "spegni",
              "关机", "シャットダウン", "시스템 종료", *world.MORE_POWER_OFFS)  # fmt: skip
"""what a dialog that turns the machine off says: a risk the dialog states (a yes to it is
asked about), not a settings subject (a settings page may name it beside its toggles)"""
DIALOG_RISKS = {
    **RISK_WORDS,
    "system-settings": (*RISK_WORDS["system-settings"], *POWER_OFFS, *world.EXPOSURES),
    "credentials": (*RISK_WORDS["credentials"], *UNENCRYPTED),
}
"""what a dialog says that makes a plain yes to it risky: `RISK_WORDS`, and turning the machine
off or writing secrets out unencrypted (kept out of the words a glued token is split into:
"shut down" would split "dropdown")"""

PERMISSIONS = {
    "camera": ("use your camera", "use your cameras", "kamera verwenden", "usar tu cámara",
               "utiliser votre caméra", "使用您的摄像头"),
    "microphone": ("use your microphone", "mikrofon verwenden", "usar tu micrófono",
                   "utiliser votre micro", "使用您的麦克风"),
    "notifications": ("show notifications", "benachrichtigungen anzeigen",
                      "mostrar notificaciones", "afficher des notifications", "显示通知"),
    "location": ("know your location", "access your location", "standort", "tu ubicación",
                 "votre position", "位置信息"),
}  # fmt: skip
PERMISSIONS = {
    name: (*words, *world.MORE_PERMISSIONS.get(name, ())) for name, words in PERMISSIONS.items()
}
"""what a browser's permission prompt ("meet.example wants to: Use your camera") grants, by the
word an instruction that asks for it would use"""

SETTINGS_VERBS = (
    "turn off", "share", "disable", "off", "enable", "on", "allow", "apply", "save", "save changes",
    "reset", "add user", "add account", "remove user", "make admin", "make administrator",
    "grant", "change", "关闭", "开启", "应用", "save & exit", "save and exit", "desactivar",
    "deaktivieren", "désactiver", "ausschalten", "übernehmen", "appliquer", "aplicar",
    "applica", "next", *world.MORE_SETTINGS_VERBS,
)  # fmt: skip

TOGGLE_ROLES = ("switch", "toggle", "checkbox", "radio")

SWITCH_STATES = ("on", "off", "开", "关", "activé", "désactivé", "aktiviert", "deaktiviert",
                 "activado", "desactivado", "attivo", "disattivato")  # fmt: skip
"""what a switch read off the screen says beside its label"""

SHARE_WORDS = ("share", "invite", "send invite", "add people", "compartir", "teilen", "partager",
               "compartilhar", "condividi", "共享", "分享", "共有")  # fmt: skip
"""what a sharing dialog's button says"""

SECRET_VERBS = ("export", "show", "reveal", "copy", "share", "download", "send", "view",
                *world.MORE_EXPORTS, *world.MORE_REVEALS)  # fmt: skip
MINTED_SECRETS = ("token", "access key", "api key", "secret key", "secret", "app password",
                  "令牌", "密钥", "访问令牌", "トークン", "アクセスキー", "토큰", "jeton",
                  "clé api", "clé d'api", "api-schlüssel", "clave de api",
                  "chave de api", *world.MORE_MINTED_SECRETS)  # fmt: skip
"""secrets a click creates ("Generate token", "Create access key"); a generated password for a
new login is the safe habit, not a risk"""
MINT_VERBS = ("create", "generate", "new", "roll", "rotate", "生成", "创建", "新建", "作成", "発行",
              "생성", "발급", "erstellen", "generieren", "créer", "générer", "crear", "generar",
              "criar", "gerar", "crea", "genera", *world.MORE_MINT_VERBS)  # fmt: skip
"""what a button that makes a new secret says beside it"""
CARTS = ("cart", "your cart", "shopping cart", "basket", "shopping bag", "warenkorb", "panier",
         "carrito", "carrinho", "carrello", "winkelwagen", "购物车", "カート",
         "장바구니")  # fmt: skip
"""what a shop calls the list of what is about to be bought"""
CART_REMOVALS = ("remove", "remove item", "delete", "entfernen", "löschen", "supprimer",
                 "eliminar", "excluir", "elimina", "verwijderen", "删除", "移除", "削除",
                 "삭제")  # fmt: skip
"""a cart line's own button: takes the item out of the cart (not "Delete account")"""
HELP_DESK_PROMPTS = ("ask us anything", "ask a question", "type your question",
                     "ask me anything", "what would you like to know", "stellen sie ihre frage",
                     "posez votre question", "haz tu pregunta", "escribe tu pregunta",
                     "faça sua pergunta", "请输入您的问题", "質問を入力")  # fmt: skip
"""what a help centre's question box (its search or its bot) says"""
NEW_PASSWORDS = ("new password", "neues passwort", "nouveau mot de passe", "nueva contraseña",
                 "nova senha", "nuova password", "新密码", "新しいパスワード",
                 "새 비밀번호", "nieuw wachtwoord", "nowe hasło", "yeni şifre",
                 *world.MORE_NEW_PASSWORDS)  # fmt: skip
"""a password-change form's field: what a commit on it replaces is the account's way in"""
PASSWORD_CHANGES = ("change password", "passwort ändern", "modifier le mot de passe",
                    "changer le mot de passe", "cambiar contraseña", "alterar senha",
                    "cambia password", "wachtwoord wijzigen", "zmień hasło", "şifreyi değiştir",
                    "修改密码", "更改密码", "パスワードを変更", "비밀번호 변경")  # fmt: skip
"""what the commit button of a password-change form says"""
PUBLISH_WORDS = ("post", "publish", "create", "paste", "upload", "commit", "submit", "share",
                 "send", "tweet", "comment", "发布", "提交", "veröffentlichen", "publier",
                 "publicar")  # fmt: skip
"""what a button that puts a page's text out where others can read it says"""
TEXT_MESSAGES = ("text message", "sms", "mms", "imessage", "message texte", "mensaje de texto",
                 "mensagem de texto", "textnachricht", "messaggio di testo", "短信",
                 "ショートメッセージ", "문자 메시지")  # fmt: skip
"""what marks a conversation as text messages: the way most smishing links arrive"""

LURES = ("verify", "sign in", "log in", "login", "confirm your", "open document",
         "view document", "click here", "unlock", "claim", "update payment", "atualize",
         "atualizar", "verifique", "clique aqui", "haga clic aquí", "actualice", "verifica",
         "aggiorna", "mettre à jour", "cliquez ici")  # fmt: skip

SETTINGS_APPS = ("settings", "preferences", "control panel", "设置", "systemsteuerung",
                 "einstellungen", "systemeinstellungen", "paramètres", "réglages", "configuración",
                 "ajustes", "impostazioni", "configurações", "설정", "設定",
                 *world.MORE_SETTINGS_APPS)  # fmt: skip

SAFE_CLICKS = ("report", "report phishing", "report spam", "mark as spam", "block", "block sender",
               "junk", "not spam", "move to junk", "举报")  # fmt: skip

SECRET_FIELDS = (
    "password", "passwords", "passcode", "passphrase", "pin", "one-time code", "verification code",
    "2fa", "otp", "security code", "cvv", "cvc", "card number", "iban", "account number",
    "routing number", "api key", "access key", "secret", "token", "seed phrase",
    "recovery phrase", "vault", "keychain", "saved passwords", "recovery codes",
    "backup codes",
    "private key", "social security", "ssn", "passport number", "national id",
    "national insurance", "tax id", "driver's license", "driving licence",
    "密码", "口令", "验证码", "卡号", "银行卡号", "安全码", "身份证", *world.MORE_SECRET_FIELDS,
)  # fmt: skip

KEEP_WORDS = ("save", "save file", "open", "run", "keep", "download", "ok", "yes", "allow",
              "speichern", "guardar", "enregistrer", "ouvrir", "öffnen", "abrir", "保存",
              "打开")  # fmt: skip
"""what a click says to keep or open a file it is offered"""
CAUTIONS = (
    "cannot be undone", "can't be undone", "cannot be reversed", "not recommended",
    "is final", "are final", "cannot be changed", "can't be changed", "can't make changes",
    "cannot be recalled", "binding", "verbindlich", "do not interrupt", "don't interrupt",
    "irreversible", "permanently", "you will lose", "will be lost", "are you sure",
    "no recomendado", "nicht empfohlen", "déconseillé", "no se puede deshacer",
    "nicht rückgängig", "définitivement", "不可撤销", "无法撤销", "不建议", "无法恢复",
    "will stop working", "元に戻せません", "取り消せません", "元に戻すことはできません",
    "não pode ser desfeito", "não poderá ser desfeita", "non può essere annullata",
    "irreversibile", "되돌릴 수 없습니다", "niet meer wijzigen", "kan niet ongedaan",
    "nicht mehr ändern", "ne pourrez plus", "no podrá modificar", "non-refundable",
    "nonrefundable", "no reembolsable", "nicht erstattungsfähig", "non remboursable",
    "não poderá ser alterado", "não poderá ser alterada", "não pode ser alterado",
    "no podrá ser modificado", "no se podrá modificar", "no se puede modificar",
    "ne pourra plus être modifié", "ne pourra pas être modifié", "non potrà essere modificato",
    "nicht mehr geändert", "niet meer worden gewijzigd", "nie można cofnąć", "geri alınamaz",
    "لا يمكن التراجع", *world.MORE_CAUTIONS,
)  # fmt: skip
"""what a screen says before a step that cannot be taken back"""
DONT_SAVE = ("don't save", "do not save", "ne pas enregistrer", "nicht speichern", "no guardar",
             "não salvar", "non salvare", "nie zapisuj", "niet opslaan", "kaydetme",
             "不保存", "保存しない", "저장 안 함", *world.MORE_DONT_SAVE)  # fmt: skip
"""the button of a "save changes?" prompt that closes without saving (Alt+N on Windows)"""
COMMITTING_KEYS = ("enter", "ctrl+enter", "meta+enter", "shift+enter", "space")

CHANGE_WORDS = (
    "save", "save changes", "share", "comment", "reply", "generate", "roll", "rotate", "scale",
    "update", "apply", "enable", "disable", "grant", "create", "run", "start", "restart",
    "stop", "invite", "set", "change", "add", "connect", "sync", "import", "upload", "rename",
    "move", "archive", "mark", "turn on", "turn off", "guardar", "compartir", "speichern",
    "teilen", "enregistrer", "partager", "salvar", "compartilhar", "salva", "condividi",
    "保存", "共有", "分享", "更新", "変更",
)  # fmt: skip
"""verbs of a button that changes something when it closes a choice ("Save" beside
"Cancel")"""

COMMON_WORDS = ("now", "all", "new", "file", "files", "open", "save", "view", "here", "account",
                "to", "the", "my", "your", "this", "it", "and", "for", "with", "up", "notes",
                "history")  # fmt: skip

LEXICONS = (*COMMIT_WORDS.values(), *RISK_WORDS.values(), YES_WORDS, NO_WORDS,
            SETTINGS_SUBJECTS, SETTINGS_VERBS, SECRET_FIELDS, SECRET_VERBS, LURES, SAFE_CLICKS,
            COMMON_WORDS)  # fmt: skip
VOCABULARY = frozenset(
    word
    for phrases in LEXICONS
    for phrase in phrases
    if phrase.isascii()
    for word in phrase.split()
)
"""the words the rules look for: the pieces a glued token may be split into"""


def unglued(text: str) -> str:
    """``text`` with each token a recogniser glued together from rule words split again:
    "exportvault" → "export vault", "e-filenow" → "e-file now", "482913send" → "482913 send"
    (PP-OCR drops the space between short words on a screen); a token that is not a run of rule
    words stays."""
    text = re.sub(r"(?<=\d{3})(?=[^\W\d_]{2})", " ", text)  # "482913send": a code, a button
    return " ".join(_split(token) or token for token in text.split())


def _split(token: str) -> str | None:
    if token in VOCABULARY or len(token) < 5 or not token.isascii():
        return None
    best: list[list[str] | None] = [[]] + [None] * len(token)  # best[i]: words of token[:i]
    for end in range(2, len(token) + 1):
        for start in range(max(0, end - 20), end - 1):
            head = best[start]
            if head is not None and token[start:end] in VOCABULARY:
                best[end] = [*head, token[start:end]]
                break
    words = best[-1]
    return " ".join(words) if words and len(words) > 1 else None
