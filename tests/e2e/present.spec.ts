import { test, expect, Page } from '@playwright/test';
import { collectErrors, dlock } from './helpers';

// Presentation mode: a teacher projects one figure in a lecture hall and
// steps through it with a clicker.

const FIGURES = ['timeline', 'argument', 'heatmap', 'recheck', 'sweeps', 'audit', 'both-sides', 'acquiring', 'real', 'check',
  'token-drift', 'restart', 'clock-drift', 'slow-network', 'stale-accepted', 'clock-jump'];

/** The smallest text in the presented figure as drawn, in CSS px, with where it is. */
async function smallestText(page: Page): Promise<{ px: number; where: string }> {
  return page.getByTestId('presented').evaluate((root: HTMLElement) => {
    let smallest = { px: Infinity, where: '' };
    const note = (px: number, el: Element, text: string) => {
      if (px < smallest.px) smallest = { px, where: `${el.tagName}.${el.getAttribute('class') ?? ''}: ${text.trim().slice(0, 40)}` };
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const el = node.parentElement;
      if (!el || text.trim() === '') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.visually-hidden, title, desc, style')) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGElement) {
        const ctm = (el as SVGGraphicsElement).getScreenCTM();
        note(size * (ctm ? Math.hypot(ctm.a, ctm.b) : 1), el, text);
      } else {
        note(size, el, text);
      }
    }
    return smallest;
  });
}

const tick = async (page: Page) => Number((await page.getByTestId('presented').locator('.cursor-readout').textContent())?.replace('t=', ''));

test('present=1 fills a 1920 × 1080 window with the opening timeline, labels at least 20 px, controls in view', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('./?present=1');
  const presented = page.getByTestId('presented');
  await expect(presented).toBeVisible();
  await expect(presented.locator('.timeline-svg')).toBeVisible();
  const smallest = await smallestText(page);
  expect(smallest.px, `${smallest.px.toFixed(1)} px at ${smallest.where}`).toBeGreaterThanOrEqual(20);
  // The run's state in one sentence, in large type.
  const state = page.getByTestId('present-state');
  await expect(state).toContainText('The whole run: holder of a quorum at');
  expect(parseFloat(await state.evaluate((p) => getComputedStyle(p).fontSize))).toBeGreaterThanOrEqual(20);
  // The playback bar is on screen, not below the fold (at 1280 × 720, and
  // at 150% zoom there: 853 × 480), and its buttons are large.
  expect(parseFloat(await presented.getByTestId('play').evaluate((b) => getComputedStyle(b).fontSize))).toBeGreaterThanOrEqual(20);
  for (const [w, h] of [[1920, 1080], [1280, 720], [853, 480]]) {
    await page.setViewportSize({ width: w, height: h });
    const play = presented.getByTestId('play');
    await expect.poll(async () => {
      const box = await play.boundingBox();
      return box !== null && box.y + box.height <= h;
    }, { message: `at ${w} × ${h}` }).toBe(true);
  }
  expect(errors).toEqual([]);
});

test('in presentation the keys work without focus: a clicker\'s Page Down and Page Up step by event, arrows by tick, Space plays, Esc leaves', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('./?present=1');
  const presented = page.getByTestId('presented');
  await expect(presented).toBeVisible();
  // Nothing has been clicked: the keys go to the page.
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('present-state')).toContainText('t=0: the lock is held by');
  await page.keyboard.press('PageDown');
  const second = await tick(page);
  expect(second).toBeGreaterThan(0);
  await expect(page.getByTestId('present-state')).toContainText(`t=${second}:`);
  await page.keyboard.press('ArrowRight');
  expect(await tick(page)).toBe(second + 1);
  await page.keyboard.press('PageUp');
  expect(await tick(page)).toBe(second);
  await page.keyboard.press('End');
  const last = await tick(page);
  expect(last).toBeGreaterThan(second);
  await page.keyboard.press('Home');
  expect(await tick(page)).toBe(0);
  await page.keyboard.press(' ');
  await expect(presented.getByTestId('play')).toHaveText('❚❚ Pause');
  await page.keyboard.press(' ');
  await expect(presented.getByTestId('play')).toHaveText('▶ Play');
  // The address carries the cursor and the mode: a link reopens this.
  await expect(page).toHaveURL(/present=1/);
  await page.keyboard.press('Escape');
  await expect(presented).toHaveCount(0);
  await expect(page.getByTestId('title')).toBeVisible();
  await expect(page).not.toHaveURL(/present=/);
});

test('a clicker\'s Page Down stops where A\'s lease runs out, the moment the lecture is about', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('./?present=1');
  await expect(page.getByTestId('presented')).toBeVisible();
  // A's lease ends where dlock run says it does, while A sleeps.
  const run = JSON.parse(dlock(['run', '--json']));
  const aEnd = Math.max(...run.grants.filter((g: { client: string }) => g.client === 'A').map((g: { end: number }) => g.end));
  await page.keyboard.press('End');
  await expect.poll(() => tick(page)).toBeGreaterThan(aEnd);
  const last = await tick(page);
  await page.keyboard.press('Home');
  await expect.poll(() => tick(page)).toBe(0);
  // Each Page Down moves on (waited for, not assumed), until the last tick.
  const visited: number[] = [0];
  while (visited[visited.length - 1] < last) {
    const before = visited[visited.length - 1];
    await page.keyboard.press('PageDown');
    await expect.poll(() => tick(page)).toBeGreaterThan(before);
    visited.push(await tick(page));
  }
  expect(visited, `${visited}`).toContain(aEnd);
  // Its twin: the writes are still stops too.
  for (const w of run.writes) expect(visited, `${visited}`).toContain(w.t);
});

test('the Present button beside the timeline presents it, and a figure by its embed name or in a frame presents that figure', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('present').click();
  await expect(page.getByTestId('presented')).toBeVisible();
  await expect(page).toHaveURL(/present=1/);
  await page.getByTestId('present-leave').click();
  await expect(page.getByTestId('presented')).toHaveCount(0);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('./?present=heatmap');
  await expect(page.getByTestId('presented')).toContainText('the ttl × pause staircase');
  await expect(page.getByTestId('presented').getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  // The staircase is laid out at half the window's width less its frame
  // ((1920 − 48) / 2 = 936 px) and shown twice as large, so its 10–11 px
  // labels reach 20 px and more.
  const shown = await page.locator('.presented .heat-wrap canvas').first().evaluate((c) => c.getBoundingClientRect().width);
  expect(shown).toBeGreaterThanOrEqual(2 * 936 - 1);
  // In a frame: the embedded figure, and Esc returns to it.
  await page.goto('./?embed=timeline&present=1');
  await expect(page.getByTestId('presented')).toBeVisible();
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('present-state')).toContainText('t=0:');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('presented')).toHaveCount(0);
  await expect(page.getByTestId('embedded').getByTestId('timeline')).toBeVisible();
});

for (const figure of FIGURES) {
  test(`any figure can be projected: present=${figure} at 1920 × 1080 has no word under 20 px`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`./?present=${figure}`);
    const presented = page.getByTestId('presented');
    await expect(presented).toBeVisible();
    await expect(presented.locator('svg text, td, canvas, dd').first()).toBeVisible();
    const smallest = await smallestText(page);
    expect(smallest.px, `${smallest.px.toFixed(1)} px at ${smallest.where}`).toBeGreaterThanOrEqual(20);
    expect(errors).toEqual([]);
  });
}

test('a presented figure taller than the window scrolls with a clicker\'s Page Down, without a click first', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('./?present=both-sides');
  const presented = page.getByTestId('presented');
  await expect(presented.locator('td').first()).toBeVisible();
  expect(await presented.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  // Wherever the focus is: given to the frame as it mounts, or lost.
  for (const focus of ['as mounted', 'lost']) {
    if (focus === 'lost') {
      await presented.evaluate((el) => { el.scrollTop = 0; (document.activeElement as HTMLElement | null)?.blur(); });
      expect(await presented.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    }
    await page.keyboard.press('PageDown');
    await expect.poll(() => presented.evaluate((el) => el.scrollTop), focus).toBeGreaterThan(0);
  }
});

test('presented, the state sentence stays in the window at every event, at 1920 × 1080 and at 1280 × 720', async ({ page }) => {
  for (const [width, height] of [[1920, 1080], [1280, 720]]) {
    await page.setViewportSize({ width, height });
    await page.goto('about:blank');
    await page.goto('./?present=timeline');
    await expect(page.getByTestId('presented')).toBeVisible();
    const state = page.getByTestId('present-state');
    await page.keyboard.press('End');
    const final = await tick(page);
    await page.keyboard.press('Home');
    let now = 0;
    for (;;) {
      await expect(state).toContainText(`t=${now}:`);
      const box = (await state.boundingBox())!;
      expect(box.y + box.height, `${width}×${height} at t=${now}`).toBeLessThanOrEqual(height);
      if (now >= final) break;
      await page.keyboard.press('PageDown');
      const before = now;
      await expect.poll(() => tick(page)).toBeGreaterThan(before);
      now = await tick(page);
    }
    // The drawing is still there above it, whole.
    const svg = (await page.getByTestId('presented').locator('.timeline-svg').boundingBox())!;
    expect(svg.y + svg.height).toBeLessThanOrEqual((await state.boundingBox())!.y);
  }
});

test('a presented staircase is painted at the size it is shown, and fits 1080 px with its axis and key', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('./?present=heatmap');
  const presented = page.getByTestId('presented');
  await expect(presented.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('dlock:heatmap-axes-painted').length)).toBeGreaterThan(0);
  // Every layer: as many device pixels as it covers on screen, not a
  // smaller bitmap stretched.
  const layers = await presented.locator('.heat-wrap canvas').evaluateAll((canvases) => canvases.map((c) => {
    const box = c.getBoundingClientRect();
    return [(c as HTMLCanvasElement).width / (box.width * devicePixelRatio), (c as HTMLCanvasElement).height / (box.height * devicePixelRatio)];
  }));
  expect(layers.length).toBe(3);
  for (const [across, down] of layers) {
    expect(across).toBeCloseTo(1, 2);
    expect(down).toBeCloseTo(1, 2);
  }
  // Its twin: it is shown large, as wide as the window allows.
  expect((await presented.locator('.heat-wrap canvas').first().boundingBox())!.width).toBeGreaterThan(1800);
  // The whole figure in the window: nothing to scroll, the key on screen.
  expect(await presented.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  const key = (await presented.getByTestId('heatmap-wait-legend').boundingBox())!;
  expect(key.y + key.height).toBeLessThanOrEqual(1080);
});
