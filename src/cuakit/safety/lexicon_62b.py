"""Words that joined with the twenty-third development list (`cuakit.safety.asked_62b`).

Compared as `cuakit.safety.lexicon` says (normalised, whole words, many languages)."""

from __future__ import annotations

import re

TEST_SENDS_62B = (
    "send test", "send a test", "send test email", "send a test email", "send test message",
    "test senden", "testmail senden", "test-e-mail senden", "envoyer un test",
    "envoyer un e-mail de test", "enviar prueba", "enviar correo de prueba", "enviar teste",
    "invia test", "invia un test", "テスト送信", "发送测试", "发送测试邮件", "테스트 보내기",
    "testmail versturen", "test versturen", "wyślij test", "test gönder",
)  # fmt: skip
"""what a button that mails a campaign's proof to the sender alone says"""

SIGNATURES_62B = (
    "signature", "signatures", "signatur", "signaturen", "firma", "firmas", "assinatura",
    "podpis", "handtekening", "imza", "署名", "签名", "서명", "подпись", "التوقيع", "tanda tangan",
    "insert signature", "add signature", "signatur einfügen", "insérer une signature",
)  # fmt: skip
"""what an editor's button that puts the user's signature block into a draft says"""

SIGN_WORDS_62B = ("sign", "signer", "firmar", "assinar", "unterschreiben", "podpisz")
"""the commit words such a signature button is misread as"""

REFUSALS_62B = (
    "don't run", "do not run", "don't open", "don't install", "do not install",
    "nicht ausführen", "nicht installieren", "ne pas exécuter", "ne pas installer",
    "no ejecutar", "no instalar", "não executar", "não instalar", "non eseguire",
    "nie uruchamiaj", "niet uitvoeren", "çalıştırma", "実行しない", "不运行", "不要运行",
    "실행 안 함",
)  # fmt: skip
"""what a warning's button that keeps an unknown program from running says"""

SCANS_62B = (
    "quick scan", "full scan", "scan now", "custom scan", "run scan", "start scan",
    "schnellüberprüfung", "vollständige überprüfung", "jetzt scannen", "analyse rapide",
    "analyse complète", "analyser maintenant", "análisis rápido", "examen rápido",
    "analizar ahora", "verificação rápida", "analisi rapida", "szybkie skanowanie",
    "snelle scan", "hızlı tarama", "クイック スキャン", "クイックスキャン", "快速扫描", "빠른 검사",
)  # fmt: skip
"""what a button that only looks for malware says (it changes no setting)"""

TURN_ONS_62B = (
    "turn on", "enable", "switch on", "activate", "einschalten", "aktivieren", "activer",
    "activar", "ativar", "ligar", "attiva", "włącz", "inschakelen", "aç", "etkinleştir",
    "オンにする", "有効にする", "启用", "打开", "켜기", "включить", "تشغيل", "تفعيل",
)  # fmt: skip
"""what a button that switches something on says"""

PROTECTIONS_62B = (
    "firewall", "firewall is off", "real-time protection", "virus & threat protection",
    "tamper protection", "smartscreen", "pare-feu", "cortafuegos", "zapora", "güvenlik duvarı",
    "echtzeitschutz", "protection en temps réel", "protección en tiempo real", "ファイアウォール",
    "防火墙", "방화벽", "брандмауэр",
)  # fmt: skip
"""what names a protection that is safer switched on"""

PASSWORD_EXPORTS_62B = (
    "dışa aktar", "şifreleri dışa aktar", "eksportuj", "eksportuj hasła", "exporteren",
    "wachtwoorden exporteren", "exportar", "exportar contraseñas", "exportar senhas", "esporta",
    "esporta password", "exporter", "exporter les mots de passe", "exportieren",
    "passwörter exportieren", "エクスポート", "パスワードをエクスポート", "导出", "导出密码",
    "내보내기", "экспорт", "экспортировать", "تصدير", "ekspor",
)  # fmt: skip
"""what a button that writes data out says in more languages"""

PASSWORDS_62B = (
    "şifre", "şifreler", "şifreleri", "şifreleriniz", "hasła", "hasło", "wachtwoorden",
    "contraseñas", "senhas", "password", "passwords", "mots de passe", "passwörter", "パスワード",
    "密码", "비밀번호", "пароли", "كلمات المرور", "kata sandi",
)  # fmt: skip
"""what names saved passwords"""

ROOT_TRUST_62B = (
    "root certificate", "root certificates", "certificate trust settings", "full trust",
    "confianza total", "certificados raíz", "certificado raíz",
    "ajustes de confianza de certificados",
    "zertifikatsvertrauenseinstellungen", "volles vertrauen", "stammzertifikate",
    "confiance totale", "certificats racine", "pełne zaufanie", "certyfikaty główne",
    "tam güven", "kök sertifika", "ルート証明書", "根证书", "루트 인증서", "корневые сертификаты",
)  # fmt: skip
"""what a page that makes the device trust a certificate authority says"""

FIND_MY_62B = (
    "find my iphone", "find my ipad", "find my mac", "find my device", "znajdź mój iphone",
    "buscar mi iphone", "encontrar meu iphone", "localiser mon iphone",
    "wo ist?", "mein iphone suchen", "trova il mio iphone", "zoek mijn iphone",
    "iphoneを探す", "查找我的 iphone", "나의 iphone 찾기", "найти iphone", "iphone'umu bul",
)  # fmt: skip
"""what the switch that lets a lost device be found and locked says"""

SUBMITS_62B = ("تقديم", "تقديم الطلب", "أرسل الطلب", "küldés", "elküldés", "beküldés")
"""more of what a button that sends a request or a message off says (Arabic, Hungarian)"""

CREDENTIAL_URL_62B = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s/:@]+:[^\s/@]+@[^\s/@]+", re.I)
"""an address that carries a user name and password ("https://admin:secret@staging…")"""

UNKNOWN_SENDERS_62B = (
    "not in contacts", "not in your contacts", "not saved in contacts", "unknown number",
    "unknown sender", "غير محفوظ في جهات الاتصال", "ليس في جهات الاتصال",
    "no está en tus contactos",
    "no guardado en contactos", "nicht in deinen kontakten", "nicht in kontakten gespeichert",
    "pas dans vos contacts", "não está nos seus contatos", "non nei contatti",
    "kişilerinizde kayıtlı değil", "rehberde kayıtlı değil", "nie ma w kontaktach",
    "niet in contacten", "連絡先に未登録", "不在通讯录中", "연락처에 없음", "нет в контактах",
)  # fmt: skip
"""what a chat app says of a sender the user has never saved"""

POSTS_62B = (
    "post", "postear", "publicar", "publish", "tweet", "veröffentlichen", "posten", "publier",
    "pubblica", "opublikuj", "publiceren", "paylaş", "投稿", "发布", "게시", "опубликовать", "نشر",
)  # fmt: skip
"""what a social app's button that publishes the post being written says"""
