"""The short version of the kiosk soak (Tests/bench/kiosk-soak.py runs 500 sessions): back-to-back
sessions ending as completed, by SIGTERM and a restart, and by kill -9 and a restart are each
stored exactly once with the end the script gave them, and the long-lived process opens no more
descriptors at the end of its run than after its first sessions. (Timed-out sessions take 30 s
each; test_kiosk_station.py covers them.)"""
from __future__ import annotations

import math

from kiosk_soak import Soak, plan

SEED = 2027


def test_back_to_back_sessions_are_each_stored_once_with_the_scripts_end(studyterm_bin, tmp_path):
    script = plan(sessions=16, steady=8, warmup=3, timed_out=0, seed=SEED,
                  weights={"completed": 0.4, "sigterm": 0.3, "kill-9": 0.3})
    assert {"sigterm", "kill-9"} <= set(script[8:]), script
    report = Soak(studyterm_bin, tmp_path).run(script, steady=8, warmup=3)
    figures = report.figures()
    print(figures)
    assert report.open_rows == 0, figures
    assert report.rows == len(script) and report.stored == report.expected(), figures
    assert report.fds_late <= report.fds_early, figures
    assert len(report.latencies_ms) == len(script) and not math.isnan(report.median_ms)
