import { test, expect, Page } from '@playwright/test';
import { dlock } from './helpers';

// The same grid computed natively by dlock-core, through the CLI.
function coreGrid(args: string[]): { ttls: number[]; pauses: number[]; outcomes: string[]; waits: (number | null)[] } {
  const json = JSON.parse(dlock(['grid', ...args, '--json']));
  return {
    ttls: json.grid.ttls,
    pauses: json.grid.pause_lens,
    outcomes: json.grid.cells.map((c: { outcome: string }) => c.outcome),
    waits: json.grid.cells.map((c: { b_waited: number | null }) => c.b_waited),
  };
}

const label: Record<string, string> = {
  corrupt: 'corrupt', stale_accepted: 'stale write accepted', lost_update: 'lost update', wedged: 'wedged', stale_rejected: 'stale write rejected', clean: 'clean',
};

async function pageOutcomes(page: Page): Promise<string[]> {
  return page.getByTestId('heatmap-table').locator('td').evaluateAll((cells) => cells.map((c) => c.textContent ?? ''));
}

test('every heatmap cell matches the dlock-core grid', async ({ page }) => {
  await page.goto('./?hm_ttl=1..30&hm_pause=0..40:2&b_arrives=15');
  await expect(page.getByTestId('heatmap-agreement')).toContainText('agrees with all 630 of 630 cells');
  await expect(page.getByTestId('heatmap-table').locator('td')).toHaveCount(630);
  const fromPage = await pageOutcomes(page);
  const core = coreGrid(['--ttl', '1..30', '--pause-len', '0..40:2', '--b-arrives', '15']);
  expect(fromPage.length).toBe(630);
  expect(fromPage).toEqual(core.outcomes.map((o) => label[o]));
});

test('the command under the staircase gives the same grid in a terminal, every switch included', async ({ page }) => {
  await page.goto('./?hm_ttl=1..12&hm_pause=0..20&fencing=1&cmp=le&twice=1&register=1&recheck=9');
  const command = page.getByTestId('heatmap-command');
  // A re-check inside the pause starts it (A ran the check): the page keeps
  // the pause as drawn, and the command says so.
  await expect(command).toHaveText('dlock grid --ttl 1..12 --pause-len 0..20 --pause-from 9 --fencing --loose --b-writes-twice --register-token --recheck-at 9');
  await expect(page.getByTestId('heatmap-table').locator('td')).toHaveCount(12 * 21);
  const args = (await command.textContent())!.split(' ').slice(2);
  expect(await pageOutcomes(page)).toEqual(coreGrid(args).outcomes.map((o) => label[o]));
  // It follows the panel: fencing off drops its flags.
  await page.getByTestId('toggle-fencing').uncheck();
  await expect(command).toHaveText('dlock grid --ttl 1..12 --pause-len 0..20 --pause-from 9 --loose --b-writes-twice --register-token --recheck-at 9');
});

test('the legend explains the clean cells\' shading with the longest wait in the grid', async ({ page }) => {
  await page.goto('./?hm_ttl=1..30&hm_pause=0..40:2&b_arrives=15');
  const core = coreGrid(['--ttl', '1..30', '--pause-len', '0..40:2', '--b-arrives', '15']);
  const longest = Math.max(...core.waits.map((w) => w ?? 0));
  expect(longest).toBeGreaterThan(0);
  await expect(page.getByTestId('heatmap-wait-legend')).toHaveText(`clean cells darker the longer B waited for the lock (0 to ${longest} ticks)`);
  // B arriving after A has finished never waits: no shading, no entry.
  await page.goto('./?hm_ttl=1..5&hm_pause=0..5&b_arrives=200');
  await expect(page.getByTestId('heatmap-agreement')).toBeVisible();
  await expect(page.getByTestId('heatmap-wait-legend')).toHaveCount(0);
});

test('the staircase paints for the screen: clean cells dark by a dark page, its key kept in a contrast theme, light on paper', async ({ page }) => {
  // The clean cell at ttl 1, pause 0 (the bottom-left corner), as painted.
  const corner = async () => {
    const canvas = page.getByTestId('heatmap-canvas');
    await canvas.scrollIntoViewIfNeeded();
    return canvas.evaluate((c: HTMLCanvasElement) => {
      const scale = c.width / c.getBoundingClientRect().width;
      // The plot's margins from the layout: 52 px left, 40 px bottom.
      const [r, g, b] = c.getContext('2d')!.getImageData(Math.round((52 + 3) * scale), Math.round(c.height - (40 + 3) * scale), 1, 1).data;
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    });
  };
  const legend = page.getByTestId('heatmap-wait-legend');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./');
  await expect(legend).toContainText('clean cells darker the longer B waited');
  await expect.poll(corner).toBeGreaterThan(200);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(legend).toContainText('clean cells lighter the longer B waited');
  await expect.poll(corner).toBeLessThan(60);
  // A contrast theme (forced colours) leaves the cells' key as painted.
  await page.emulateMedia({ colorScheme: 'light', forcedColors: 'active' });
  const swatches = await page.getByTestId('heatmap').locator('.swatch').evaluateAll((els) =>
    els.map((e) => getComputedStyle(e).backgroundImage));
  expect(swatches.some((s) => s.includes('rgb(213, 94, 0)'))).toBe(true);
  // So does the lease chart's key above it.
  expect(await page.locator('.legend-line .key.o-corrupt').evaluate((e) => getComputedStyle(e).color)).toBe('rgb(213, 94, 0)');
  await page.emulateMedia({ forcedColors: 'none' });
  // Printed, the page is paper again, dark screen or not.
  await page.emulateMedia({ colorScheme: 'dark', media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect.poll(corner).toBeGreaterThan(200);
});

test('clicking a cell loads it into the lease timeline', async ({ page }) => {
  await page.goto('./');
  const table = page.getByTestId('heatmap-table');
  // Default axes: pause lengths 0..40, so pause 23 is the 24th column.
  const ttl25 = table.locator('tbody tr').filter({ has: page.locator('th[scope=row]', { hasText: /^25$/ }) });
  await expect(ttl25.locator('td').nth(23)).toHaveText('clean');
  const canvas = page.getByTestId('heatmap-canvas');
  await canvas.scrollIntoViewIfNeeded();
  // Sections render as they come into view (content-visibility: auto), so
  // the page can still settle: measure once the canvas has stopped moving.
  const twoFrames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await twoFrames();
  let box = await canvas.boundingBox();
  await expect.poll(async () => {
    await twoFrames();
    const now = await canvas.boundingBox();
    const still = JSON.stringify(now) === JSON.stringify(box);
    box = now;
    return still;
  }).toBe(true);
  if (!box) throw new Error('no canvas');
  // Default axes: ttl 1..40 (rows, bottom up), pause 0..40 (columns). The
  // plot's margins come from the layout: 52 px left, 8 top, 10 right, 40 bottom.
  const plot = { left: 52, top: 8, right: box.width - 10, bottom: box.height - 40 };
  const cellW = (plot.right - plot.left) / 41;
  const cellH = (plot.bottom - plot.top) / 40;
  const x = box.x + plot.left + (23 + 0.5) * cellW;
  const y = box.y + plot.bottom - (25 - 1 + 0.5) * cellH;
  await page.mouse.move(x, y);
  await expect(page.getByTestId('heatmap-tooltip')).toContainText('ttl 25 · pause 23 → clean');
  await page.mouse.click(x, y);
  await expect(page.getByTestId('input-ttl')).toHaveValue('25');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('23');
  await expect(page.getByTestId('final-value')).toHaveText("'AB'");
  await expect.poll(() => page.url()).toContain('ttl=25');
});

test('the keyboard walks the cells and Enter loads one', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('heatmap-canvas').focus();
  // From the current cell (ttl 10, pause 14): two up, one left, Enter.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('heatmap-tooltip')).toContainText('ttl 12 · pause 13');
  // The canvas is silent to a screen reader: a live region says the cell.
  const words = page.getByTestId('heatmap-focus-words');
  await expect(words).toHaveAttribute('aria-live', 'polite');
  await expect(words).toHaveText(await page.getByTestId('heatmap-tooltip').innerText());
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('input-ttl')).toHaveValue('12');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('13');
});

test('an embedded heatmap says what a click does there, and the link carries the cell', async ({ page }) => {
  const caption = (p: Page) => p.locator('figcaption', { hasText: 'Every cell' });
  await page.goto('./');
  // Off-screen sections skip rendering (content-visibility), and with it innerText.
  await caption(page).scrollIntoViewIfNeeded();
  await expect(caption(page)).toContainText('load a cell into the lease timeline', { useInnerText: true });
  await page.goto('./?embed=heatmap');
  // No lease timeline in the embed: the caption must not promise one.
  await expect(caption(page)).toContainText('select a cell; the full study opens it', { useInnerText: true });
  await expect(caption(page)).not.toContainText('load a cell into', { useInnerText: true });
  await page.getByTestId('heatmap-canvas').focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  // ttl 13, pause 14: B waits one tick — worded in the singular.
  await expect(page.getByTestId('heatmap-tooltip')).toHaveText('ttl 13 · pause 14 → corrupt · B waits 1 tick');
  await page.keyboard.press('Enter');
  // pause 14 is the default, so only the ttl is written.
  await expect(page.getByTestId('open-full')).toHaveAttribute('href', /\/\?v=1&ttl=13#lease$/);
});

test('fencing leaves no corrupt cell', async ({ page }) => {
  await page.goto('./');
  const table = page.getByTestId('heatmap-table');
  await expect(table.locator('td', { hasText: /^corrupt$/ }).first()).toBeAttached();
  await page.getByTestId('heatmap-fencing').check();
  await expect(table.locator('td', { hasText: /^stale write rejected$/ }).first()).toBeAttached();
  await expect(table.locator('td', { hasText: /^corrupt$/ })).toHaveCount(0);
});

test('a large grid is computed across frames and stays correct', async ({ page }) => {
  await page.goto('./?hm_ttl=1..200&hm_pause=0..199');
  await expect(page.getByTestId('heatmap-agreement')).toContainText('agrees with all 40000 of 40000 cells');
  await expect(page.getByTestId('heatmap-table').locator('td')).toHaveCount(40_000);
});

test('a bad axis list is refused with a message', async ({ page }) => {
  await page.goto('./');
  const input = page.getByTestId('input-hm_ttl');
  await input.fill('5..1');
  await input.press('Enter');
  await expect(page.getByText('range 5..1 runs backwards')).toBeVisible();
  await expect(page.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
});

for (const [where, width] of [['./', 1280], ['./', 375], ['./?embed=heatmap&', 560]] as const) {
  test(`the axis boxes show their whole lists, ${where === './' ? 'in the study' : 'embedded'} at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${where}${where.endsWith('&') ? '' : '?'}hm_ttl=1,2,4,8,16,32&hm_pause=0..300:25`);
    for (const id of ['input-hm_ttl', 'input-hm_pause']) {
      const box = page.getByTestId(id);
      await expect(box).not.toHaveValue('');
      // An input's scroll width is its text's width once that overflows.
      const [shown, needed] = await box.evaluate((el) => [el.clientWidth, el.scrollWidth]);
      expect(needed, `${id} holds "${await box.inputValue()}"`).toBeLessThanOrEqual(shown);
    }
  });
}

test('a change repaints only the heatmap layers whose picture changed', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  // Each layer leaves a performance mark when it repaints; a change is done
  // once `dlock:heatmap-painted` is marked.
  const layersAfter = (testid: string, value: string) => page.evaluate(async ([testid, value]) => {
    performance.clearMarks();
    const input = document.querySelector(`[data-testid=${testid}]`) as HTMLInputElement;
    input.value = value;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    while (!performance.getEntriesByName('dlock:heatmap-painted').length) await new Promise(requestAnimationFrame);
    return ['grid', 'axes'].filter((layer) => performance.getEntriesByName(`dlock:heatmap-${layer}-painted`).length);
  }, [testid, value]);
  // The pause length moves the marker along the grid's own axis: marks only.
  expect(await layersAfter('input-pause_len', '20')).toEqual([]);
  // B's arrival brings a new grid over the same axes: cells, not labels.
  expect(await layersAfter('input-b_arrives', '14')).toEqual(['grid']);
  // New axes: both.
  expect(await layersAfter('input-hm_ttl', '1..30')).toEqual(['grid', 'axes']);
});

test('the performance marks do not pile up as the reader explores', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  // The browser keeps every mark until it is cleared: forty repaints must
  // leave the latest of each name, not forty of each.
  const names = await page.evaluate(async () => {
    const input = document.querySelector('[data-testid=input-b_arrives]') as HTMLInputElement;
    for (let i = 0; i < 40; i++) {
      performance.clearMarks('dlock:heatmap-painted');
      input.value = String(13 - (i % 2));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      while (!performance.getEntriesByName('dlock:heatmap-painted').length) await new Promise(requestAnimationFrame);
    }
    return performance.getEntriesByType('mark').map((m) => m.name);
  });
  expect(names).toContain('dlock:heatmap-grid-painted');
  expect(names.length).toBe(new Set(names).size);
});

test('a large grid is computed in slices, so the page draws frames while it works', async ({ page }) => {
  await page.goto('./?hm_ttl=1..400&hm_pause=0..399');
  await expect(page.getByTestId('heatmap-agreement')).toContainText('160000 of 160000');
  // 160,000 simulations take far longer than a frame: computed in one go
  // they would hold the page until the grid is done, one frame at most.
  const frames = await page.evaluate(async () => {
    performance.clearMarks('dlock:grid-computed');
    const input = document.querySelector('[data-testid=input-b_arrives]') as HTMLInputElement;
    input.value = '14';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    let frames = 0;
    while (!performance.getEntriesByName('dlock:grid-computed').length) {
      await new Promise(requestAnimationFrame);
      frames += 1;
    }
    return frames;
  });
  expect(frames).toBeGreaterThan(1);
});
