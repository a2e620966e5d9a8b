"""scripts/e2e_summary.py reads Playwright's JSON report as Playwright
writes it: suites nested in suites, each test's results (a retried test
has several), the workers from the report's metadata."""
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import e2e_summary  # noqa: E402


def spec(title, *durations):
    return {"title": title, "tests": [{"results": [{"duration": d, "status": "passed"} for d in durations]}]}


REPORT = {
    "config": {"workers": 3, "metadata": {"actualWorkers": 2}},
    "suites": [
        {"file": "a.spec.ts", "specs": [spec("quick", 1000)],
         "suites": [{"title": "group", "specs": [spec("slow", 9000), spec("retried", 2000, 3000)]}]},
        {"file": "b.spec.ts", "specs": [spec("middling", 4000)]},
    ],
}


class Summary(unittest.TestCase):
    def test_every_result_counts_and_the_slowest_come_first_with_their_file(self):
        got = e2e_summary.summary(REPORT)
        self.assertEqual(got["tests"], 5)
        self.assertEqual(got["test_ms"], 19000)
        self.assertEqual(got["workers"], 2)
        self.assertEqual([(t["file"], t["title"], t["ms"]) for t in got["slowest"]],
                         [("a.spec.ts", "slow", 9000), ("b.spec.ts", "middling", 4000), ("a.spec.ts", "retried", 3000)])

    def test_a_report_without_metadata_falls_back_to_the_configured_workers(self):
        self.assertEqual(e2e_summary.summary({"config": {"workers": 3}, "suites": []})["workers"], 3)
        self.assertEqual(e2e_summary.summary({"config": {"workers": 3}, "suites": []})["tests"], 0)


if __name__ == "__main__":
    unittest.main()
