"""BENCHMARKS.md says "met" only where its own figures show it: each row of
its targets table is judged again here, from the limit and the measured
value as written, by rules of this test's own (not the generator's). And
the file stays a table, not a diary: at most 250 lines (the test command's
section, its tables and what its times are made of, took the last 50),
written by scripts/bench.sh."""
import pathlib
import re
import unittest

FILE = pathlib.Path(__file__).resolve().parent.parent / "BENCHMARKS.md"
NUMBER = r"([\d,]+(?:\.\d+)?)"


def number(text):
    return float(text.replace(",", ""))


def holds(alternative, measured):
    """Whether `measured` meets one limit such as "≤ 1,500 ms" or
    "complete in <= 5 s" or ">= 1,000,000 states/s"; a bare "complete" is
    met by any search that finished."""
    match = re.search(rf"(≤|<=|≥|>=)\s*{NUMBER}\s*([^\s,()]+)", alternative)
    if not match:
        return True
    op, limit, unit = match.group(1), number(match.group(2)), match.group(3)
    # A time may be written in either unit.
    to_ms = {"ms": 1.0, "s": 1000.0}
    units = "ms|s" if unit in to_ms else re.escape(unit)
    found = re.search(rf"{NUMBER}\s*({units})(?![A-Za-z/])", measured)
    if not found:
        raise AssertionError(f"no figure in {unit} in '{measured}' for the limit '{alternative}'")
    value = number(found.group(1))
    if unit in to_ms:
        value, limit = value * to_ms[found.group(2)], limit * to_ms[unit]
    return value <= limit if op in ("≤", "<=") else value >= limit


def judged(limit, measured):
    # A search that stopped short, or a test command with a failing step,
    # meets no limit whatever its time.
    if "unfinished" in measured or "failed" in measured:
        return False
    # "a or b": either is enough; "a and b": both must hold.
    return any(all(holds(part, measured) for part in alternative.split(" and "))
               for alternative in limit.split(" or "))


def target_rows(text, heading="## Targets"):
    """The rows of the first table under `heading` whose first column is
    "target", as lists of cells."""
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    rows, inside = [], False
    for line in section.splitlines():
        if line.startswith("| target"):
            inside = True
        elif inside and line.startswith("| "):
            rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
        elif inside and not line.startswith("|"):
            break
    return rows


class Benchmarks(unittest.TestCase):
    def test_the_file_is_a_generated_table_of_at_most_200_lines(self):
        text = FILE.read_text()
        self.assertLessEqual(len(text.splitlines()), 250)
        self.assertIn("Written by `scripts/bench.sh`", text)
        self.assertGreaterEqual(len(target_rows(text)), 10)

    def test_every_verdict_follows_from_its_own_limit_and_figure(self):
        for what, limit, measured, verdict, _guard in target_rows(FILE.read_text()):
            with self.subTest(what):
                self.assertIn(verdict, ("met", "not met"))
                self.assertEqual(verdict == "met", judged(limit, measured), f"{limit} against {measured}")

    def test_the_test_commands_verdicts_follow_from_its_own_table(self):
        text = FILE.read_text()
        # The section is written by a run of the test command itself
        # (`scripts/bench.sh test-command`): the commit it measures has none.
        if "## The test command" not in text:
            self.skipTest("BENCHMARKS.md has no test command section yet")
        rows = target_rows(text, "## The test command")
        self.assertEqual(len(rows), 3)
        for what, limit, measured, verdict in rows:
            with self.subTest(what):
                self.assertEqual(verdict == "met", judged(limit, measured), f"{limit} against {measured}")

    def test_the_rules_judge_as_a_reader_would(self):
        self.assertTrue(judged("≤ 1,500 ms", "638 ms"))
        self.assertFalse(judged("≤ 100 ms", "217 ms"))
        self.assertTrue(judged("≥ 50%", "52% (904 k against 1,800 k states/s)"))
        self.assertFalse(judged("complete in <= 5 s", "4,572,528 states, 23.64 s, 193,415 states/s"))
        self.assertFalse(judged("complete in <= 30 s", "20,000,000 states, 12.00 s, 1 states/s, unfinished"))
        self.assertTrue(judged(">= 1,000,000 states/s or <= 350 ms", "377,985 states, 0.34 s, 1,100,000 states/s"))
        self.assertFalse(judged(">= 1,000,000 states/s or <= 350 ms", "377,985 states, 0.75 s, 503,980 states/s"))
        self.assertTrue(judged(">= 1,000,000 states/s or <= 350 ms", "377,985 states, 0.35 s, 999 states/s"))
        self.assertTrue(judged("complete", "991,529 states, 2.91 s, 341,200 states/s"))
        self.assertTrue(judged("≤ 20 ms", "11.3 ms median (10.9 fastest)"))
        self.assertTrue(judged("≤ 15 min", "14.2 min"))
        self.assertFalse(judged("≤ 15 min", "15.3 min"))
        self.assertFalse(judged("≤ 35 min", "20.0 min, failed: e2e"))


class TestCommandSection(unittest.TestCase):
    """write_benchmarks.py's table of the test command, from the timings
    scripts/test.sh records: judged against issue 80's limits, a failed
    step meeting nothing, and rewritten alone without touching the rest."""

    def run_of(self, ms_each, failing=()):
        steps = [{"id": i, "ok": i not in failing, "ms": ms_each} for i in ("format", "native", "e2e")]
        return {"date": "2026-12-07", "cores": 2, "load": "idle", "setup_ms": 5000, "total_ms": 0, "steps": steps}

    def section(self, idle, busy):
        import write_benchmarks
        return write_benchmarks.test_command_section(idle, busy, {"commit": "abc1234", "cpu": "a CPU"})

    def test_times_after_set_up_are_judged_against_the_limits(self):
        text = self.section(self.run_of(4 * 60000), self.run_of(12 * 60000))
        rows = target_rows(text, "## The test command")
        self.assertEqual([r[2] for r in rows], ["12.0 min", "36.0 min", "4.0 min"])
        self.assertEqual([r[3] for r in rows], ["met", "not met", "met"])
        for _what, limit, measured, verdict in rows:
            self.assertEqual(verdict == "met", judged(limit, measured))
        self.assertIn("| `e2e` | 4:00 | 12:00 |", text)

    def test_a_failed_step_meets_nothing(self):
        text = self.section(self.run_of(60000, failing=("e2e",)), self.run_of(60000))
        rows = target_rows(text, "## The test command")
        self.assertEqual(rows[0][3], "not met")
        self.assertIn("failed: e2e", rows[0][2])
        self.assertIn("`e2e` (failed)", text)
        # The browser suite's own row is judged by its own step alone.
        rows = target_rows(self.section(self.run_of(60000, failing=("native",)), self.run_of(60000)), "## The test command")
        self.assertEqual([r[3] for r in rows], ["not met", "met", "met"])

    def test_the_browser_suites_own_report_says_where_its_minutes_went(self):
        idle, busy = self.run_of(60000), self.run_of(60000)
        self.assertNotIn("The browser suite, idle", self.section(idle, busy))
        idle["e2e"] = {"tests": 4, "workers": 2, "test_ms": 600000,
                       "slowest": [{"file": "share.spec.ts", "title": "fits", "ms": 45400}]}
        text = self.section(idle, busy)
        self.assertIn("The browser suite, idle: 4 tests on 2 workers, 10.0 min of test time in all "
                      "(150.0 s a test on average). The slowest: 45 s, share.spec.ts: “fits”.", text)
        self.assertNotIn("The browser suite, busy", text)

    def test_runs_of_two_commits_name_each(self):
        idle, busy = self.run_of(60000), self.run_of(60000)
        idle["commit"], busy["commit"] = "aaa1111", "bbb2222"
        self.assertIn("`aaa1111` (idle) and `bbb2222` (busy)", self.section(idle, busy))
        busy["commit"] = "aaa1111"
        self.assertIn("fresh clone of `aaa1111`, as CI", self.section(idle, busy))
        self.assertNotIn("The busy run:", self.section(idle, busy))
        busy["caveat"] = "a third loop ran beside it."
        self.assertIn("The busy run: a third loop ran beside it.", self.section(idle, busy))

    def test_rewriting_the_section_keeps_the_rest_of_the_file(self):
        import json
        import os
        import tempfile
        import write_benchmarks
        with tempfile.TemporaryDirectory() as d:
            d = pathlib.Path(d)
            for name, value in (("test-idle.json", self.run_of(60000)), ("test-busy.json", self.run_of(120000)),
                                ("test-commit.json", {"commit": "abc1234", "cpu": "a CPU"})):
                (d / name).write_text(json.dumps(value))
            (d / "BENCHMARKS.md").write_text("# Benchmarks\n\n## Targets\n\nkept\n\n## The test command\n\nold\n\n## After\n\nkept too\n")
            here = os.getcwd()
            os.chdir(d)
            try:
                write_benchmarks.rewrite_test_command(d)
            finally:
                os.chdir(here)
            text = (d / "BENCHMARKS.md").read_text()
        self.assertNotIn("old", text)
        self.assertIn("## Targets\n\nkept\n", text)
        self.assertIn("## After\n\nkept too\n", text)
        self.assertEqual(text.count("## The test command"), 1)
        self.assertIn("| `native` | 1:00 | 2:00 |", text)


if __name__ == "__main__":
    unittest.main()
