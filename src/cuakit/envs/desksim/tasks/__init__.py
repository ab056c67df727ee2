"""desksim task families, each a ``Task`` subclass in its own module."""

from cuakit.envs.desksim.tasks.autocomplete import Autocomplete
from cuakit.envs.desksim.tasks.base import Task
from cuakit.envs.desksim.tasks.checkboxes import Checkboxes
from cuakit.envs.desksim.tasks.click_button import ClickButton
from cuakit.envs.desksim.tasks.dismiss_dialog import DismissDialog
from cuakit.envs.desksim.tasks.dropdown_select import DropdownSelect
from cuakit.envs.desksim.tasks.editor_bold import EditorBold
from cuakit.envs.desksim.tasks.form_fill import FormFill
from cuakit.envs.desksim.tasks.menu_item import MenuItem
from cuakit.envs.desksim.tasks.scroll_list import ScrollList
from cuakit.envs.desksim.tasks.settings_toggle import SettingsToggle
from cuakit.envs.desksim.tasks.slider import SliderTask

FAMILIES: tuple[type[Task], ...] = (
    ClickButton,
    SettingsToggle,
    FormFill,
    Checkboxes,
    MenuItem,
    DismissDialog,
    ScrollList,
    Autocomplete,
    SliderTask,
    EditorBold,
    DropdownSelect,
)
TASKS: dict[str, type[Task]] = {task.family: task for task in FAMILIES}

__all__ = ["FAMILIES", "TASKS", "Task"]
