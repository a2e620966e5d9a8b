"""scripts/busy.sh: a loop per core while it runs, none left after.
The loops are told apart by the pids busy.sh prints, so another busy.sh
running beside these tests (the test command run under load) is not
counted."""
import os
import pathlib
import re
import signal
import subprocess
import time
import unittest

BUSY = pathlib.Path(__file__).parent / "busy.sh"


def start(*args):
    """busy.sh with `args`, and the pids of the loops it says it started."""
    busy = subprocess.Popen(["bash", str(BUSY), *args], stderr=subprocess.PIPE, text=True)
    said = busy.stderr.readline()
    pids = [int(p) for p in re.search(r"\(pids ([\d ]+)\)", said).group(1).split()]
    return busy, pids


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def wait_gone(pids):
    for _ in range(1000):
        if not any(map(alive, pids)):
            return []
        time.sleep(0.01)
    return [p for p in pids if alive(p)]


class BusyTest(unittest.TestCase):
    def test_a_loop_per_core_while_the_command_runs_and_none_after(self):
        busy, pids = start("--", "sleep", "0.5")
        self.assertEqual(len(pids), os.cpu_count())
        self.assertTrue(all(map(alive, pids)))
        self.assertEqual(busy.wait(), 0)
        busy.stderr.close()
        self.assertEqual(wait_gone(pids), [])

    def test_stopped_with_a_signal_it_leaves_no_loop(self):
        busy, pids = start()
        self.assertTrue(all(map(alive, pids)))
        busy.send_signal(signal.SIGTERM)
        busy.wait()
        busy.stderr.close()
        self.assertEqual(wait_gone(pids), [])


if __name__ == "__main__":
    unittest.main()
