import { test, expect } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { reveal } from './helpers';

// The debate on the page: acquiring over a network and check-and-set from
// a link and the controls, the clock that jumps, and the "Both sides" table.

test('a link with acquiring over a network draws the requests, T1 and T2, and says the validity ran out', async ({ page }) => {
  // Kleppmann's pause while the replies are in flight, with the check.
  await page.goto('./?latency=1&acq_pause=13&pause_len=0');
  await expect(page.getByTestId('final-value')).toBeVisible();
  await expect(page.getByTestId('notices')).toHaveCount(0);
  await expect(page.getByTestId('input-latency')).toHaveValue('1');
  await expect(page.getByTestId('input-acq_pause')).toHaveValue('13');
  await expect(page.getByTestId('toggle-check')).toBeChecked();
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toContainText('T1: asks');
  await expect(timeline).toContainText('too late: released everywhere, retry');
  await expect(timeline).toContainText('T2 · token');
  // Without the check, A writes past its validity and B's update is lost.
  await page.getByTestId('toggle-check').click();
  await expect(page).toHaveURL(/check=0/);
  await expect(page.getByTestId('final-value')).toContainText("'B'");
});

test('a link made before acquiring could take time opens exactly as it did', async ({ page }) => {
  await page.goto('./?v=1&pause_len=12&fencing=1');
  await expect(page.getByTestId('input-latency')).toHaveValue('0');
  await expect(page.getByTestId('timeline')).not.toContainText('T1: asks');
  await expect(page).toHaveURL(/\?v=1&pause_len=12&fencing=1$/);
});

test('check-and-set refuses the stale write that fencing accepts in the same tick', async ({ page }) => {
  await page.goto('./?pause_len=12&fencing=1');
  await expect(page.getByTestId('final-value')).toContainText("'B'");
  await expect(page.getByTestId('timeline')).toContainText("write 'A' · token 1 · ACCEPTED");
  await page.getByTestId('toggle-fencing').click();
  await page.getByTestId('toggle-cas').click();
  await expect(page).toHaveURL(/cas=1/);
  await expect(page.getByTestId('timeline')).toContainText('registers id #2');
  await expect(page.getByTestId('timeline')).toContainText("write 'A' · token 1 · REJECTED");
});

test('a clock that jumps breaks the lock, and a step of zero does not', async ({ page }) => {
  // Its old section's link opens the folded section on its row.
  await page.goto('./#clock-jump');
  const section = page.locator('#fault');
  await expect(page.getByTestId('verdict-clock-jump')).toBeVisible();
  await expect(page.getByTestId('verdict-clock-jump')).toContainText('Which system failed: the lock.');
  await expect(page.getByTestId('verdict-clock-jump')).toContainText('stepped forward 8 ticks');
  await page.goto('./?jump=0#clock-jump');
  await expect(page.getByTestId('verdict-clock-jump')).toContainText('Which system failed: nothing.');
  // antirez's answer beside it, and Kleppmann's point on the restart.
  await expect(section).toContainText('monotonic clock');
  await page.getByTestId('row-restart').click();
  await expect(page.getByTestId('production-restart')).toBeVisible();
  await expect(page.getByTestId('production-restart')).toContainText('delayed restart itself relies on measuring time');
});

test('both sides: every claim has a verdict read off its run, a source, and opens its run', async ({ page }) => {
  await page.goto('./#both-sides');
  const table = page.getByTestId('both-sides');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(11);
  for (const finding of ['supports', 'refutes', 'undecided']) {
    expect(await table.locator(`tr[data-finding="${finding}"]`).count(), finding).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('claim-acquire-pause')).toHaveAttribute('data-finding', 'refutes');
  await expect(page.getByTestId('claim-validity')).toHaveAttribute('data-finding', 'supports');
  await expect(page.getByTestId('claim-cas')).toContainText('fencing accepts it and check-and-set refuses it');
  for (const url of ['martin.kleppmann.com', 'antirez.com/news/101', 'redis.io']) {
    expect(await table.locator(`a[href*="${url}"]`).count(), url).toBeGreaterThan(0);
  }
  // What each remedy asks of the storage, and how each fares, computed.
  // One staircase, one count (the reader's finding 1 of issue 52): the
  // debate's remedies and the stale-accepted section count the same cells.
  const staircase = 'the default staircase (ttl 1–40 by pause 0–40: 1640 cells)';
  await expect(page.getByTestId('remedies')).toContainText(`On ${staircase}, fencing refuses 714 stale writes and lets 40 stale writes through; check-and-set refuses 794 stale writes and lets 0 stale writes through.`);
  await expect(page.getByTestId('stale-accepted-count')).toContainText(`On ${staircase} with fencing on, 40 cells are stale writes accepted.`);
  // The run opens in place, on the main timeline.
  await page.getByTestId('claim-acquire-pause-open').click();
  await expect(page).toHaveURL(/latency=1/);
  await expect(page.getByTestId('input-acq_pause')).toHaveValue('13');
  await expect(page.getByTestId('timeline')).toContainText('T1: asks');
});

test('the debate table embeds alone, and exports its claims as text and JSON', async ({ page }) => {
  await page.goto('./#both-sides');
  const rows = page.getByTestId('both-sides').locator('tbody tr');
  // Drawn after the page loads: wait for the table, not a moment.
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(10);
  const count = await rows.count();
  const findings = await rows.evaluateAll((trs) => trs.map((tr) => [tr.id, tr.getAttribute('data-finding')]));
  // The JSON is the table's claims, each with its verdict and its run.
  await reveal(page, 'export-both-sides-json');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-both-sides-json').click(),
  ]);
  const claims = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(claims.map((c: { code: string; finding: string }) => [c.code, c.finding])).toEqual(findings);
  expect(claims.every((c: { sources: unknown[] }) => c.sources.length > 0)).toBe(true);
  const [text] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-both-sides-txt').click()]);
  const body = readFileSync(await text.path(), 'utf8');
  expect(body).toContain('Verdict: the model supports it');
  expect(body).toContain('check-and-set refuses');
  // Alone in a frame: the table, no section around it, and each run opens
  // the whole study in a tab of its own.
  await page.goto('./?embed=both-sides&theme=dark');
  await expect(page.getByTestId('embedded')).toHaveAttribute('data-figure', 'both-sides');
  await expect(page.getByTestId('both-sides').locator('tbody tr')).toHaveCount(count);
  await expect(page.locator('#both-sides-h')).toHaveCount(0);
  const open = page.getByTestId('claim-pause-open');
  await expect(open).toHaveAttribute('target', '_blank');
  expect(await open.getAttribute('href')).toContain('#corrupted');
});

test('the acquire staircase: clean everywhere with the check, and a cell without it opens its lost update', async ({ page }) => {
  await page.goto('./#acquiring');
  const figure = page.getByTestId('acquiring');
  await expect(figure.locator('rect.cell')).toHaveCount(2 * 31 * 31);
  await expect(figure.locator('rect.cell[data-check="1"]:not(.o-clean)')).toHaveCount(0);
  expect(await figure.locator('rect.cell[data-check="0"]:not(.o-clean)').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('acquiring-summary')).toContainText('With the validity check, 0 of 961 cells are not clean');
  // The same staircase in a terminal, following the page's switches.
  await expect(page.getByTestId('acquiring-command')).toHaveText('dlock acquire-grid');
  await page.goto('./?fencing=1&ttl=12#acquiring');
  await expect(page.getByTestId('acquiring-command')).toHaveText('dlock acquire-grid --ttl 12 --fencing');
  await page.goto('./#acquiring');
  // The cell: latency 1, A stopped 13 ticks, B at 12.
  const cell = figure.locator('rect.cell[data-check="0"][data-pause="13"][data-b="12"]');
  await expect(cell).toHaveClass(/o-lost/);
  await cell.click();
  await expect(page).toHaveURL(/latency=1/);
  await expect(page).toHaveURL(/acq_pause=13/);
  await expect(page).toHaveURL(/check=0/);
  await expect(page.getByTestId('outcome')).toHaveText('lost update');
  await expect(page.getByTestId('input-b_arrives')).toHaveValue('12');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('0');
  // Alone in a frame, in the colours a course page fixes.
  await page.goto('./?embed=acquiring&theme=light');
  await expect(page.getByTestId('embedded')).toHaveAttribute('data-figure', 'acquiring');
  await expect(page.getByTestId('acquiring').locator('rect.cell')).toHaveCount(2 * 31 * 31);
});

test('on real servers: each shipped recording names what it ran on and agrees with the model, tick by tick in real ms', async ({ page }) => {
  await page.goto('./#real');
  for (const [code, servers] of [['redis', 'redis-server'], ['redis-fenced', 'redis-server'], ['etcd', 'etcd'], ['etcd-fenced', 'etcd']]) {
    const recording = page.getByTestId(`real-${code}`);
    if (!(await recording.evaluate((d) => (d as HTMLDetailsElement).open))) await recording.locator(':scope > summary').click();
    const setup = page.getByTestId(`real-${code}-setup`);
    await expect(setup).toContainText('A measurement.');
    await expect(setup).toContainText(servers);
    await expect(setup).toContainText(/ticks of \d+ ms, on \d{4}-\d\d-\d\d/);
    await expect(page.getByTestId(`real-${code}-agreement`)).toContainText('they agree.');
    // What agreeing means: the outcome, not the tokens, which are the lock's own.
    await expect(page.getByTestId(`real-${code}-compared`)).toContainText('Only the outcome is compared');
    await expect(recording.locator(':scope > summary')).toContainText('the model agrees on the outcome');
    const events = page.getByTestId(`real-${code}-events`).locator('tbody tr');
    expect(await events.count()).toBeGreaterThan(4);
    const timeline = page.getByTestId(`timeline-real-${code}`);
    await expect(timeline).toContainText(code.endsWith('fenced') ? 'REJECTED' : 'ACCEPTED');
    // The real events are drawn on the model's timeline, on two lanes of
    // their own, each labelled with its milliseconds: one mark per row.
    await expect(timeline.locator('g.lane-recorded')).toHaveCount(2);
    await expect(timeline.locator('.lane-label', { hasText: /^[AB], real$/ })).toHaveCount(2);
    await expect(timeline.locator('.point-label', { hasText: /^\d+ ms$/ })).toHaveCount(await events.count());
    const firstMs = await events.first().locator('td').nth(1).textContent();
    await expect(timeline.locator('.point-label', { hasText: new RegExp(`^${firstMs} ms$`) }).first()).toBeVisible();
    // How the cluster maps onto the model, and what etcd's token is.
    if (code.startsWith('etcd')) {
      await expect(setup).toContainText('which agree by consensus and answer as one lock service: the model runs it as 1 lock server');
      await expect(setup).toContainText('its fencing token is the create revision of the lock key');
    }
  }
  await expect(page.getByTestId('real-etcd-mapping')).toContainText("the model runs etcd on one lock server");
  await expect(page.getByTestId('real-etcd-mapping')).toContainText("its fencing token is the lock key's create revision");
});

test('"Open a lab run" draws any lab file, and a bad one gets a notice and changes nothing else', async ({ page }, info) => {
  await page.goto('./?ttl=12#real');
  const input = page.getByTestId('open-lab-run');
  const message = page.getByTestId('lab-run-message');
  for (const [name, body, why] of [
    ['not-json.json', 'this is not JSON', 'that file is not JSON'],
    ['a-run.json', '{"params": {"servers": 5}, "final_value": "A"}', 'not a report of `dlock lab --json`'],
    ['hostile.json', readFileSync('../www/recordings/redis.json', 'utf8').replace(/"servers":\s*5/, '"servers": 99999'), 'invalid value: integer `99999`, expected u16'],
  ] as const) {
    const file = info.outputPath(name);
    writeFileSync(file, body);
    await input.setInputFiles(file);
    await expect(message).toContainText('Not opened:');
    await expect(message).toContainText(why);
    await expect(page.getByTestId('real-opened')).toHaveCount(0);
    await expect(page).toHaveURL(/\?v=1&ttl=12#real$|\?ttl=12#real$/);
    await expect(page.getByTestId('input-ttl')).toHaveValue('12');
  }
  await input.setInputFiles('../www/recordings/etcd-fenced.json');
  await expect(message).toContainText('Opened');
  await expect(page.getByTestId('real-opened-setup')).toContainText('etcd');
  await expect(page.getByTestId('real-opened-agreement')).toContainText('they agree.');
  // A lab grid: a row a cell, each beside the model's answer.
  const grid = info.outputPath('grid.json');
  writeFileSync(grid, JSON.stringify({
    base: JSON.parse(readFileSync('../www/recordings/redis.json', 'utf8')).params,
    lab: { lock_servers: 'redis-server 7.0.15', lock_processes: 5, store: 'SQLite 3.46.0', tick_ms: 100 },
    cells: [
      { ttl: 10, pause_len: 8, final_value: 'AB', outcome: 'clean', timing_sensitive: false },
      { ttl: 10, pause_len: 14, final_value: 'A', outcome: 'corrupt', timing_sensitive: false },
    ],
  }));
  await input.setInputFiles(grid);
  // (the grid replaces the run opened before it)
  await expect(page.getByTestId('real-opened-cells').locator('tbody tr[data-agrees="true"]')).toHaveCount(2);
  await expect(page.getByTestId('real-opened-agreement')).toContainText('2 agree');
});

test('the runs on real servers embed alone and export their files and their events in words', async ({ page }) => {
  await page.goto('./#real');
  await reveal(page, 'export-real-txt');
  const [text] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-real-txt').click()]);
  const body = readFileSync((await text.path())!, 'utf8');
  expect(body).toContain('Redis, the study\'s run');
  expect(body).toMatch(/t=16 +\d+ ms {2}A {2}wrote 'A' with token 1: accepted/);
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-real-json').click()]);
  const files = JSON.parse(readFileSync((await json.path())!, 'utf8'));
  expect(files.map((f: { lab: { lock_servers: string } }) => f.lab.lock_servers.split(' ')[0])).toEqual(['redis-server', 'redis-server', 'etcd', 'etcd']);
  await page.goto('./?embed=real&theme=dark');
  await expect(page.getByTestId('embedded')).toHaveAttribute('data-figure', 'real');
  await expect(page.getByTestId('real-redis-agreement')).toContainText('they agree.');
  await expect(page.getByTestId('open-lab-run')).toBeAttached();
});
