"""Spatial span on a pty: the lit cells read off the screen as they light, repeated by letter and
by arrows and Enter; the span grows after a success (issue 25)."""
from __future__ import annotations

from active_tasks import finish, measurement, start, summary, write_task


GRID = "abcdefghi"


def lit_letter(t, grid: str = GRID) -> str | None:
    """The letter of the grid cell drawn reversed ("  a  " all reversed), if one is lit."""
    for row in range(1, len(t.screen()) - 1):
        for col in range(1, 79):
            cell = t.attrs_at(row, col)
            if cell.char in grid and cell.reverse and t.attrs_at(row, col - 1).char == " " and t.attrs_at(row, col - 1).reverse and t.attrs_at(row, col + 1).reverse:
                return cell.char
    return None


def watch_sequence(t, span: int, grid: str = GRID) -> list[str]:
    seen: list[str] = []
    t.wait_for("Watch the order.")
    while len(seen) < span:
        t.wait_until(lambda term: (lit_letter(term, grid) or "") not in ("", *seen), timeout=5, what=f"cell {len(seen) + 1}")
        seen.append(lit_letter(t, grid))
    t.wait_for("Your turn")
    return seen


def test_letters_and_arrows_repeat_the_sequences_and_the_span_grows(term, studyterm_bin, tmp_path) -> None:
    task = write_task(tmp_path / "span.json", {"identifier": "span", "type": "spatialSpan", "title": "Remember the places",
                                               "columns": 3, "rows": 3, "initialSpan": 2, "maximumSpan": 5,
                                               "maximumTests": 2, "playSpeed": 1, "practice": False, "seed": 12})
    t, out = start(term, studyterm_bin, task, tmp_path)
    t.wait_for("Enter start")
    t.send("Enter")
    first = watch_sequence(t, 2)
    t.type("".join(first))
    t.wait_for("Right.")
    second = watch_sequence(t, 3)
    cursor = 0
    for letter in second:                                   # by arrows and Enter this time
        target = ord(letter) - ord("a")
        while cursor % 3 < target % 3: t.send("Right"); cursor += 1
        while cursor % 3 > target % 3: t.send("Left"); cursor -= 1
        while cursor // 3 < target // 3: t.send("Down"); cursor += 3
        while cursor // 3 > target // 3: t.send("Up"); cursor -= 3
        t.send("Enter")
    m = measurement(finish(t, out), "span")
    values = summary(m)
    assert values["span"] == 3 and values["games"] == 2 and values["failures"] == 0
    assert [g["sequence"] for g in m["trials"]] == [first, second]
    assert all(g["status"] == "success" for g in m["trials"])
