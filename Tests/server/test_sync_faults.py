"""The app's own client (`studyterm sync`) behind the fault-injecting proxy: connections dropped,
answers delayed, 500 and 503, connections reset mid-answer (after the server stored the batch),
the server killed and restarted mid-batch, and the app itself killed (-9) while it sends. After
it settles, every one of 200 results is on the server exactly once: 0 lost, 0 duplicated,
counted by item id."""
from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

E2E = Path(__file__).resolve().parents[1] / "e2e"
sys.path.insert(0, str(E2E))

from app_outbox import pending, seed_outbox  # noqa: E402
from fault_proxy import KINDS, Fault, FaultProxy  # noqa: E402
from harness import Term  # noqa: E402
from journey_steps import rows  # noqa: E402
from server_process import run_staff  # noqa: E402
from test_client_journey import join_by_url  # noqa: E402
from test_server_staff import real_result  # noqa: E402

ITEMS = 200


def test_every_result_reaches_the_server_exactly_once_through_faults_and_kill_9(serve, server_bin, studyterm_bin, study_dir,
                                                                              database, tmp_path):
    db = ["--database", database]
    token = run_staff(server_bin, "tokens", "--count", "1", *db).stdout.strip()
    current = {"server": serve("--study", str(study_dir), *db)}

    def on_restart() -> None:  # kill -9 of the server mid-batch, started again on the same database
        current["server"] = serve.restart(current["server"])
        proxy.target_port = current["server"].port

    proxy = FaultProxy(current["server"].port, seed=23, delay=0.2, on_restart=on_restart).start()
    data = tmp_path / "app"
    try:
        t = Term([str(studyterm_bin), "--data-dir", str(data)])
        try:
            join_by_url(t, f"http://127.0.0.1:{proxy.port}", token)       # the app knows the server by the proxy's address
            t.send("C-c")
            assert t.wait_exit() == 0
        finally:
            t.close()
        [(participant,)] = rows(data, "SELECT participantID FROM enrollment")
        ids = seed_outbox(data, participant, real_result(studyterm_bin), ITEMS)

        proxy.set_rates({"drop": 0.08, "delay": 0.08, "500": 0.08, "503": 0.08, "reset": 0.12})
        proxy.script("drop", "500", "503", Fault("reset", fraction=0.6), Fault("delay", 0.2, "response"), Fault("restart", seconds=0.05))
        rng, kills, exits = random.Random(5), 0, Counter()
        for round_ in range(120):
            if pending(data) == 0:
                break
            sync = subprocess.Popen([str(studyterm_bin), "sync", "--data-dir", str(data), "--batch-size", "10"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            if round_ % 3 == 1:                                     # kill -9 of the app while it sends
                time.sleep(rng.uniform(0.01, 0.15))
                if sync.poll() is None:
                    sync.send_signal(signal.SIGKILL)
                    kills += 1
            _, err = sync.communicate(timeout=120)
            exits[sync.returncode] += 1
            assert sync.returncode in (0, 20, -signal.SIGKILL), (sync.returncode, err)
        proxy.settle()
        final = subprocess.run([str(studyterm_bin), "sync", "--data-dir", str(data)], capture_output=True, text=True, timeout=120)
        counts = dict(proxy.counts)
    finally:
        proxy.stop()
    print("faults", counts, "kills", kills, "exits", dict(exits), "rounds", round_)
    assert final.returncode == 0, (final.stdout, final.stderr)
    assert proxy.errors == []
    assert all(counts.get(kind, 0) >= 1 for kind in KINDS), counts
    assert kills >= 3 and exits[20] >= 1, (kills, exits)
    assert pending(data) == 0

    out = tmp_path / "export"
    run_staff(server_bin, "export", "--format", "json", "--out", str(out), *db)
    exported = json.loads((out / "results.json").read_text())
    runs = Counter(e["metadata"]["taskRunUUID"].upper() for e in exported)
    sent = {r for (r,) in rows(data, "SELECT json_extract(metadata, '$.taskRunUUID') FROM outbox")}
    lost, duplicated = sent - set(runs), {r: n for r, n in runs.items() if n > 1}
    assert (len(lost), len(duplicated), len(runs), len(ids)) == (0, 0, ITEMS, ITEMS), (lost, duplicated)
