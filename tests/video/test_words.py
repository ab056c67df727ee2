from __future__ import annotations

from pathlib import Path

import matplotlib
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont
from scipy import ndimage

from cuakit.envs.cursors import arrow_cursor, cursor_bank, draw_cursor
from cuakit.reward.model import EXACT_MATCH, STRICT_MATCH
from cuakit.video.pointer import sprites_of
from cuakit.video.templates import (
    FACES,
    MATCH_SIZES,
    instruction_echo,
    instruction_pieces,
    match_pairs,
    match_scores,
    reference_words,
    render_word,
    render_words,
    slot_words,
    split_words,
)
from cuakit.video.words import (
    CROP_HEIGHT,
    CROP_WIDTH,
    LOOK_SIZE,
    POINTER_SIZE,
    UNDERLINE_LENGTH,
    _channel_mean,
    _horizontal_runs,
    _ink,
    clip_words,
    erase_underlines,
    find_words,
    frame_words,
)

FONT = ImageFont.load_default(size=12)
WEIGHT, LEFT_UNLIKE = 6, 10  # positions in word_look

CURSORS = sprites_of(cursor_bank())


def screen(
    labels: dict[tuple[int, int], str],
    ink: tuple[int, int, int] = (20, 20, 20),
    paper: tuple[int, int, int] = (245, 245, 245),
    outline: bool = False,
) -> np.ndarray:
    """A 160x240 RGB screen: a dark desktop, one light window, the labels drawn at (x, y)."""
    image = Image.new("RGB", (240, 160), (40, 80, 140))
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 229, 149), fill=paper)
    if outline:
        draw.rectangle((120, 100, 200, 124), outline=(90, 90, 90))  # an empty field
    for (x, y), text in labels.items():
        draw.text((x, y), text, fill=ink, font=FONT)
    return np.asarray(image).copy()


def best_match(frame: np.ndarray, instruction: str) -> dict[str, float]:
    _, crops, _ = frame_words(frame)
    scores = match_scores(np.array(crops), render_words(instruction))
    return dict(zip(split_words(instruction), scores.max(0).tolist(), strict=True))


def screen_pieces(label: str) -> np.ndarray:
    """The crops the reader cuts ``label`` into, left to right."""
    boxes, crops, _ = frame_words(screen({(20, 20): label}))
    return np.array(crops)[np.argsort([box[2] for box in boxes])]


def test_a_file_name_is_matched_piece_by_piece() -> None:
    on_screen = screen_pieces("data_77.txt")
    assert len(on_screen) == 2  # the reader cuts the name before its full stop...
    assert instruction_pieces('Open "data_77.txt"') == ["Open", "data_77", ".txt"]  # ...so do we
    pairs = match_pairs(on_screen, reference_words("Open data_77.txt"))  # (2, 3, 2)
    assert pairs[0, 1].min() > 0.97 and pairs[1, 2].min() > 0.97
    whole = np.stack([render_word("data_77.txt", size)[None] for size in MATCH_SIZES])
    assert match_scores(on_screen, whole).max() < 0.9  # one crop of the name matched nothing


def test_the_strict_score_tells_near_duplicates_apart() -> None:
    target = reference_words("data_77 .txt Shipping")  # (Z, 3, h, w)
    scores = {
        label: match_pairs(screen_pieces(label), target)  # (pieces, 3, 2)
        for label in ("data_77.txt", "data_71.txt", "data_77.txt.bak", "Shipping:", "Open...")
    }
    assert scores["data_77.txt"][0, 0].min() > 0.97 and scores["data_77.txt"][1, 1].min() > 0.97
    near = scores["data_71.txt"][0, 0]  # data_71 for data_77
    assert near[0] > EXACT_MATCH and near[1] < 0.5  # the cosine takes it, the strict score not
    assert scores["data_77.txt.bak"][1, 1, 1] < 0.5  # .txt.bak for .txt
    assert scores["Shipping:"][0, 2, 1] > 0.95  # a label's colon does not count
    assert (scores["Open..."][..., 1] < STRICT_MATCH).all()  # nothing to do with the words


def test_split_words_drops_quotes_and_trailing_punctuation() -> None:
    assert split_words("Click the 'Delete' button.") == ["Click", "the", "Delete", "button"]
    assert split_words('Type "nora@example.com", then Save') == [
        "Type", "nora@example.com", "then", "Save",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("Search for 'Cairo' and pick it from the suggestions", ["Cairo"]),
        (
            "Open Settings and turn off 'Dark mode' (it is under General)",
            ["Settings", "Dark", "mode", "General"],
        ),
        ("Type Name: Hana Khan into the form and hit Submit", ["Name", "Hana", "Khan", "Submit"]),
        ("Open plan.txt, make line 2 bold and save it", ["plan.txt", "2"]),
        ("Press Save. Then close the dialog", ["Save"]),  # "Then" starts a sentence
        ("Close the dialog without accepting it", []),
    ],
)
def test_slot_words_are_the_values_labels_and_names(text: str, slots: list[str]) -> None:
    flags = slot_words(text)
    pieces = instruction_pieces(text)
    assert len(flags) == len(pieces)
    flagged = [piece for piece, flag in zip(pieces, flags, strict=True) if flag]
    assert "".join(flagged) == "".join(word for s in slots for word in s.split())


def test_words_on_screen_are_found_one_box_per_word() -> None:
    frame = screen({(20, 20): "Done: Delete", (20, 60): "Archive"})
    boxes = find_words(frame.astype(np.float32).mean(-1).round())
    assert len(boxes) == 3  # "Done:", "Delete", "Archive"; the window edge is no word
    assert all(top >= 18 and bottom <= 75 for top, bottom, _, _ in boxes)


def test_the_instructions_words_match_the_same_words_on_screen_only() -> None:
    frame = screen({(20, 20): "Done: Delete", (20, 60): "Archive"})
    scores = best_match(frame, "Hit the Delete button")
    assert scores["Delete"] > 0.97
    assert max(scores["Hit"], scores["button"]) < EXACT_MATCH


@pytest.mark.parametrize("theme", ["light-on-dark", "grey text"])
def test_matching_does_not_depend_on_the_text_colours(theme: str) -> None:
    ink, paper = (
        ((250, 250, 250), (30, 30, 60))
        if theme == "light-on-dark"
        else ((110, 110, 110), (245, 245, 245))
    )
    frame = screen({(30, 40): "Preview"}, ink=ink, paper=paper)
    assert best_match(frame, "Open Preview")["Preview"] > 0.95


def test_an_empty_outline_is_not_a_word() -> None:
    plain = find_words(screen({(20, 20): "Name"}).astype(np.float32).mean(-1).round())
    boxed = find_words(screen({(20, 20): "Name"}, outline=True).astype(np.float32).mean(-1).round())
    assert len(plain) == len(boxed) == 1


@pytest.mark.parametrize("gap", [1, 2, 3, 6])
def test_a_fields_text_close_to_its_edge_is_still_found(gap: int) -> None:
    """A typed value drawn a pixel or two inside a wide field's edge once joined the edge, and
    the pair was dropped as one empty outline: the value went missing from the screen."""
    image = Image.new("RGB", (400, 160), (245, 245, 245))
    draw = ImageDraw.Draw(image)
    draw.rectangle((120, 100, 300, 124), outline=(90, 90, 90))  # a wide field
    left = 121 + gap - int(FONT.getbbox("Seoul")[0])  # its first ink column: gap px inside
    draw.text((left, 106), "Seoul", fill=(20, 20, 20), font=FONT)
    draw.line((160, 103, 160, 121), fill=(20, 20, 20))  # the caret, most of the field's height
    boxes = find_words(np.asarray(image).astype(np.float32).mean(-1).round())
    word = [b for b in boxes if b[0] >= 101 and b[1] <= 124 and b[3] - b[2] > 20]
    assert len(word) == 1 and word[0][2] <= 121 + gap + 1 and word[0][3] < 160, boxes
    assert not [b for b in boxes if b[3] - b[2] > 60]  # the outline itself is no word


def underlined_paragraph(underline: bool) -> np.ndarray:
    """A link in running text, as a browser draws it: "Imperdiet" underlined, its descender
    crossing the underline."""
    image = Image.fromarray(screen({}))
    draw = ImageDraw.Draw(image)
    draw.text((20, 40), "Imperdiet", fill=(20, 20, 200), font=FONT)
    draw.text((80, 40), "eu viverra sit", fill=(20, 20, 20), font=FONT)
    draw.text((20, 51), "augue bibendum.", fill=(20, 20, 20), font=FONT)
    if underline:
        right = 20 + int(FONT.getlength("Imperdiet"))
        draw.line((20, 51, right, 51), fill=(20, 20, 200))
    return np.asarray(image).copy()


def test_a_links_underline_is_erased_so_the_link_reads_as_its_word() -> None:
    underlined, plain = underlined_paragraph(True), underlined_paragraph(False)
    gray = underlined.astype(np.float32).mean(-1).round()
    expected = sorted(find_words(plain.astype(np.float32).mean(-1).round()))
    assert sorted(find_words(erase_underlines(gray))) == expected  # descender kept, line gone
    assert sorted(find_words(gray)) != expected  # read as it is, the underline widens the link
    assert best_match(underlined, "Click Imperdiet")["Imperdiet"] > EXACT_MATCH


@pytest.mark.parametrize("underline", [True, False])
def test_frame_words_reads_the_erased_image_afresh(underline: bool) -> None:
    # the ink mask behind the erasure is handed on only where nothing was erased
    frame = underlined_paragraph(underline)
    erased = erase_underlines(frame.astype(np.float32).mean(-1).round())
    assert frame_words(frame)[0] == find_words(erased)


def test_a_box_is_no_underline() -> None:
    image = Image.fromarray(screen({(40, 40): "Remember me"}))
    ImageDraw.Draw(image).rectangle((22, 40, 34, 52), outline=(20, 20, 20))  # a checkbox
    ImageDraw.Draw(image).rectangle((20, 80, 160, 100), outline=(90, 90, 90))  # a field...
    ImageDraw.Draw(image).text((24, 86), "nora", fill=(20, 20, 20), font=FONT)  # ...with text
    gray = np.asarray(image).astype(np.float32).mean(-1).round()
    assert np.array_equal(erase_underlines(gray), gray)


def test_a_word_in_a_browsers_typeface_matches_its_reference() -> None:
    dejavu = ImageFont.truetype(
        str(Path(matplotlib.get_data_path(), "fonts/ttf/DejaVuSans.ttf")), 12
    )
    image = Image.fromarray(screen({}))
    ImageDraw.Draw(image).text((20, 40), "Faucibus", fill=(20, 20, 20), font=dejavu)
    _, crops, _ = frame_words(np.asarray(image).copy())
    aileron_only = match_scores(np.array(crops), reference_words("Faucibus")[: len(MATCH_SIZES)])
    assert (
        aileron_only.max() < 0.95 < match_scores(np.array(crops), reference_words("Faucibus")).max()
    )


def bold_title(text: str, face: str) -> np.ndarray:
    """A screen with ``text`` as a bold title: drawn twice 1 px apart in Pillow's font (as
    desksim does) or in DejaVu Sans Bold (a browser's <b>)."""
    image = Image.fromarray(screen({}))
    draw = ImageDraw.Draw(image)
    if face == "synthetic":
        for x in (20, 21):
            draw.text((x, 40), text, fill=(20, 20, 20), font=FONT)
    else:
        path = Path(matplotlib.get_data_path(), "fonts/ttf/DejaVuSans-Bold.ttf")
        draw.text((20, 40), text, fill=(20, 20, 20), font=ImageFont.truetype(str(path), 12))
    return np.asarray(image).copy()


@pytest.mark.parametrize("face", ["synthetic", "dejavu"])
def test_a_bold_title_matches_only_with_the_bold_references(face: str) -> None:
    _, crops, _ = frame_words(bold_title("Settings", face))
    references = reference_words("Settings Sellings")  # (faces * sizes, 2, h, w)
    regular = 2 * len(MATCH_SIZES)  # FACES puts the two regular faces first
    assert FACES[:2] == ("aileron", "dejavu-sans")
    assert match_pairs(np.array(crops), references[:regular])[0, 0, 1] < STRICT_MATCH
    pairs = match_pairs(np.array(crops), references)  # (1, 2, 2)
    assert pairs[0, 0, 1] > 0.95  # the title is the word asked for...
    assert pairs[0, 1, 1] < STRICT_MATCH  # ...and not a near-duplicate of it


def test_render_words_gives_one_fixed_size_crop_per_word() -> None:
    crops = render_words("Set Zoom to 85 and apply", max_words=4)
    assert crops.shape == (4, CROP_HEIGHT, CROP_WIDTH) and crops.dtype == np.uint8
    assert (crops.reshape(4, -1).max(1) == 255).all()  # ink normalised


def test_a_static_clip_keeps_its_words_once_and_all_are_on_the_final_frame() -> None:
    frame = screen({(20, 20): "Choose an action", (20, 60): "Copy"})
    words = clip_words(np.stack([frame] * 5))
    assert len(words) == 4 and (words.frame == 0).all() and words.at_end.all()
    assert (words.height, words.width) == frame.shape[:2]


def test_a_word_is_kept_where_it_changes_and_flagged_if_it_lasts() -> None:
    before = screen({(20, 20): "Pending", (20, 60): "Copy"})
    after = screen({(20, 20): "Finished", (20, 60): "Copy"})
    words = clip_words(np.stack([before, before, after, after]))
    frames = sorted(words.frame.tolist())
    assert frames == [0, 0, 2]  # Pending and Copy at 0; Finished when it appeared
    late = words.frame == 2
    assert words.at_end[late].all()  # Finished is on the final frame
    scores = match_scores(words.crops, render_words("Pending"))[:, 0]
    pending = int(np.argmax(scores))
    assert scores[pending] > 0.95 and not words.at_end[pending]


def test_over_the_limit_the_final_frames_words_are_kept_first() -> None:
    many = {(20 + 60 * (i % 3), 20 + 20 * (i // 3)): f"W{i}x" for i in range(12)}
    first = screen(many)
    last = screen({(20, 130): "Finished"})
    words = clip_words(np.stack([first, last]), max_words=3)
    assert len(words) == 3 and words.at_end.any()
    assert match_scores(words.crops, render_words("Finished")).max() > 0.95


def test_bad_frames_are_value_errors() -> None:
    with pytest.raises(ValueError, match="uint8"):
        frame_words(np.zeros((10, 10, 3), np.float32))
    with pytest.raises(ValueError, match="T ≥ 1"):
        clip_words(np.zeros((0, 10, 10, 3), np.uint8))


def test_bold_text_has_the_heavier_stroke_weight() -> None:
    regular = screen({(20, 20): "Approved"})
    bold = screen({(20, 20): "Approved", (21, 20): "Approved"})  # drawn twice, 1 px apart
    _, _, (regular_look,) = frame_words(regular)
    _, _, (bold_look,) = frame_words(bold)
    assert regular_look.shape == (LOOK_SIZE,) and regular_look.dtype == np.float32
    assert bold_look[WEIGHT] > regular_look[WEIGHT] + 0.15


def ticked(tick: bool) -> np.ndarray:
    """A checkbox left of its label, ticked (filled with the accent colour) or not."""
    frame = screen({(40, 40): "Guava", (40, 80): "Peach"})
    image = Image.fromarray(frame)
    draw = ImageDraw.Draw(image)
    for top in (40, 80):
        draw.rectangle((22, top + 1, 32, top + 11), outline=(90, 90, 90))
    if tick:
        draw.rectangle((22, 41, 32, 51), fill=(50, 110, 220))
    return np.asarray(image).copy()


def test_a_label_is_kept_again_when_the_box_beside_it_is_ticked() -> None:
    words = clip_words(np.stack([ticked(False), ticked(False), ticked(True), ticked(True)]))
    guava = match_scores(words.crops, render_words("Guava"))[:, 0] > 0.95
    assert sorted(words.frame[guava].tolist()) == [0, 2]  # the same word, a new state
    before, after = (
        words.look[guava & (words.frame == 0)][0],
        words.look[guava & (words.frame == 2)][0],
    )
    assert after[LEFT_UNLIKE] > before[LEFT_UNLIKE] + 0.1  # the strip beside it is filled
    assert (
        words.at_end[guava & (words.frame == 2)].all()
        and not words.at_end[guava & (words.frame == 0)].any()
    )
    peach = match_scores(words.crops, render_words("Peach"))[:, 0] > 0.95
    assert words.frame[peach].tolist() == [0]  # its box never changed


def test_words_of_unsampled_frames_are_read_and_placed_on_the_next_sampled_frame() -> None:
    plain = screen({(20, 20): "Copy"})
    flash = screen({(20, 20): "Copy", (20, 60): "Saved"})  # shown on recording frame 3 only
    recording = np.stack([plain, plain, plain, flash, plain, plain, plain])
    sampled = np.array([0, 2, 4, 6])
    words = clip_words(recording, sampled=sampled, cursors=CURSORS)
    saved = match_scores(words.crops, render_words("Saved"))[:, 0] > 0.95
    assert words.frame[saved].tolist() == [2]  # recording frame 3 -> the sample at frame 4
    assert not words.at_end[saved].any()
    assert (words.frame < len(sampled)).all()
    assert not (
        match_scores(clip_words(recording[sampled], cursors=CURSORS).crops, render_words("Saved"))
        > 0.95
    ).any()


def with_pointer(frame: np.ndarray, x: int, y: int) -> np.ndarray:
    frame = frame.copy()
    draw_cursor(frame, x, y, arrow_cursor())
    return frame


def test_the_word_under_the_pointer_at_the_end_is_flagged_and_the_pointer_is_no_word() -> None:
    menu = screen({(40, 40): "Guava", (40, 80): "Peach"})
    closed = screen({(40, 120): "Done"})
    recording = np.stack([
        with_pointer(menu, 150, 110),  # on the window's plain paper
        with_pointer(menu, 28, 82),  # just left of Peach, where its checkbox would be
        with_pointer(closed, 28, 122),  # the menu closed with the click; hovering Done
    ])  # fmt: skip
    words = clip_words(recording, cursors=CURSORS)
    assert words.pointer.shape == (len(words), POINTER_SIZE)
    named = {
        name: match_scores(words.crops, render_words(name))[:, 0] > 0.95
        for name in ("Guava", "Peach", "Done")
    }
    assert len(words) == 3 and all(found.sum() == 1 for found in named.values())
    assert words.pointer[named["Guava"]].tolist() == [[0]]
    assert words.pointer[named["Peach"]].tolist() == [[0]]  # hovered, but not at the end
    assert words.pointer[named["Done"]].tolist() == [[1]]  # under the pointer at the end


def test_over_the_limit_the_words_on_the_final_frame_are_kept_first() -> None:
    many = screen({(20 + 60 * (i % 3), 20 + 20 * (i // 3)): f"W{i}x" for i in range(12)})
    recording = np.stack([with_pointer(many, 30, 62), screen({(20, 130): "Done"})])
    words = clip_words(recording, max_words=2, cursors=CURSORS)
    assert len(words) == 2 and words.at_end.tolist() == [False, True]
    done = match_scores(words.crops, render_words("Done"))[:, 0] > 0.95
    assert done.tolist() == [False, True]


def test_a_word_drawn_larger_than_the_instruction_still_matches_at_its_size() -> None:
    image = Image.fromarray(screen({}))
    ImageDraw.Draw(image).text(
        (20, 40), "Submit", fill=(20, 20, 20), font=FONT.font_variant(size=14)
    )
    _, crops, _ = frame_words(np.asarray(image).copy())
    at_12 = match_scores(np.array(crops), render_words("Submit"))
    every_size = match_scores(np.array(crops), reference_words("Press Submit"))
    shape = (len(FACES) * len(MATCH_SIZES), 2, CROP_HEIGHT, CROP_WIDTH)
    assert reference_words("Press Submit").shape == shape
    assert at_12.max() < EXACT_MATCH < 0.95 < every_size[:, 1].max()
    assert every_size[:, 0].max() < EXACT_MATCH  # "Press" is not on the screen at any size


def test_the_instruction_shown_on_the_page_is_its_echo_and_a_status_line_is_not() -> None:
    """A page that prints its query (MiniWoB) shows every instruction word from frame 0 on;
    the words the agent's work put on screen later, or a short label, are no echo."""
    instruction = "Select Indira from the list and click Submit"
    start = screen({(14, 14): "Select Indira from the list and", (14, 28): "click Submit.",
                    (30, 80): "Karil", (30, 110): "Submit"})  # fmt: skip
    after = screen({(14, 14): "Select Indira from the list and", (14, 28): "click Submit.",
                    (30, 80): "Indira", (30, 110): "Submit"})  # fmt: skip
    words = clip_words(np.stack([start, after]))
    cosine = match_pairs(words.crops, reference_words(instruction))[..., 0]
    echo = instruction_echo(words, cosine)
    top = words.box[:, 0] < 40
    assert echo[top].all() and not echo[~top].any()  # the chosen "Indira" below is evidence
    label = clip_words(screen({(20, 20): "Notifications: off", (20, 60): "Submit"})[None])
    status = "Disable Notifications in the settings and apply the change"
    cosine = match_pairs(label.crops, reference_words(status))[..., 0]
    assert not instruction_echo(label, cosine).any()


@pytest.mark.parametrize("font", ["aileron", "liberation-serif", "noto-sans-cjk"])
def test_a_hidpi_screen_is_read_as_its_words_not_as_their_letters(font: str) -> None:
    """The word finder's gaps are 1× pixels: at 2× a word would fall apart into letters, so a
    HiDPI screen is read scaled down to 1× text, with about the same words as the 1× screen."""
    from cuakit.envs.desksim import DeskSimEnv
    from cuakit.video.words import text_scale

    words = {}
    for scale in (1.0, 2.0):
        frame = DeskSimEnv("form-fill", fonts=font, scale=scale).reset(seed=4)[0]["screenshot"]
        words[scale] = clip_words(frame[None], cursors=CURSORS)
        assert (text_scale(frame) == 1.0) == (scale == 1.0)
    one, two = words[1.0], words[2.0]
    assert two.height < 400  # read at about 1× size, not at 600 rows
    assert abs(len(two) - len(one)) <= 0.25 * len(one)
    heights = [np.median(w.box[:, 1] - w.box[:, 0]) for w in (one, two)]
    assert abs(heights[1] - heights[0]) <= 3
    assert one.pointer.sum() >= 1 and two.pointer.sum() >= 1  # the enlarged pointer found too


@pytest.mark.parametrize("shape", [(300, 480), (1, 1), (2, 5), (7, 3), (40, 9)])
def test_the_fast_ink_background_is_scipys_median_exactly(shape: tuple[int, int]) -> None:
    rng = np.random.default_rng(0)
    whole = rng.integers(0, 256, shape).astype(np.float32)  # a screen's greys (uint8 path)
    fractional = (rng.random(shape) * 255).astype(np.float32)  # any grey image (float path)
    for gray in (whole, fractional, whole - 300):
        expected = ndimage.median_filter(ndimage.median_filter(gray, (1, 7)), (7, 1))
        ink, background = _ink(gray, 40.0)
        assert background.dtype == gray.dtype and np.array_equal(background, expected)
        assert np.array_equal(ink, np.abs(gray - expected) > 40.0)


@pytest.mark.parametrize("shape", [(300, 480), (1, 1), (3, 7), (3, 8), (6, 9)])
def test_underline_runs_are_a_binary_opening_exactly(shape: tuple[int, int]) -> None:
    rng = np.random.default_rng(1)
    for density in (0.5, 0.9, 0.97):
        mask = rng.random(shape) < density
        expected = ndimage.binary_opening(mask, structure=np.ones((1, UNDERLINE_LENGTH), bool))
        assert np.array_equal(_horizontal_runs(mask, UNDERLINE_LENGTH), expected)


def test_the_integer_channel_mean_is_the_rounded_float_mean() -> None:
    rng = np.random.default_rng(2)
    frame = rng.integers(0, 256, (64, 64, 3)).astype(np.uint8)
    frame[0, :8] = [[0, 0, 0], [255, 255, 255], [0, 0, 1], [0, 0, 2], [254, 255, 255],
                    [1, 2, 2], [0, 1, 1], [255, 0, 0]]  # fmt: skip
    expected = frame.astype(np.float32).mean(-1).round()
    got = _channel_mean(frame)
    assert got.dtype == np.float32 and np.array_equal(got, expected)
