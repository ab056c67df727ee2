"""The Chinese instruction templates of every desksim family, keyed by the English phrasing
they stand for (`cuakit.envs.desksim.locale.template`).

A task draws an English phrasing as ever (`Task.phrase`), so test's reserved phrasings
and val's own stay theirs in both languages, and words its instruction from the Chinese one at
the same place. Each keeps the English one's placeholders (``{}`` in order, or ``{name}``); a
Chinese template may leave out one Chinese needs no word for (checkboxes' ``{verb}``).
Asked values are quoted as Chinese instructions quote them —
“保存”, '保存', 【保存】 or bare — varied as the English ones are.
"""

from __future__ import annotations

# fmt: off
ZH_PHRASINGS: dict[str, str] = {
    # click-button
    "Click the '{}' button": "点击'{}'按钮",
    "Press {}": "按下{}",
    'Click on "{}"': "点击“{}”",
    "Hit the {} button": "点一下【{}】按钮",
    "Find the {} button and click it": "找到{}按钮并点击它",
    "Give the button named '{}' a click": "点一下名为“{}”的按钮",
    # settings-toggle
    "Open Settings and turn {state} '{name}'": "打开设置，{state}'{name}'",
    "{verb} {name} in the settings and apply the change": "在设置中{verb}{name}，并应用更改",
    "Use the gear icon to switch {name} {state}, then confirm":
        "通过齿轮图标{state}“{name}”，然后确认",
    "In Settings, set '{name}' to {state} and click {commit}":
        "在设置中把“{name}”设为{state}，然后点击【{commit}】",
    "Go to Settings, switch {name} {state} and press {commit}":
        "进入设置，{state}{name}，再按{commit}",
    "Find '{name}' in Settings and turn it {state}": "在设置里找到'{name}'，将其{state}",
    " (it is under {})": "（它在“{}”选项卡下）",
    # form-fill: a field and its value, then the sentence
    "{}: {}": "{}“{}”",
    "Fill in the form with {} and submit it": "在表单中填写{}，然后提交",
    "Enter {}, then click {}": "输入{}，然后点击“{}”",
    "Complete the form ({}) and press {}": "填好表单（{}）并按下【{}】",
    "Type {} into the form and hit {}": "在表单里填入{}，再点{}",
    "Put {} in the form and click {}": "在表单中写上{}，然后点{}",
    "Fill out the fields ({}), then submit with {}": "填写各字段（{}），再用“{}”提交",
    # checkboxes
    "Select {items} and nothing else, then click {button}":
        "只选择{items}，其他都不选，然后点击“{button}”",
    "Check only {items}, then press {button}": "仅勾选{items}，然后按下{button}",
    "Tick {items} (leave every other box unticked) and click {button}":
        "勾选{items}（其他复选框都不要勾选），然后点击'{button}'",
    "Make sure exactly {items} {verb} checked, then hit {button}":
        "确保只勾选了{items}，然后点【{button}】",
    "Leave only {items} ticked and press {button}": "只保留{items}为勾选状态，然后按{button}",
    "Untick everything except {items}, then click {button}":
        "除了{items}之外全部取消勾选，然后点击“{button}”",
    # dropdown-select: the sentence, and how one drop-down's target is said
    "Set {} and press {}": "将{}，然后按下“{}”",
    "Change {}, then click {}": "把{}，然后点击{}",
    "Choose {}, then hit {}": "选择{}，然后点【{}】",
    "Make sure {}, then press {}": "确保{}，然后按{}",
    "{name} to {value}": "{name}设为“{value}”",
    "{value} as the {name}": "“{value}”作为{name}",
    "{name} is {value}": "{name}为{value}",
    "Pick {}, then press {}": "选定{}，再按【{}】",
    "Select {} and click {}": "挑选{}并点击“{}”",
    "{value} for {name}": "{name}选“{value}”",
    "{name}: {value}": "{name}：{value}",
    # menu-item
    "Choose {path} from the menu": "从菜单中选择“{path}”",
    "Use the menu bar to select {path}": "通过菜单栏选择{path}",
    "Click {menu}, then {item}": "点击{menu}，然后点击{item}",
    "Open the {menu} menu and choose '{item}'": "打开“{menu}”菜单并选择'{item}'",
    "In the {menu} menu, click {item}": "在{menu}菜单里点击{item}",
    "Go to {path}": "前往“{path}”",
    "Use the menus to {}": "通过菜单{}",
    "Through the menu bar, {}": "通过菜单栏{}",
    "From the menus, {}": "在菜单中{}",
    "Go through the app's menus to {}": "使用应用的菜单来{}",
    "Via the menus, {}": "经由菜单{}",
    "Using only the menu bar, {}": "只用菜单栏{}",
    "In {}: {}": "在【{}】中：{}",
    # dismiss-dialog
    "Dismiss the {dialog}, then click '{target}'": "关闭{dialog}，然后点击'{target}'",
    "Click '{target}'": "点击“{target}”",
    "Press the {target} button": "按下{target}按钮",
    "Close the {dialog} without accepting it and press {target}":
        "关闭{dialog}但不要接受，然后按【{target}】",
    "Get the {dialog} out of the way, then press '{target}'": "先把{dialog}关掉，再按'{target}'",
    "Select {target}": "选择【{target}】",
    # scroll-list
    "Open '{}'": "打开'{}'",
    "Find {} in the list and open it": "在列表中找到 {} 并打开",
    'Open the file "{}"': "打开文件“{}”",
    "Scroll to {} and open it": "滚动到 {} 并打开它",
    "Double-click {} to open it": "双击 {} 将其打开",
    "Locate the file {} and open it": "找到文件“{}”并打开",
    # autocomplete
    "Search for '{}' and pick it from the suggestions": "搜索'{}'，并从建议中选中它",
    "Type the first letters of {} and choose it from the list":
        "输入{}的开头几个字，再从列表中选择它",
    "Find {} using the search box's suggestions": "借助搜索框的建议找到{}",
    "Select '{}' from the autocomplete suggestions": "从自动补全建议中选择“{}”",
    "Set From to '{}' and To to '{}' using the suggestions":
        "利用建议把出发地设为'{}'，目的地设为'{}'",
    "Plan a trip from {} to {}: pick both cities from the suggestions":
        "规划从 {} 到 {} 的行程：两个城市都从建议中选取",
    "Pick {} as From and {} as To from the suggestions":
        "从建议中选择 {} 作为出发地、{} 作为目的地",
    "Use the suggestions to fill in From ({}) and To ({})": "用建议填写出发地（{}）和目的地（{}）",
    "Start typing {} and take the matching suggestion": "开始输入{}，然后选取匹配的建议",
    "Enter {} via the suggestion list": "通过建议列表输入“{}”",
    "Choose {} for From and {} for To from the suggestions": "从建议中为出发地选{}，为目的地选{}",
    "Fill From with {} and To with {} by picking suggestions": "选取建议，出发地填{}，目的地填{}",
    # slider
    "Set {} to {} and click Apply": "将“{}”设为 {}，然后点击“应用”",
    "Change {} to {}, then apply": "把{}改为 {}，然后应用",
    "Adjust the {} slider to {} and press Apply": "把{}滑块调到 {} 并按【应用】",
    "Move {} to {} and apply it": "将{}移到 {} 并应用",
    "Drag the {} slider to {} and apply": "把{}滑块拖到 {} 并应用",
    "Put {} at {}, then click Apply": "把“{}”放在 {}，然后点击“应用”",
    # editor-bold
    "Open {f}, make line {n} bold and save it": "打开 {f}，将第 {n} 行设为粗体并保存",
    "In the editor, open {f}, bold line {n}, then save":
        "在编辑器中打开 {f}，加粗第 {n} 行，然后保存",
    "Make the {o} line of {f} bold and save the file": "把 {f} 的第{o}行加粗并保存文件",
    "Set line {n} of {f} in bold type and save": "将 {f} 第 {n} 行设为粗体字并保存",
    "Bold the {o} line in {f}, then save": "把 {f} 里的第{o}行加粗，然后保存",
    "Open {f}, turn line {n} bold and save the file": "打开 {f}，把第 {n} 行变成粗体并保存文件",
}
# fmt: on
