"""What the browser suite's time is made of, from Playwright's JSON report
(tests/playwright.config.ts writes it): how many tests ran on how many
workers, their summed time, and the slowest few. scripts/test.sh puts it
in target/test-times.json beside the step's wall time, and
write_benchmarks.py shows it under the test command's table, so that a
browser suite over its target says where its minutes went.

    python3 scripts/e2e_summary.py target/e2e-report.json   # prints JSON
"""
import json
import pathlib
import sys

SLOWEST = 3


def results(suite, file=None):
    """Every result of every test under `suite`: (file, title, ms, status)."""
    file = suite.get("file", file)
    for spec in suite.get("specs", []):
        for test in spec.get("tests", []):
            for result in test.get("results", []):
                yield file, spec["title"], result.get("duration", 0), result.get("status")
    for child in suite.get("suites", []):
        yield from results(child, file)


def summary(report):
    rows = [row for suite in report.get("suites", []) for row in results(suite)]
    rows.sort(key=lambda row: -row[2])
    config = report.get("config", {})
    workers = config.get("metadata", {}).get("actualWorkers", config.get("workers"))
    return {
        "tests": len(rows),
        "workers": workers,
        "test_ms": sum(row[2] for row in rows),
        "slowest": [{"file": f, "title": t, "ms": ms} for f, t, ms, _ in rows[:SLOWEST]],
    }


def main():
    print(json.dumps(summary(json.loads(pathlib.Path(sys.argv[1]).read_text()))))


if __name__ == "__main__":
    main()
