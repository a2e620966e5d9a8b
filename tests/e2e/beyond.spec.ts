import { test, expect, Page, Download } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { collectErrors, dlock, reveal } from './helpers';

const SCENARIOS = ['token-drift', 'restart', 'clock-drift', 'clock-jump', 'slow-network', 'stale-accepted'];

/** `dlock run --scenario NAME ...` from dlock-core, through the CLI. */
function cli(args: string[]): string {
  return dlock(['run', ...args]);
}

/** The system the CLI says failed, and the transcript it prints. */
function expected(name: string, extra: string[] = []): { failed: string; text: string } {
  const text = cli(['--scenario', name, ...extra]);
  const failed = /which system failed: (.*)/.exec(text)![1];
  return { failed, text };
}

async function transcriptOf(page: Page, name: string): Promise<string> {
  return (await page.getByTestId(`transcript-${name}`).textContent()) ?? '';
}

for (const name of SCENARIOS) {
  test(`the ${name} section shows core's run, and its remedy link applies the remedy`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`./#${name}`);
    // The old section's link opens the folded section on that row.
    await expect(page.getByTestId(`verdict-${name}`)).toBeVisible();
    const plain = expected(name);
    await expect(page.getByTestId(`verdict-${name}`)).toContainText(`Which system failed: ${plain.failed}.`);
    expect(plain.text).toContain(await transcriptOf(page, name));
    await expect(page.getByTestId(`timeline-${name}`).locator('svg')).toBeVisible();
    await expect(page.getByTestId(`timeline-${name}`).locator('.grip')).toHaveCount(0);

    // The address names the row's cell first; the remedy is written after.
    await expect.poll(() => new URL(page.url()).searchParams.get('cell')).not.toBeNull();
    const before = new URL(page.url()).search;
    await page.getByTestId(`preset-${name}-remedy`).click();
    const fixed = expected(name, ['--remedy']);
    await expect(page.getByTestId(`verdict-${name}`)).toContainText(`Which system failed: ${fixed.failed}.`);
    await expect.poll(async () => fixed.text.includes(await transcriptOf(page, name))).toBe(true);
    await expect.poll(() => new URL(page.url()).search).not.toBe(before);
    // The remedy survives a reload: the URL carries it.
    await page.reload();
    expect(fixed.text).toContain(await transcriptOf(page, name));
    await page.getByTestId(`preset-${name}`).click();
    expect(plain.text).toContain(await transcriptOf(page, name));
    expect(errors).toEqual([]);
  });
}

test('each failure is pinned: which system fails, with and without the remedy', async () => {
  const failed = (name: string, extra: string[] = []) => expected(name, extra).failed;
  expect(failed('token-drift')).toBe('the lock');
  expect(failed('restart')).toBe('the lock');
  expect(failed('clock-drift')).toBe('the lock');
  expect(failed('clock-jump')).toBe('the lock');
  expect(failed('slow-network')).toBe('the resource');
  expect(failed('stale-accepted')).toBe('the resource');
  // Fencing keeps the data right under fast or stepped clocks, but two
  // clients still held the lock at once: the verdict says so rather than
  // naming the knob.
  const clocks = ['clock-drift', 'clock-jump'];
  for (const name of SCENARIOS) {
    expect(failed(name, ['--remedy']), name).toBe(clocks.includes(name) ? 'the lock' : 'nothing');
  }
  expect(expected('clock-drift', ['--remedy']).text).toContain('REJECTED (stale token)');
});

test('one restarted node breaks the lock when the majorities share only it, not when both reach every server', async ({ page }) => {
  await page.goto('./#restart');
  await expect(page.getByTestId('verdict-restart')).toContainText('Which system failed: the lock.');
  await page.getByTestId('knob-restart_reach').selectOption({ index: 1 });
  await expect.poll(() => new URL(page.url()).searchParams.get('restart_reach')).toBe('1');
  await expect(page.getByTestId('verdict-restart')).toContainText('Which system failed: nothing.');
  expect(cli(['--scenario', 'restart', '--knob', 'restart_reach=1'])).toContain(await transcriptOf(page, 'restart'));
});

test('knobs read and write the URL and change the run', async ({ page }) => {
  await page.goto('./?restart_servers=2&restart_remedy=2&clock_allowance=5#restart');
  await expect(page.getByTestId('notices')).toHaveCount(0);
  await expect(page.getByTestId('knob-restart_servers')).toHaveValue('2');
  await expect(page.getByTestId('knob-restart_remedy')).toHaveValue('2');
  await expect(page.getByTestId('knob-clock_allowance')).toHaveValue('5');
  expect(cli(['--scenario', 'restart', '--knob', 'restart_servers=2', '--knob', 'restart_remedy=2']))
    .toContain(await transcriptOf(page, 'restart'));

  await page.getByTestId('row-token-drift').click();
  await page.getByTestId('knob-drift_partition').fill('0');
  await page.getByTestId('knob-drift_partition').press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('drift_partition')).toBe('0');
  await expect(page.getByTestId('transcript-token-drift')).toContainText('REJECTED (stale token)');
  await page.getByTestId('row-slow-network').click();
  await page.getByTestId('knob-net_fencing').check();
  await expect.poll(() => new URL(page.url()).searchParams.get('net_fencing')).toBe('1');
  await expect(page.getByTestId('verdict-slow-network')).toContainText('Which system failed: nothing.');
});

test('out-of-range knobs are clamped with a notice naming the knob and its range', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('./?drift_partition=999&clock_rate=-1&restart_remedy=%3Cb%3E#token-drift');
  const notices = page.getByTestId('notices');
  await expect(notices).toContainText('drift_partition = 999 is outside 0..=20; using 20');
  await expect(notices).toContainText('clock_rate');
  await expect(notices).toContainText('restart_remedy');
  await expect(page.locator('b')).toHaveCount(0);
  await expect(page.getByTestId('knob-drift_partition')).toHaveValue('20');
  // Typed past the limit it already sits at, or emptied, the box shows
  // the value in use again.
  for (const typed of ['999', '']) {
    await page.getByTestId('knob-drift_partition').fill(typed);
    await page.getByTestId('knob-drift_partition').press('Enter');
    await expect(page.getByTestId('knob-drift_partition')).toHaveValue('20');
  }
  expect(errors).toEqual([]);
});

for (const [width, lines] of [[1280, 2], [390, 3]] as const) {
  test(`at ${width} px every knob's label takes at most ${lines} lines and its slider keeps room to drag`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('./');
    // One row on show at a time: each scenario's knobs are measured on its row.
    const measured: { label: string | null; lines: number; slider: number }[] = [];
    for (const name of SCENARIOS) {
      await page.getByTestId(`row-${name}`).click();
      const fields = page.getByTestId(`knobs-${name}`).locator('.field');
      if ((await fields.count()) === 0) continue;
      await expect(fields.first()).toBeVisible();
      measured.push(...await fields.evaluateAll((els) => els.map((field) => {
        const label = field.querySelector('label')!;
        const slider = field.querySelector('input[type=range]')!;
        const lineHeight = parseFloat(getComputedStyle(label).lineHeight);
        return {
          label: label.textContent,
          lines: Math.round(label.getBoundingClientRect().height / lineHeight),
          slider: slider.getBoundingClientRect().width,
        };
      })));
    }
    expect(measured.length).toBeGreaterThanOrEqual(6);
    for (const { label, lines: used, slider } of measured) {
      expect(used, `${label}`).toBeLessThanOrEqual(lines);
      expect(slider, `${label}`).toBeGreaterThanOrEqual(80);
    }
  });
}

test('the six fault sections are one: an old link opens its row and cell, and the table, the row links and Back move it', async ({ page }) => {
  const errors = collectErrors(page);
  // The cell each old section stands for.
  const cells: Record<string, string> = {
    'token-drift': 'token-drift.fencing', restart: 'restart.validity', 'clock-drift': 'fast-clock.validity',
    'clock-jump': 'clock-jump.validity', 'slow-network': 'slow.validity', 'stale-accepted': 'pause.fencing',
  };
  // Which cell each old link opens is tested natively for all six
  // (study::sections::fault); two of them show the page follows it.
  for (const name of ['restart', 'slow-network']) {
    await page.goto(`./?drift_partition=3#${name}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('cell'), name).toBe(cells[name]);
    await expect(page.getByTestId(`argument-cell-${cells[name]}`).locator('button')).toHaveAttribute('aria-pressed', 'true');
    // Its figure is the only one on show, under its own heading, and the
    // old anchor puts the section's top in view.
    for (const other of SCENARIOS) {
      await expect(page.getByTestId(`verdict-${other}`), `${name}: ${other}`)[other === name ? 'toBeVisible' : 'toBeHidden']();
    }
    await expect(page.getByTestId('fault-rows').locator('[aria-current]')).toHaveAttribute('data-testid', `row-${name}`);
    await expect(page.locator('#fault')).toBeInViewport();
    // The reader's other settings are kept.
    expect(new URL(page.url()).searchParams.get('drift_partition')).toBe('3');
  }
  // A link that names its cell keeps it, whatever the fragment.
  await page.goto('./?cell=restart.delayed-restart#restart');
  await expect(page.getByTestId('verdict-restart')).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('cell')).toBe('restart.delayed-restart');
  // A cell picked in the table sets the section's row; lost messages are
  // shown by the slow network's run.
  await page.getByTestId('argument-cell-lost.fencing').locator('button').click();
  await expect(page.getByTestId('verdict-slow-network')).toBeVisible();
  await expect(page.getByTestId('fault-heading')).toHaveText('A slow network instead of a pause');
  // That run delays A's write, not the lock's messages the row's search
  // delays or loses: the section says so, where the run is read.
  await expect(page.getByTestId('fault-row-note')).toBeVisible();
  await expect(page.getByTestId('fault-row-note')).toContainText("the lock's own messages");
  await expect(page.getByTestId('fault-row-note')).toContainText("A's write");
  // A pause while acquiring has its own section, and the row says so.
  await page.getByTestId('argument-cell-pause-acquiring.none').locator('button').click();
  await expect(page.locator('#fault a[href="#acquiring"]')).toBeVisible();
  for (const name of SCENARIOS) await expect(page.getByTestId(`verdict-${name}`)).toBeHidden();
  // The row links pick a row, as the table would, even on a fragment the
  // address already names.
  await page.goto('./#restart');
  await expect(page.getByTestId('verdict-restart')).toBeVisible();
  // A row whose run is its own fault has no such note.
  await expect(page.getByTestId('fault-row-note')).toBeHidden();
  await page.getByTestId('argument-cell-clock-jump.fencing').locator('button').click();
  await expect(page.getByTestId('verdict-clock-jump')).toBeVisible();
  await page.getByTestId('row-restart').click();
  await expect(page.getByTestId('verdict-restart')).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('cell')).toBe('restart.validity');
  // Contents list the one section, not six.
  await expect(page.getByTestId('toc').locator('a[href="#fault"]')).toHaveCount(1);
  await expect(page.getByTestId('toc').locator('a[href="#restart"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the staircase shows accepted stale writes as their own outcome, and registering removes them', async ({ page }) => {
  await page.goto('./#stale-accepted');
  await expect(page.getByTestId('stale-accepted-count')).toContainText('cells are stale writes accepted');
  await page.getByTestId('preset-staircase-fenced').click();
  await expect(page.getByTestId('toggle-fencing')).toBeChecked();
  const cells = page.getByTestId('heatmap-table').locator('td', { hasText: 'stale write accepted' });
  await expect.poll(() => cells.count()).toBeGreaterThan(0);
  await page.getByTestId('preset-staircase-register').click();
  await expect(page.getByTestId('toggle-register')).toBeChecked();
  await expect.poll(() => cells.count()).toBe(0);
  await expect.poll(() => new URL(page.url()).searchParams.get('register')).toBe('1');
});

test('a scenario figure embeds in a cross-origin iframe with its knobs', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('http://127.0.0.1:4175/embed-host.html');
  const frame = page.frameLocator('#token-drift');
  await expect(frame.getByTestId('embedded')).toHaveAttribute('data-figure', 'token-drift');
  await expect(frame.getByTestId('knob-drift_ordered')).toBeChecked();
  await expect(frame.getByTestId('verdict-token-drift')).toContainText('Which system failed: nothing.');
  await expect(frame.getByTestId('open-full')).toHaveAttribute('href', /drift_ordered=1.*#token-drift$/);
  expect(errors).toEqual([]);
});

async function save(page: Page, testid: string): Promise<{ download: Download; bytes: Buffer }> {
  await reveal(page, testid);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return { download, bytes: readFileSync((await download.path())!) };
}

test('a scenario exports as SVG, PNG and JSON, and its JSON imports back into its section', async ({ page }, info) => {
  await page.goto('./?restart_remedy=1#restart');
  const svg = (await save(page, 'export-restart-svg')).bytes.toString('utf8');
  const ok = await page.evaluate((t) => new DOMParser().parseFromString(t, 'image/svg+xml').querySelector('parsererror') === null, svg);
  expect(ok).toBe(true);
  const png = (await save(page, 'export-restart-png')).bytes;
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const json = (await save(page, 'export-restart-json')).bytes.toString('utf8');
  expect(JSON.parse(json).params.fault.restart.remedy).toBe('persist');
  const text = (await save(page, 'export-restart-txt')).bytes.toString('utf8');
  expect(text).toBe(cli(['--scenario', 'restart', '--remedy']));

  await page.goto('./');
  const file = info.outputPath('restart.json');
  writeFileSync(file, json);
  await page.getByTestId('import-json').setInputFiles(file);
  await expect(page.getByTestId('knob-restart_remedy')).toHaveValue('1');
  await expect.poll(() => new URL(page.url()).searchParams.get('restart_remedy')).toBe('1');
});
