"""desksim's UI languages: English (what the code holds) and Simplified Chinese (``"zh"``).

Every family keeps its state, success checks and expert in English; only what a viewer reads
changes. The painter translates each string as it draws it (`translate`), so layouts measure
the Chinese text, and a task words its instruction from the Chinese template of the phrasing
it drew (`template`, `cuakit.envs.desksim.phrasings_zh`), its values translated.

`translate` looks the whole string up in `ZH`; a string it does not hold may be composed of
parts it does, in one of a few shapes desksim draws:

- a sentence of `PATTERNS` ("Welcome back, {}"), each ``{}`` part translated in turn;
- a window title or menu path, ``"notes.txt - Editor"``, ``"Edit > Select All"``: each part;
- a command that opens a dialog, ``"Save As..."``: the part before the ``...``;
- a label, ``"Name:"`` or ``"Pages: All"``: label and value, joined by a full-width ``：``;
- a table row, ``"Rent      3,200"``: each cell.

Anything else (a typed value, a person's or a city's name, a file name, a number) is drawn as
it is, as a Chinese UI shows such names. Ordinary words are translated; a few words Chinese
UIs keep in Latin letters (Cookie, PDF, USD, XL) stay so.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from cuakit.envs.desksim.phrasings_zh import ZH_PHRASINGS

LOCALES = ("en", "zh")
"""desksim's UI languages: English and Simplified Chinese"""

# fmt: off
_KINDS = {"fruit": "水果", "colours": "颜色", "toppings": "配料", "pets": "宠物"}
_SUBJECTS = {  # editor-bold's file lines are "<subject> <predicate>."
    "The team": "团队", "Our budget": "我们的预算", "This plan": "这个计划", "The client": "客户",
    "A new idea": "一个新想法", "The meeting": "会议", "Next week": "下周", "The draft": "草稿",
    "Every test": "每项测试", "The release": "新版本",
}
_PREDICATES = {
    "needs review": "需要审阅", "is ready": "已准备好", "looks good": "看起来不错",
    "moves to Friday": "改到周五", "starts at noon": "中午开始", "was approved": "已获批准",
    "needs more data": "需要更多数据", "is on hold": "暂缓", "ships soon": "即将发布",
    "covers three topics": "涵盖三个主题",
}
ZH: dict[str, str] = {
    # tasks/base.py: WORDS (button labels), confirmation pages
    "Save": "保存", "Open": "打开", "Cancel": "取消", "Apply": "应用", "Export": "导出",
    "Import": "导入", "Print": "打印", "Share": "共享", "Delete": "删除", "Rename": "重命名",
    "Copy": "复制", "Paste": "粘贴", "Undo": "撤销", "Redo": "重做", "Refresh": "刷新",
    "Search": "搜索", "Submit": "提交", "Reset": "重置", "Close": "关闭", "Help": "帮助",
    "Upload": "上传", "Download": "下载", "Archive": "归档", "Sync": "同步", "Send": "发送",
    "Preview": "预览", "Publish": "发布", "Merge": "合并", "Split": "拆分", "Zoom": "缩放",
    "Rotate": "旋转", "Crop": "裁剪", "Filter": "筛选", "Sort": "排序", "Lock": "锁定",
    "Unlock": "解锁", "Connect": "连接", "Pause": "暂停", "Resume": "继续", "Attach": "添加附件",
    "Insert": "插入", "Format": "格式", "Scan": "扫描", "Stop": "停止", "Play": "播放",
    "Record": "录制", "Mute": "静音", "Flag": "标记", "Pin": "固定", "Edit": "编辑",
    "Invite": "邀请", "OK": "确定", "Done": "完成", "Clear": "清除", "Run": "运行",
    "Thank you!": "谢谢！", "Your response has been recorded.": "您的回复已记录。",
    "Your message has been sent.": "您的消息已发送。", "Saved": "已保存",
    "Your changes have been saved.": "您的更改已保存。",
    # click-button, dismiss-dialog
    "Actions": "操作", "Tools": "工具", "Choose an action": "请选择一项操作",
    "Update available": "有可用更新", "Later": "稍后", "Install": "安装", "Notice": "公告",
    "Our terms of service have changed.": "我们的服务条款已更新。", "Read terms": "阅读条款",
    "Update now": "立即更新", "Rate this app": "为此应用评分", "No thanks": "不用了",
    "Enjoying the app? Leave a review!": "喜欢这个应用吗？留下评价吧！", "Rate now": "立即评分",
    "Sign in": "登录", "Sign in to sync your files.": "登录以同步您的文件。", "Skip": "跳过",
    "Newsletter": "新闻通讯", "Get our weekly tips by email.": "通过电子邮件获取每周小贴士。",
    "Not now": "暂不", "Subscribe": "订阅", "Backup": "备份", "Turn on": "开启",
    "Turn on automatic backups?": "要开启自动备份吗？", "What's new": "新功能", "Show me": "查看",
    "Cookies": "Cookie", "This app uses cookies.": "此应用使用 Cookie。", "Got it": "知道了",
    "Manage": "管理", "Premium": "高级版", "Maybe later": "以后再说", "Start trial": "开始试用",
    "Welcome": "欢迎", "Start tour": "开始导览",
    "Take a quick tour of the features?": "要快速浏览一下功能吗？", "Photo Editor": "照片编辑器",
    "Reports": "报表", "Mail": "邮件", "Invoices": "发票", "Music": "音乐", "Projects": "项目",
    "Drive": "云盘", "dialog": "对话框", "dialogs": "所有对话框",
    # settings-toggle
    "Auto-save": "自动保存", "Spell check": "拼写检查", "Dark mode": "深色模式",
    "Notifications": "通知", "Sound effects": "音效", "Start at login": "登录时启动",
    "Show toolbar": "显示工具栏", "Auto-update": "自动更新", "Word wrap": "自动换行",
    "Line numbers": "行号", "Animations": "动画", "Tooltips": "工具提示",
    "Compact view": "紧凑视图", "Sync files": "同步文件", "Location access": "位置权限",
    "Usage statistics": "使用情况统计", "Crash reports": "崩溃报告", "Camera access": "相机权限",
    "Microphone access": "麦克风权限", "Read receipts": "已读回执", "Ad tracking": "广告跟踪",
    "Search history": "搜索历史", "Online status": "在线状态", "Notes": "笔记", "Photos": "照片",
    "Calendar": "日历", "Reader": "阅读器", "Chat": "聊天", "Maps": "地图", "Tasks": "任务",
    "Settings": "设置", "General": "常规", "Privacy": "隐私", "Panel": "面板",
    "Last synced a minute ago": "一分钟前已同步", "on": "开启", "off": "关闭", "Enable": "启用",
    "Disable": "停用",
    # form-fill ("Name" also labels a Save As dialog's file name: 名称 reads right in both)
    "Name": "名称", "Email": "邮箱", "City": "城市", "Phone": "电话", "Company": "公司",
    "Contact form": "联系表单", "Sign up": "注册", "Registration": "登记", "New customer": "新客户",
    "Profile": "个人资料",
    # checkboxes (Orange is a fruit and a colour: 橙 reads as either)
    "Apple": "苹果", "Banana": "香蕉", "Cherry": "樱桃", "Grape": "葡萄", "Kiwi": "猕猴桃",
    "Lemon": "柠檬", "Mango": "芒果", "Melon": "甜瓜", "Orange": "橙", "Peach": "桃子",
    "Pear": "梨", "Plum": "李子", "Lime": "青柠", "Fig": "无花果", "Date": "椰枣",
    "Guava": "番石榴", "Red": "红色", "Green": "绿色", "Blue": "蓝色", "Yellow": "黄色",
    "Purple": "紫色", "Pink": "粉色", "Grey": "灰色", "Teal": "蓝绿色", "Brown": "棕色",
    "Navy": "藏青色", "Beige": "米色", "Lilac": "淡紫色", "Black": "黑色", "White": "白色",
    "Cheese": "奶酪", "Olives": "橄榄", "Onion": "洋葱", "Ham": "火腿", "Basil": "罗勒",
    "Tomato": "番茄", "Corn": "玉米", "Tuna": "金枪鱼", "Bacon": "培根", "Pepper": "甜椒",
    "Garlic": "大蒜", "Spinach": "菠菜", "Salami": "萨拉米", "Cat": "猫", "Dog": "狗",
    "Rabbit": "兔子", "Parrot": "鹦鹉", "Hamster": "仓鼠", "Turtle": "乌龟", "Lizard": "蜥蜴",
    "Ferret": "雪貂", "Pony": "小马", "Goldfish": "金鱼", "Canary": "金丝雀", "Gecko": "壁虎",
    "Mouse": "小鼠",
    **{f"Choose {kind}": f"选择{zh}" for kind, zh in _KINDS.items()},
    **{f"Select the {kind} you want": f"选择你想要的{zh}" for kind, zh in _KINDS.items()},
    # dropdown-select (Mail, a shipping option, reads as the app: 邮件)
    "Country": "国家", "Language": "语言", "Size": "尺码", "Colour": "颜色", "Currency": "货币",
    "Time zone": "时区", "Shipping": "配送方式", "Peru": "秘鲁", "Chile": "智利", "Kenya": "肯尼亚",
    "Japan": "日本", "Norway": "挪威", "Canada": "加拿大", "Brazil": "巴西", "Spain": "西班牙",
    "Egypt": "埃及", "English": "英语", "Spanish": "西班牙语", "French": "法语", "German": "德语",
    "Hindi": "印地语", "Arabic": "阿拉伯语", "Korean": "韩语", "Dutch": "荷兰语",
    "Standard": "标准", "Express": "特快", "Overnight": "次日达", "Pickup": "自提",
    "Economy": "经济", "Cargo": "货运", "Drone": "无人机", "Preferences": "首选项",
    "Order options": "订单选项", "Account": "账户", "Checkout": "结账",
    # slider
    "Volume": "音量", "Brightness": "亮度", "Contrast": "对比度", "Bass": "低音", "Treble": "高音",
    "Balance": "平衡", "Saturation": "饱和度", "Opacity": "不透明度", "Mic gain": "麦克风增益",
    "Speed": "速度", "Sharpness": "锐度", "Warmth": "色温", "Sound": "声音", "Display": "显示",
    "Adjustments": "调整", "Adjust, then press Apply.": "调整后请按“应用”。",
    # scroll-list
    "Open File": "打开文件", "Files": "文件", "Browse": "浏览", "Select a file": "选择文件",
    "Location": "位置", "Documents": "文档", "Documents/Reports": "文档/报告", "Downloads": "下载",
    "Projects/2024": "项目/2024", "Shared/Finance": "共享/财务", "Writer": "文稿",
    "Document Viewer": "文档查看器", "Sheets": "表格", "Text Editor": "文本编辑器",
    "Meeting moved to Thursday.": "会议改到周四了。",
    "Bring the printed copies.": "请带上打印好的副本。", "Call the supplier.": "给供应商打个电话。",
    "Numbers look fine so far.": "目前数字看起来没问题。",
    "Room 4 is booked.": "4 号会议室已预订。", "Lunch is at noon.": "午饭在中午。", "Item": "项目",
    "Amount": "金额", "Rent": "房租", "Travel": "旅行",
    # autocomplete
    "Grocery": "生鲜", "Shop search": "商品搜索", "Weather": "天气", "Trip planner": "行程规划",
    "Type to see suggestions": "输入以查看建议", "Product": "商品", "Destination": "目的地",
    "From": "出发地", "To": "目的地",
    # editor-bold, and its instructions' ordinals ("the first line": 第一行)
    "Editor": "编辑器", "Bold": "加粗", "Italic": "倾斜", "first": "一", "second": "二",
    "third": "三", "fourth": "四", "fifth": "五", "sixth": "六",
    **{f"{s} {p}.": f"{zs}{zp}。" for s, zs in _SUBJECTS.items() for p, zp in _PREDICATES.items()},
    # textapp (menu-item's apps): menus, commands, dialogs, the letter
    "File": "文件", "View": "视图", "New": "新建", "Save As": "另存为", "Cut": "剪切",
    "Select All": "全选", "Find": "查找", "Zoom In": "放大", "Zoom Out": "缩小",
    "Actual Size": "实际大小", "Full Screen": "全屏", "Show Sidebar": "显示侧边栏",
    "Word Wrap": "自动换行", "Spelling": "拼写检查", "Word Count": "字数统计", "Macros": "宏",
    "Extensions": "扩展", "Options": "选项", "Documentation": "使用文档",
    "Keyboard Shortcuts": "键盘快捷键", "Check for Updates": "检查更新", "About": "关于",
    "Outline": "大纲", "Greeting": "问候", "Message": "正文", "Closing": "结尾",
    "Untitled": "无标题", "Don't Save": "不保存", "Find what": "查找内容",
    "Find Next": "查找下一个", "Words": "字数", "Characters": "字符数", "Plain text": "纯文本",
    "Printer": "打印机", "Office printer": "办公室打印机", "Copies": "份数", "Pages": "页面",
    "All": "全部", "The spellcheck is complete.": "拼写检查已完成。", "Macro name": "宏名称",
    "Grammar Checker 2.1": "语法检查器 2.1", "Dark Theme 1.0": "深色主题 1.0",
    "Show status bar": "显示状态栏", "Auto-save every 10 minutes": "每 10 分钟自动保存",
    "Getting started": "快速入门", "Working with documents": "处理文档",
    "Sharing your work": "分享你的作品", "New document": "新建文档",
    "Save the document": "保存文档", "You're up to date.": "已是最新版本。",
    "© 2024 Example Software": "© 2024 示例软件公司", "See you next week.": "下周见。",
    "P.S. The photos are attached.": "附：照片已附上。", "Hello team,": "大家好：",
    "Sketch": "画板", "Slides": "幻灯片", "Journal": "日记",
    # menu-item's instructions by effect
    "start a new, empty document": "新建一个空白文档",
    "save a copy under a new name": "以新名称保存一份副本", "print the document": "打印文档",
    "undo the last change": "撤销上一次更改",
    "select everything in the document": "选中文档中的全部内容",
    "search for a word in the document": "在文档中查找一个词",
    "make the content look bigger": "让内容显示得更大",
    "make the content look smaller": "让内容显示得更小",
    "make the window fill the whole screen": "让窗口占满整个屏幕", "check the spelling": "检查拼写",
    "find out how many words the document has": "看看文档有多少字",
    "look for a newer version of the app": "查找应用的新版本",
    "see which version of the app this is": "查看这是应用的哪个版本",
}
PATTERNS: dict[str, str] = {  # English with {} parts → Chinese with the parts in order
    "Welcome back, {}": "欢迎回来，{}", "{} new items": "{} 个新项目",
    "Version {} is ready to install.": "{} 版已可安装。",
    "A new version ({}) is out.": "新版本（{}）已发布。",
    "See what changed in version {}.": "看看 {} 版有哪些变化。",
    "Try Premium free for {} days.": "免费试用高级版 {} 天。",
    "{} products found": "找到 {} 件商品", "{} hotels found": "找到 {} 家酒店",
    "Partly cloudy, {}°C": "局部多云，{}°C", "{} things to do": "{} 个好去处",
    "{} flights found": "找到 {} 个航班", "{} routes found": "找到 {} 条路线",
    "{} x {} pixels": "{} × {} 像素", "Page 1 of {}": "第 1 页，共 {} 页",
    "Ln 1, Col {}": "第 1 行，第 {} 列",
    "Save changes to {} before closing?": "关闭前要保存对 {} 的更改吗？", "{} Help": "{}帮助",
    "About {}": "关于{}", "Version {} is the newest version.": "{} 是最新版本。",
    "Version {} ({}-bit)": "版本 {}（{} 位）", "Dear {},": "亲爱的 {}：",
    "Thanks for the notes from {}; they helped the whole team this week.":
        "感谢你从 {} 发来的笔记，这周帮了整个团队大忙。",
}
# fmt: on
_PATTERNS = [
    (re.compile("(.+?)".join(re.escape(part) for part in english.split("{}"))), chinese)
    for english, chinese in PATTERNS.items()
]


def is_cjk(char: str) -> bool:
    """A wide East Asian character (a Han character, full-width punctuation): what a Latin
    font has no glyph for."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def translate(text: str, locale: str) -> str:
    """``text`` as a UI in ``locale`` shows it (see the module doc); a string already holding
    CJK characters is taken as translated."""
    if locale == "en" or not text or any(is_cjk(c) for c in text):
        return text
    if locale != "zh":
        raise ValueError(f"locale {locale!r}: use one of {', '.join(LOCALES)}")
    return _zh(text)


@functools.lru_cache(maxsize=8192)
def _zh(text: str) -> str:
    if text in ZH:
        return ZH[text]
    for regex, chinese in _PATTERNS:
        match = regex.fullmatch(text)
        if match:
            return chinese.format(*(_zh(part) for part in match.groups()))
    for separator in (" - ", " > "):  # a window title, a menu path
        if separator in text:
            return separator.join(_zh(part) for part in text.split(separator))
    if text.endswith("..."):  # a command that opens a dialog
        return _zh(text[:-3]) + "..."
    label, colon, value = text.partition(": ")
    if colon:
        return f"{_zh(label)}：{_zh(value)}"
    if text.endswith(":"):
        return _zh(text[:-1]) + "："
    cells = re.split(r"( {2,})", text)  # a table row, its cells aligned by runs of spaces
    if len(cells) > 1:
        return "".join(cell if cell.isspace() else _zh(cell) for cell in cells)
    return text


def template(english: str, locale: str) -> str:
    """The instruction template of ``locale`` that stands for the ``english`` one."""
    if locale == "en":
        return english
    if english not in ZH_PHRASINGS:
        raise KeyError(f"no Chinese phrasing for {english!r}: add one to phrasings_zh.py")
    return ZH_PHRASINGS[english]


def join(items: list[str], locale: str) -> str:
    """A list as a sentence says it: ``a, b and c``; in Chinese ``a、b和c``."""
    if len(items) == 1:
        return items[0]
    if locale == "zh":
        return "、".join(items[:-1]) + "和" + items[-1]
    return ", ".join(items[:-1]) + " and " + items[-1]


def characters(locale: str) -> str:
    """Every character an instruction in ``locale`` may hold beyond printable ASCII."""
    if locale == "en":
        return ""
    texts = [*ZH.values(), *PATTERNS.values(), *ZH_PHRASINGS.values()]
    return "".join(sorted({c for text in texts for c in text if not c.isascii()}))
