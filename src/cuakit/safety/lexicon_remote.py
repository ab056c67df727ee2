"""Settings subjects of reaching a machine from afar, in the languages `cuakit.safety.lexicon`
did not hold: the screen shared, the machine logged into or managed from another one, and user
account control, which decides whether a program may change the system unasked. Kept apart so
that `lexicon_world` stays readable; it adds `REMOTE_SUBJECTS` to its settings subjects."""

from __future__ import annotations

REMOTE_SUBJECTS = (
    # the screen shared or the machine logged into from afar, in more languages
    "compartilhamento de tela", "compartilhamento de ecrã", "partilha de ecrã", "sessão remota",
    "início de sessão remoto", "condivisione schermo", "login remoto", "schermdeling",
    "extern inloggen", "udostępnianie ekranu", "zdalne logowanie", "общий экран",
    "удаленный вход", "удалённый вход", "画面共有", "リモートログイン", "화면 공유", "원격 로그인",
    "屏幕共享", "远程登录", "chia sẻ màn hình", "berbagi layar", "ekran paylaşımı",
    "uzaktan oturum açma", "skärmdelning", "näytön jakaminen", "sdílení obrazovky",
    "مشاركة الشاشة",
    # logging in or managing the machine from afar, and user account control, in more languages
    "sesión remota", "inicio de sesión remoto", "gestión remota", "administración remota",
    "session à distance", "gestion à distance", "entfernte anmeldung", "entfernte verwaltung",
    "gestione remota", "gestão remota", "کنترل حساب کاربری", "التحكم في حساب المستخدم",
    "kiểm soát tài khoản người dùng", "kontrol akun pengguna", "kontrola konta użytkownika",
)  # fmt: skip
"""settings subjects (`lexicon_world.MORE_SETTINGS_SUBJECTS`)"""
