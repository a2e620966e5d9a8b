#!/usr/bin/env python3
"""The explorer's speed targets (issue 51), each measured with the
figures `dlock check --json` reports itself: distinct states, whether the
bound was exhausted, and the search's own elapsed time. Prints them as JSON
for scripts/write_benchmarks.py, each with its target, as words and as a
limit the verdict is computed from (null for a row that has none).

Usage: bench_explore.py DLOCK  (a dlock binary built for speed)
"""
import json
import os
import subprocess
import sys
import tempfile

# (what, target, limit, arguments): the bounds issue 51 names. A limit is
# met by a search that finished within `ms`, or at `states_per_s`, or, with
# neither, by one that finished at all.
BOUNDS = [
    ("5 servers, ttl 6, B at 0..3, A stopped 0..4, 1 tick late, until t=8",
     "complete in <= 5 s and <= 300 MB", {"ms": 5000, "mb": 300},
     "--lock redlock --ttl 6 --max-arrival 3 --max-pause 4 --max-delay 1 --horizon 8 --max-states 50000000"),
    ("5 servers, ttl 6, B at 0..6, A stopped 0..8, 1 tick late, until t=30",
     "complete in <= 60 s", {"ms": 60000},
     "--lock redlock --ttl 6 --max-arrival 6 --max-pause 8 --max-delay 1 --horizon 30 --max-states 20000000"),
    ("the split vote: 4 servers, ttl 5, 1 tick late, until t=8",
     ">= 1,000,000 states/s or <= 350 ms", {"ms": 350, "states_per_s": 1000000},
     "--lock redlock --servers 4 --ttl 5 --max-arrival 0 --max-pause 0 --max-delay 1 --horizon 8 --within 7"),
    ("Kleppmann's clock example: 5 servers, ttl 6, B at 0..4, A stopped 0..2, until t=12, a 3-tick step, 2 lost",
     "complete", {},
     "--lock redlock --ttl 6 --max-arrival 4 --max-pause 2 --horizon 12 --clock-step 3 --max-lost 2 --max-states 50000000"),
    ("the same with a 4-tick step (the smallest that breaks the lock at ttl 6)",
     "complete", {},
     "--lock redlock --ttl 6 --max-arrival 4 --max-pause 2 --horizon 12 --clock-step 4 --max-lost 2 --max-states 50000000"),
]


# The page's matrix (every lock with every resource, `Config::matrix`) on
# its default bound with messages one tick late, row by row as its worker
# searches it: measured natively, where the search is fastest, so a row
# unfinished here is unfinished in the tab. The lease lock sends no
# message, so its rows search the bound without the delay.
MATRIX_LOCKS = [["--lock", "lease"], ["--lock", "redlock"], ["--lock", "redlock", "--no-validity-check"]]
MATRIX_RESOURCES = ["plain", "fencing", "fencing-le", "cas"]


def page_matrix_late(dlock):
    rows = []
    for lock in MATRIX_LOCKS:
        late = ["--max-delay", "1"] if "redlock" in lock else []
        for resource in MATRIX_RESOURCES:
            rows.append(check(dlock, [*lock, "--resource", resource, *late]))
    return {"what": "the page's matrix, 12 rows, default bound, messages 1 tick late (natively, row by row)",
            "target": "complete in <= 10 s", "limit": {"ms": 10000},
            "states": sum(r["states"] for r in rows), "complete": all(r["complete"] for r in rows),
            "elapsed_ms": sum(r["elapsed_ms"] for r in rows), "peak_mb": max(r["peak_mb"] for r in rows),
            "rows_unfinished": sum(not r["complete"] for r in rows)}


# What `--pausing every` costs (B given A's choice points), beside the
# same bound with A pausing alone: no target, the reason it is opt-in.
PAUSING = "--lock redlock --servers 3 --ttl 8 --max-arrival 0 --max-pause 10 --horizon 24 --within 24 --max-lost 2"
# What a third client costs (`--clients 3`, finding 4's bound), beside two.
CLIENTS = "--lock redlock --servers 3 --ttl 6 --max-arrival 3 --max-pause 6 --horizon 14"


def check(dlock, args):
    # Waited for by pid, so the search's own peak memory (its resident
    # set, as the kernel counted it) comes back with its exit status.
    command = [dlock, "check", *args, "--json"]
    with tempfile.TemporaryFile("w+") as out:
        search = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL, text=True)
        _, status, usage = os.wait4(search.pid, 0)
        search.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    # `dlock check` says what it found in its exit status too: 0 every
    # property holds, 1 one fails, 3 one is unknown. Any other is an error.
    if search.returncode not in (0, 1, 3):
        raise subprocess.CalledProcessError(search.returncode, command, text)
    report = json.loads(text)
    row = {"states": report["states"], "complete": report["complete"], "elapsed_ms": report["elapsed_ms"],
           # ru_maxrss is in KiB on Linux.
           "peak_mb": usage.ru_maxrss / 1024}
    # Where in time the states lie: the tick with the most (the explorer's
    # own count; stateright gives none).
    by_tick = report.get("states_by_tick")
    if by_tick:
        busiest = max(range(len(by_tick)), key=by_tick.__getitem__)
        row["busiest_tick"] = {"tick": busiest, "states": by_tick[busiest]}
    return row


def main():
    dlock = sys.argv[1]
    rows = []
    for what, target, limit, args in BOUNDS:
        rows.append({"what": what, "target": target, "limit": limit, **check(dlock, args.split())})
    rows.append(page_matrix_late(dlock))
    # stateright on 1, 2 and 4 threads over the split vote, for its speedup.
    split = BOUNDS[2][3].split()
    one_thread = None
    for threads in (1, 2, 4):
        row = check(dlock, [*split, "--engine", "stateright", "--threads", str(threads)])
        one_thread = one_thread or row["elapsed_ms"]
        speedup = one_thread / max(row["elapsed_ms"], 1)
        rows.append({"what": f"the split vote, `--engine stateright --threads {threads}`",
                     "target": f"speedup: {speedup:.2f}× one thread's", "limit": None, **row})
    for who in ("a", "every"):
        rows.append({"what": f"B stopping too: 3 servers, ttl 8, both at 0, 2 lost, until t=24, `--pausing {who}`",
                     "target": "the cost of B's pause", "limit": None,
                     **check(dlock, [*PAUSING.split(), "--pausing", who])})
    for late in ("0", "3"):
        rows.append({"what": f"Redlock, 3 servers, ttl 6, B at 0..3, A stopped 0..6, until t=14, `--max-a-arrival {late}`",
                     "target": "the cost of A asking late", "limit": None,
                     **check(dlock, [*CLIENTS.split(), "--max-a-arrival", late])})
    for clients in ("2", "3"):
        rows.append({"what": f"Redlock, 3 servers, ttl 6, B (and C) at 0..3, A stopped 0..6, until t=14, `--clients {clients}`",
                     "target": "the cost of a third client", "limit": None,
                     **check(dlock, [*CLIENTS.split(), "--clients", clients])})
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
