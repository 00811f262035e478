"""The Tower of Hanoi on a pty: moves by number keys, a refused move counted, solved in the
minimum number of moves (issue 25)."""
from __future__ import annotations

from active_tasks import finish, measurement, start, summary, write_task

SOLUTION = [(1, 3), (1, 2), (3, 2), (1, 3), (2, 1), (2, 3), (1, 3)]


def hanoi(path, disks: int = 3, **extra):
    return write_task(path, {"identifier": "hanoi", "type": "towerOfHanoi", "title": "Move the tower",
                             "numberOfDisks": disks, "practice": False, **extra})


def test_solved_in_the_fewest_moves_with_one_refused(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, hanoi(tmp_path / "h.json"), tmp_path)
    t.wait_for("Enter start")
    t.send("Enter")
    t.wait_for("1 ┃ [3] [2] [1]")
    t.type("2")                                              # tower 2 is empty
    t.wait_for("Tower 2 has no disk.")
    for n, (a, b) in enumerate(SOLUTION[:-1], start=1):
        t.type(str(a)); t.type(str(b))
        t.wait_for(f"Moves: {n} ·")
    t.type("1"); t.type("3")
    m = measurement(finish(t, out), "hanoi")
    values = summary(m)
    assert values["puzzleWasSolved"] is True and values["ending"] == "solved"
    assert values["moves"] == 7 and values["minimumMoves"] == 7 and values["excessMoves"] == 0
    assert values["illegalMoves"] == 1 and values["timeMs"] > 0
    assert [(r["donorTower"], r["recipientTower"]) for r in m["trials"]] == SOLUTION
    times = [r["timeMs"] for r in m["trials"]]
    assert times == sorted(times)


def test_giving_up_at_40x12(term, studyterm_bin, tmp_path) -> None:
    t, out = start(term, studyterm_bin, hanoi(tmp_path / "h.json", disks=4), tmp_path, cols=40, rows=12)
    t.wait_for("Enter start")
    t.send("Enter")
    t.wait_for("fewest possible: 15")
    t.type("1"); t.type("2")
    t.wait_for("Moves: 1")
    t.type("g")
    values = summary(measurement(finish(t, out), "hanoi"))
    assert values["puzzleWasSolved"] is False and values["ending"] == "gaveUp" and values["moves"] == 1
