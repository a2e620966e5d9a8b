import { defineConfig } from '@playwright/test';
import { availableParallelism } from 'node:os';

// Debian's chromium, never a downloaded browser. The flags keep it from
// reaching for the network this machine does not have.
//   4173  the release build, served as any static host would
//   4174  the same files with a strict Content-Security-Policy header
//   4175  "course pages" on another origin, under a strict policy of their
//         own, that embed figures from 4174
// Timeouts are there to end a test that hangs, never to judge speed: a
// test must pass on a 2-core machine that is busy with something else
// (scripts/busy.sh loads every core to check it). A step waits for what it
// needs (a status text, a settled height, the network going quiet), and
// these bounds sit far above what any step takes on such a machine.
//
// Every test is independent of every other (a browser context of its own,
// files under its own output path, servers that only serve files), so the
// suite runs in parallel, one worker per core: E2E_WORKERS=1 runs it one
// test at a time.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? availableParallelism()),
  timeout: 600_000,
  expect: { timeout: 120_000 },
  // The list for a person; the JSON for scripts/test.sh, which sums each
  // test's time into target/test-times.json (scripts/e2e_summary.py).
  reporter: [['list'], ['json', { outputFile: '../target/e2e-report.json' }]],
  use: {
    baseURL: 'http://127.0.0.1:4173/',
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        // A host name that is not localhost, for pages that are not a
        // secure context (share.spec.ts: the clipboard's fallback).
        '--host-resolver-rules=MAP school.test 127.0.0.1',
      ],
    },
  },
  webServer: [
    { command: 'python3 serve.py 4173 ../dist', url: 'http://127.0.0.1:4173/', reuseExistingServer: false, timeout: 120_000 },
    { command: 'python3 serve.py 4174 ../dist --csp', url: 'http://127.0.0.1:4174/', reuseExistingServer: false, timeout: 120_000 },
    // A course page's own policy: frames from dlock, nothing inline.
    { command: `python3 serve.py 4175 fixtures "--csp=default-src 'self'; img-src 'self' data:; frame-src http://127.0.0.1:4174"`, url: 'http://127.0.0.1:4175/embed-host.html', reuseExistingServer: false, timeout: 120_000 },
  ],
});
