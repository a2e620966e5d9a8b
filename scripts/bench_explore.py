#!/usr/bin/env python3
"""The explorer's speed targets (issue 51), each measured with the
figures `dlock check --json` reports itself: distinct states, whether the
bound was exhausted, and the search's own elapsed time. Prints a Markdown
table for scripts/bench.sh to put in BENCHMARKS.md.

Usage: bench_explore.py DLOCK  (a dlock binary built for speed)
"""
import json
import subprocess
import sys

# (what, target, arguments): the bounds issue 51 names.
BOUNDS = [
    ("5 servers, ttl 6, B at 0..3, A stopped 0..4, 1 tick late, until t=8",
     "complete in <= 5 s",
     "--lock redlock --ttl 6 --max-arrival 3 --max-pause 4 --max-delay 1 --horizon 8 --max-states 50000000"),
    ("5 servers, ttl 6, B at 0..6, A stopped 0..8, 1 tick late, until t=30",
     "complete in <= 30 s",
     "--lock redlock --ttl 6 --max-arrival 6 --max-pause 8 --max-delay 1 --horizon 30 --max-states 20000000"),
    ("the split vote: 4 servers, ttl 5, 1 tick late, until t=8",
     ">= 1,000,000 states/s or <= 350 ms",
     "--lock redlock --servers 4 --ttl 5 --max-arrival 0 --max-pause 0 --max-delay 1 --horizon 8 --within 7"),
    ("Kleppmann's clock example: 5 servers, ttl 6, B at 0..4, A stopped 0..2, until t=12, a 3-tick step, 2 lost",
     "complete",
     "--lock redlock --ttl 6 --max-arrival 4 --max-pause 2 --horizon 12 --clock-step 3 --max-lost 2 --max-states 50000000"),
    ("the same with a 4-tick step (the smallest that breaks the lock at ttl 6)",
     "complete",
     "--lock redlock --ttl 6 --max-arrival 4 --max-pause 2 --horizon 12 --clock-step 4 --max-lost 2 --max-states 50000000"),
]


def main():
    dlock = sys.argv[1]
    print("| bound | target | distinct states | exhausted | time | states/s |")
    print("|---|---|---|---|---|---|")
    for what, target, args in BOUNDS:
        out = subprocess.run([dlock, "check", *args.split(), "--json"],
                             capture_output=True, text=True, check=True).stdout
        report = json.loads(out)
        states, ms = report["states"], report["elapsed_ms"]
        rate = states * 1000 // max(ms, 1)
        done = "yes" if report["complete"] else "no (limit reached)"
        print(f"| {what} | {target} | {states:,} | {done} | {ms / 1000:.2f} s | {rate:,} |")
    # stateright on 1 and 2 threads over the split vote, for its speedup.
    split = BOUNDS[2][2].split()
    for threads in (1, 2, 4):
        out = subprocess.run([dlock, "check", *split, "--engine", "stateright",
                              "--threads", str(threads), "--json"],
                             capture_output=True, text=True, check=True).stdout
        report = json.loads(out)
        print(f"| the split vote, `--engine stateright --threads {threads}` | speedup | "
              f"{report['states']:,} | {'yes' if report['complete'] else 'no'} | "
              f"{report['elapsed_ms'] / 1000:.2f} s | {report['states'] * 1000 // max(report['elapsed_ms'], 1):,} |")


if __name__ == "__main__":
    main()
