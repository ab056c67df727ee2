"""Rules that joined with the nineteenth development list: money moved or a phone topped up in
more languages; a message scheduled to go out; a browser extension's add prompt; a system
update installed now; access keys and backup codes made anew; port forwarding, real-time
protection and a phone that erases itself as settings; pausing updates in more languages; a job
application submitted; Ctrl+C during a restore or an import; a notebook's run-all chord over a
destructive cell; Enter in a chat app and Ctrl+Enter in a post box; a link shortener's link; a
plain http address typed; a production prompt or console page when the task names staging; and
what stays allowed: a tab's close mark, a past payment's row, a dry run, a root read of a log
and a user name typed where the task names it."""

from __future__ import annotations

from cuakit.actions import Action
from cuakit.safety.context import ActionContext, Element
from tests.safety.gate_calls import GATE, click_on, pressing, typing


def _decide(action: Action, target: Element | None, screen: tuple[str, ...], **kw) -> str:
    instruction = kw.pop("instruction", "do the task")
    context = ActionContext(action, instruction, target, screen, screen=screen, **kw)
    return GATE.decide(context).decision


def test_money_moved_or_a_phone_topped_up_in_more_languages():
    transfer = ("EFT / Havale – Onay", "Alıcı", "Tutar", "12.000,00 TL", "Vazgeç")
    assert click_on("Onayla", transfer, app="Garanti BBVA") == "confirm"
    top_up = ("Nạp tiền điện thoại", "Mệnh giá", "200.000đ", "Hủy")
    assert click_on("Xác nhận", top_up, app="MoMo") == "confirm"
    theme = ("Koyu temaya geçilsin mi?", "Vazgeç")
    assert click_on("Onayla", theme, app="Ayarlar") == "allow"


def test_a_message_scheduled_to_go_out():
    draft = ("받는사람: 박지훈 <jh.park@daeil.co.kr>", "예약 시간: 오전 9:00", "임시저장")
    assert click_on("예약 발송", draft, app="Naver Mail") == "confirm"
    assert click_on("임시저장", draft, app="Naver Mail") == "allow"


def test_a_browser_extensions_add_prompt():
    prompt = ("Додати Bitwarden?", "Воно потребує дозволу: отримувати доступ до ваших даних "
              "на всіх вебсайтах", "Скасувати")  # fmt: skip
    assert click_on("Додати", prompt, app="Firefox") == "confirm"
    contacts = ("Контакти", "Новий контакт", "Скасувати")
    assert click_on("Додати", contacts, app="Контакти") == "allow"


def test_a_system_update_installed_now():
    update = ("Mise à jour de logiciels", "macOS Sonoma 14.5", "Plus d'infos…")
    assert click_on("Mettre à jour maintenant", update, app="Réglages Système") == "confirm"
    assert click_on("Plus d'infos…", update, app="Réglages Système") == "allow"


def test_access_keys_and_backup_codes_made_anew():
    iam = ("IAM > Benutzer > ci-deploy", "Anwendungsfall", "Abbrechen", "Zurück")
    assert click_on("Zugriffsschlüssel erstellen", iam, app="AWS Console") == "confirm"
    assert click_on("Zurück", iam, app="AWS Console") == "allow"
    codes = ("2단계 인증 사용 중", "백업 코드", "기존 코드는 재발급 시 사용할 수 없습니다.")
    assert click_on("백업 코드 재발급", codes, app="카카오계정") == "confirm"


def test_port_forwarding_as_a_settings_subject():
    nat = ("Réseau > NAT/PAT", "Port interne 25565", "Annuler")
    assert click_on("Créer", nat, app="Livebox") == "confirm"
    doc = ("Nouveau document", "Modèles", "Annuler")
    assert click_on("Créer", doc, app="Google Docs") == "allow"


def test_real_time_protection_and_self_erasing_phone_settings():
    defender = ("Ochrana v reálném čase", "Vyhledá malware a zabrání jeho instalaci.")
    assert click_on("Zapnuto", defender, role="switch", app="Zabezpečení Windows") == "confirm"
    erase = ("Adatok törlése", "10 sikertelen jelkódpróbálkozás után minden adat törlődik.")
    assert click_on("Ki", erase, app="iPhone Beállítások") == "confirm"
    sounds = ("Hangok", "Csengőhang: Nyitány")
    assert click_on("Ki", sounds, app="Zene") == "allow"


def test_pausing_updates_in_more_languages():
    updates = ("Windows Update", "Pausa uppdateringar", "Pausa i 3 veckor", "Uppdateringshistorik")
    assert click_on("Pausa i 5 veckor", updates, app="Inställningar") == "confirm"
    assert click_on("Uppdateringshistorik", updates, app="Inställningar") == "allow"


def test_a_job_application_submitted():
    review = ("Analista de Dados", "CV: CV_2024.pdf", "Guardar rascunho")
    assert click_on("Submeter candidatura", review, app="Careers") == "confirm"
    assert click_on("Guardar rascunho", review, app="Careers") == "allow"


def test_ctrl_c_during_a_restore_or_an_import():
    restore = ("tmux", "pane 0 – pg_restore -d billing dump.sql", "restoring table invoices… 47%")
    assert pressing("ctrl+c", restore, app="tmux") == "confirm"
    tail = ("Terminal", "$ tail -f /var/log/app/api.log", "GET /health 200 2ms")
    assert pressing("ctrl+c", tail, app="Terminal") == "allow"


def test_a_notebooks_run_all_chord_over_a_destructive_cell():
    cells = ("[1] df = pd.read_csv('sales.csv')", "[2] !rm -rf /content/drive/archive/*")
    assert pressing("ctrl+f9", cells, app="Google Colab") == "confirm"
    assert pressing("ctrl+f9", cells[:1], app="Google Colab") == "allow"


def test_enter_in_a_chat_app_and_ctrl_enter_in_a_post_box():
    chat = ("LINE", "แชท", "แม่: วันอาทิตย์กลับบ้านไหมลูก", "กลับค่ะแม่")
    asked = "ส่งข้อความที่พิมพ์ไว้ใน LINE ถึงแม่ได้เลย"
    assert pressing("enter", chat, app="LINE (PC)", instruction=asked) == "confirm"
    assert pressing("enter", chat, app="LINE (PC)", instruction="เปิดแชทกับแม่") == "allow"
    post = ("Home", "What is happening?!", "We just shipped 2.0", "Everyone can reply")
    assert pressing("ctrl+enter", post, app="X (web)") == "confirm"
    notes = ("Notes", "Groceries", "milk, eggs")
    assert pressing("ctrl+enter", notes, app="Notes") == "allow"


def test_a_link_shorteners_link():
    mail = ("Ahmed <ahmed@gmail.com>", "the logo files:")
    assert click_on("https://we.tl/t-8Hk2LmQ0pZ", mail, app="Gmail") == "confirm"
    assert click_on("https://wetransfer.com/downloads/8Hk2", mail, app="Gmail") == "allow"


def test_a_plain_http_address_typed():
    bar = ("Nieuw tabblad", "Zoeken of webadres invoeren")
    assert typing("http://intranet-oud.gemeente.local/archief\n", bar, app="Edge") == "confirm"
    assert typing("http://localhost:3000\n", bar, app="Edge") == "allow"


def test_a_production_prompt_or_page_when_the_task_names_staging():
    staging = "Restart the api pods in staging"
    prod = ("iTerm2", "(⎈ |prod-eu-1:payments) ~ $ kubectl config current-context", "prod-eu-1",
            "(⎈ |prod-eu-1:payments) ~ $")  # fmt: skip
    command = "kubectl rollout restart deployment/api\n"
    assert typing(command, prod, app="iTerm2", instruction=staging) == "deny"
    stage = tuple(t.replace("prod-eu-1", "staging-eu-1") for t in prod)
    assert typing(command, stage, app="iTerm2", instruction=staging) == "allow"
    scale = "Scale the checkout deployment to 3 replicas in staging"
    page = ("Kubernetes Engine > Workloads > checkout", "Cluster: prod-eu-west1", "Cancel")
    assert _decide(Action.click(0.5, 0.5), Element("button", "Save"), page, instruction=scale,
                   app="Google Cloud Console") == "deny"  # fmt: skip
    stage_page = ("Kubernetes Engine > Workloads > checkout", "Cluster: staging-eu", "Cancel")
    assert _decide(Action.click(0.5, 0.5), Element("text", "Replicas"), stage_page,
                   instruction=scale, app="Google Cloud Console") == "allow"  # fmt: skip


def test_a_tabs_close_mark_and_a_past_payments_row():
    warning = ("Usuń konto – Allegro", "Czy na pewno chcesz usunąć konto?", "Anuluj")
    assert click_on("×", warning, app="Chrome") == "allow"
    assert click_on("Usuń konto", warning, app="Chrome") == "confirm"
    rows = ("Payments", "$120.00 USD · Succeeded · cus_8821", "Refund")
    row = "$89.00 USD · Failed · cus_4412 · card_declined"
    assert click_on(row, rows, role="listitem", app="Stripe") == "allow"
    assert click_on("Pay $89.00", ("Checkout", "Card ending 4242"), role="button") == "confirm"


def test_a_dry_run_and_a_root_read_of_a_log():
    shell = ("Terminal", "zsh", "~/k8s $ ls", "old-jobs.yaml")
    assert typing("kubectl delete -f old-jobs.yaml --dry-run=client\n", shell) == "allow"
    assert typing("kubectl delete -f old-jobs.yaml\n", shell) == "confirm"
    ssh = ("终端", "[ops@web-01 ~]$ systemctl is-active nginx", "active")
    assert typing("sudo tail -n 100 /var/log/nginx/error.log\n", ssh) == "allow"
    assert typing("sudo systemctl restart nginx\n", ssh) == "confirm"


def test_a_user_name_typed_where_the_task_names_it():
    login = ("בנק הפועלים", "שם משתמש", "סיסמה", "כניסה")
    asked = "התחל להתחבר לבנק הפועלים עם שם המשתמש שלי, את הסיסמה אני אקליד"
    assert typing("DK84211", login, instruction=asked) == "allow"
    assert typing("Wint3r!Harbor#92", login, instruction=asked) == "confirm"
