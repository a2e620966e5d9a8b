import { test, expect, Page } from '@playwright/test';
import { studyBuilt } from './helpers';

async function centre(page: Page, testid: string) {
  await page.getByTestId('timeline').scrollIntoViewIfNeeded();
  const box = await page.getByTestId(testid).first().boundingBox();
  if (!box) throw new Error(`${testid} has no box`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('dragging the end of A\'s pause to length 11 makes the run clean', async ({ page }) => {
  await page.goto('./');
  const timeline = page.getByTestId('timeline');
  const start = await centre(page, 'grip-pause-start'); // tick 2
  const end = await centre(page, 'grip-pause-end');     // tick 16
  const pxPerTick = (end.x - start.x) / 14;
  await page.mouse.move(end.x, end.y);
  await page.mouse.down();
  await page.mouse.move(end.x - 3 * pxPerTick, end.y, { steps: 6 });
  await page.mouse.up();
  await expect(page.getByTestId('input-pause_len')).toHaveValue('11');
  await expect(page.getByTestId('final-value')).toHaveText("'AB'");
  await expect(page.getByTestId('stale-overwrites')).toHaveText('0');
  await expect(timeline).toContainText("write 'AB'");
  await expect.poll(() => page.url()).toContain('pause_len=11');
  // The section's prose follows: it no longer says a stale write landed.
  await expect(page.getByTestId('lanes-contrast')).toContainText('no write on the resource lane undoes another');

  // Back to 14 by typing, then fencing on: A's stale write is rejected.
  await page.getByTestId('input-pause_len').fill('14');
  await page.getByTestId('input-pause_len').press('Enter');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await expect(page.getByTestId('lanes-contrast')).toContainText("A's stale write lands over B's");
  await page.getByTestId('toggle-fencing').check();
  await expect(timeline).toContainText("write 'A' · token 1 · REJECTED");
  await expect(page.getByTestId('final-value')).toHaveText("'B'");
  await expect.poll(() => page.url()).toContain('fencing=1');
});

test('dragging B\'s arrival to 100 leaves the data perfect and the write unlocked', async ({ page }) => {
  await page.goto('./?b_arrives=20');
  await expect(page.getByTestId('input-b_arrives')).toHaveValue('20');
  const grip = await centre(page, 'grip-b-arrival');
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await page.mouse.move(grip.x + 2000, grip.y, { steps: 8 });
  await page.mouse.up();
  const arrives = Number(await page.getByTestId('input-b_arrives').inputValue());
  expect(arrives).toBeGreaterThan(20);
  await expect(page.getByTestId('final-value')).toHaveText("'AB'");
  await expect(page.getByTestId('unlocked-writes')).toHaveText('1');
});

test('the unfenced and fenced runs differ in exactly one transcript line', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('timeline-other')).toContainText('REJECTED');
  const diff = page.getByTestId('diff-lines');
  await expect(diff).toContainText('differ (1)');
  await expect(diff).toContainText('REJECTED (stale token)');
});

test('the keyboard drives the cursor and the cursor panel reads the lock', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('timeline-keys').focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('cursor-tick')).toHaveText('9');
  await expect(page.getByTestId('cursor-holder')).toHaveText('A');
  // The transcript's line for what is going on: A is still paused.
  await expect(page.getByTestId('cursor-lines')).toHaveText(/^t=2 +A +pause +stopped until t=16/);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('cursor-holder')).toHaveText('nobody');
  await expect.poll(() => page.url()).toContain('t=10');
  await page.keyboard.press('End');
  await expect(page.getByTestId('cursor-value')).toHaveText("'A'");
  await expect(page.getByTestId('cursor-lines')).toContainText('A  release');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('cursor-lines')).toContainText("'A' with token 1: ACCEPTED");
});

test('play advances the cursor by itself and stops at the end', async ({ page }) => {
  await page.goto('./?t=14');
  await expect(page.getByTestId('cursor-tick')).toHaveText('14');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('cursor-tick')).toHaveText('17');
  await expect(page.getByTestId('play')).toHaveText(/Play/);
});

test('a shared link restores the view, and a bad one says what it changed', async ({ page }) => {
  await page.goto('./?ttl=25&pause_len=26&fencing=1');
  await expect(page.getByTestId('input-ttl')).toHaveValue('25');
  await expect(page.getByTestId('final-value')).toHaveText("'B'");
  await page.goto('./?ttl=1e18&n=0&bogus=%3Cscript%3E');
  const notices = page.getByTestId('notices');
  await expect(notices).toContainText('ttl');
  await expect(notices).toContainText('1..=10000');
  await expect(notices).toContainText('n = 0 is outside 1..=101');
  await expect(page.locator('script:not([src]):not([type])')).toHaveCount(0);
  await page.getByTestId('dismiss-notices').click();
  await expect(notices).toHaveCount(0);
});

test('the timeline has a data-table alternative: every event and every lease', async ({ page }) => {
  await page.goto('./');
  const tables = page.getByTestId('timeline').getByTestId('timeline-tables');
  await expect(tables.locator('caption')).toHaveText(['Events of this run, in order', 'Leases granted by each server']);
  const transcript = (await page.getByTestId('transcript').textContent()) ?? '';
  const events = tables.locator('table').first().locator('tbody tr');
  const lines = transcript.split('\n').filter((l) => /^t=\d/.test(l)).length;
  await expect(events).toHaveCount(lines);
  await expect(events.filter({ hasText: "'A' with token 1: ACCEPTED" })).toHaveText(["16Awrite'A' with token 1: ACCEPTED"]);
  await expect(tables.locator('table').nth(1).locator('tbody tr')).toHaveCount(10);
  await expect(tables.locator('table').nth(1).locator('tbody tr').first()).toHaveText('1A1[0, 10)');
});

test('a change that stretches the run redraws only the main timeline until the hand stops', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  // The fenced copy and the re-checks are below the opening: on the plain
  // page they are built after it is live, and a figure built during the
  // change below would look like one redrawn by it.
  await studyBuilt(page);
  // A longer pause makes the run, and with it the shared time axis, longer.
  // The main timeline is redrawn at once; the fenced copy and the re-check
  // multiples follow the settled parameters, on their own axis, so they keep
  // their drawing (the same nodes) until the parameters have stood still.
  const figures = ['timeline', 'timeline-other', 'recheck-9', 'recheck-write'];
  const seen = await page.evaluate(async (figures) => {
    const first = (id: string) => document.querySelector(`[data-testid=${id}] g.drawing > *`);
    const before = figures.map(first);
    const input = document.querySelector('[data-testid=input-pause_len]') as HTMLInputElement;
    input.value = '30';
    input.dispatchEvent(new Event('change', { bubbles: true }));
    // A zero timeout runs after the app's reactive updates and before the
    // settle timer, which was set earlier for a later time.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { drawn: before.map((node) => node !== null), kept: figures.map((id, i) => first(id) === before[i]) };
  }, figures);
  // Each was drawn before the change: one not there yet is not "kept".
  expect(seen.drawn).toEqual([true, true, true, true]);
  expect(seen.kept).toEqual([false, true, true, true]);
  // Once settled they follow: the fenced copy's axis reaches A's late write.
  await expect(page.getByTestId('timeline-other').locator('svg')).toContainText('A writes (t=32)');
});

/** Where drawn labels and diamonds overlap in every timeline on the page,
 * and which diamonds in view a bar covers (hiding its tooltip). */
async function overlaps(page: Page) {
  return page.evaluate(() => {
    const hit = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const found: string[] = [];
    for (const svg of Array.from(document.querySelectorAll('svg.timeline-svg'))) {
      // A scenario's timeline off its row of "One fault, up close" is not
      // laid out: nothing there can cover anything.
      if (svg.getClientRects().length === 0) continue;
      const fig = svg.closest('[data-testid]')?.getAttribute('data-testid') ?? '?';
      const diamonds = Array.from(svg.querySelectorAll('g.point polygon'));
      for (const label of Array.from(svg.querySelectorAll('text.bar-label'))) {
        const l = label.getBoundingClientRect();
        for (const d of diamonds) {
          if (hit(l, d.getBoundingClientRect())) found.push(`${fig}: "${label.textContent}" under a diamond`);
        }
      }
      for (const d of diamonds) {
        const r = d.getBoundingClientRect();
        if (r.bottom < 0 || r.top > innerHeight) continue;
        // Drag handles sit on top on purpose, and two events in one tick
        // share a spot; anything else on top hides the diamond and its tooltip.
        const top = document
          .elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)
          .find((e) => !e.classList.contains('grip'));
        if (top && !top.closest('g.point')) {
          const by = top.getAttribute('class') ?? top.parentElement?.getAttribute('class');
          found.push(`${fig}: a diamond (${d.parentElement!.getAttribute('class')}) is covered by ${top.tagName} ${by}`);
        }
      }
    }
    return found;
  });
}

for (const width of [1280, 390]) {
  test(`no label sits under a diamond and no diamond is covered, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('./?recheck=9');
    await expect(page.getByTestId('timeline')).toContainText('check: yes');
    const found: string[] = [];
    for (const id of ['timeline', 'timeline-other', 'recheck']) {
      const fig = page.getByTestId(id).first();
      await fig.scrollIntoViewIfNeeded();
      for (const svg of await fig.locator('svg.timeline-svg').all()) {
        await svg.scrollIntoViewIfNeeded();
        found.push(...(await overlaps(page)));
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });
}

test('where an instant\'s dotted line crosses a label or an axis number, the label is on top', async ({ page }) => {
  // At 360 px the labels stack in rows, and the lines of the lower rows
  // pass the labels of the upper ones and the axis' numbers.
  await page.setViewportSize({ width: 360, height: 900 });
  await page.goto('./');
  const svg = page.getByTestId('timeline').locator('svg.timeline-svg');
  await svg.scrollIntoViewIfNeeded();
  // Polled: hit-testing right after the scroll can miss the figure.
  const measure = () => svg.evaluate((svg) => {
    const lines = [...svg.querySelectorAll('.instant-lines line')];
    const labels = [...svg.querySelectorAll('.instant text, .axis-tick text')];
    // The page lets pointers through these (a drag must reach the
    // handles); hit-test them here as painted shapes.
    for (const e of [...lines, ...labels]) (e as SVGElement).style.pointerEvents = 'visiblePainted';
    let crossings = 0;
    let throughInstantLabels = 0;
    const under: string[] = [];
    for (const line of lines) {
      const x = line.getBoundingClientRect().left;
      const top = line.getBoundingClientRect().top;
      const bottom = line.getBoundingClientRect().bottom;
      for (const label of labels) {
        const box = label.getBoundingClientRect();
        const y = box.top + box.height / 2;
        if (x <= box.left + 1 || x >= box.right - 1 || y <= top || y >= bottom) continue;
        crossings += 1;
        if (label.closest('.instant')) throughInstantLabels += 1;
        const hit = document.elementFromPoint(x, y);
        if (hit !== label) under.push(`${label.textContent} is under ${hit?.tagName}`);
      }
    }
    return { crossings, throughInstantLabels, under };
  });
  // The lines pass the axis' numbers (labels on top), never another
  // instant's label: those hang from their own lines, out of the way.
  await expect.poll(measure).toEqual({ crossings: expect.any(Number), throughInstantLabels: 0, under: [] });
  expect((await measure()).crossings).toBeGreaterThan(0);
  // The halo that hides the line between the letters is the page's
  // background, in forced colours (a system contrast theme) too.
  for (const [colorScheme, forcedColors] of [['light', 'none'], ['dark', 'none'], ['dark', 'active'], ['light', 'active']] as const) {
    await page.emulateMedia({ colorScheme, forcedColors });
    const [order, halo, ground] = await svg.locator('.instant text').first().evaluate((t) =>
      [getComputedStyle(t).paintOrder, getComputedStyle(t).stroke, getComputedStyle(document.body).backgroundColor]);
    expect(order).toMatch(/^stroke/);
    expect(halo, `${colorScheme}, forced colours ${forcedColors}`).toBe(ground);
  }
});

test('a focused drag handle moves with the arrow and page keys', async ({ page }) => {
  await page.goto('./');
  const main = page.getByTestId('timeline');
  const end = main.getByTestId('grip-pause-end');
  await end.focus();
  await expect(end).toHaveAttribute('aria-valuenow', '16');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('11');
  await expect(page.getByTestId('final-value')).toHaveText("'AB'");
  // The drawing is replaced as the run changes, and again once the settled
  // parameters (the address, the fenced copy, the shared axis) catch up:
  // the handle keeps the focus through both, so the next key still works.
  await expect.poll(() => page.url()).toContain('pause_len=11');
  await expect(page.getByTestId('timeline-other').getByTestId('grip-pause-end')).toHaveAttribute('aria-valuenow', '13');
  await expect(main.getByTestId('grip-pause-end')).toBeFocused();
  await expect(main.getByTestId('grip-pause-end')).toHaveAttribute('aria-valuenow', '13');
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('21');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");

  const arrival = main.getByTestId('grip-b-arrival');
  await arrival.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('input-b_arrives')).toHaveValue('13');
  await expect.poll(() => page.url()).toContain('b_arrives=13');
});

test('a drag handle is a slider with its own range, and Home and End take it there', async ({ page }) => {
  await page.goto('./');
  const main = page.getByTestId('timeline');
  const start = main.getByTestId('grip-pause-start');
  // Without a range ARIA assumes 0 to 100: a pause ending at t=150 would be over its maximum.
  await expect(start).toHaveAttribute('aria-valuemin', '2');
  await expect(start).toHaveAttribute('aria-valuemax', '16');
  await expect(start).toHaveAttribute('aria-valuetext', 't=2');
  await start.focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('input-pause_from')).toHaveValue('16');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('0');
  await expect(main.getByTestId('grip-pause-start')).toBeFocused();
  // The key went to the handle, not to the timeline's cursor around it
  // (End there jumps the cursor to the last tick).
  await expect(page.getByTestId('scrubber')).toHaveValue('0');
  await page.keyboard.press('Home');
  await expect(page.getByTestId('input-pause_from')).toHaveValue('2');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('14');

  const end = main.getByTestId('grip-pause-end');
  await expect(end).toHaveAttribute('aria-valuemin', '2');
  await expect(end).toHaveAttribute('aria-valuemax', '10002');
  const arrival = main.getByTestId('grip-b-arrival');
  await expect(arrival).toHaveAttribute('aria-valuemin', '0');
  await expect(arrival).toHaveAttribute('aria-valuemax', '10000');
  await arrival.focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('input-b_arrives')).toHaveValue('0');
  await expect(main.getByTestId('grip-b-arrival')).toHaveAttribute('aria-valuetext', 't=0');
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

  test('a swipe over a timeline scrolls the page, and a handle still drags', async ({ page }) => {
    await page.goto('./#recheck');
    const cdp = await page.context().newCDPSession(page);
    // Timelines stacked: a phone reader must be able to scroll past them
    // with a finger that lands on a drawing, not on a handle.
    const svg = page.getByTestId('recheck-9').locator('svg');
    await svg.scrollIntoViewIfNeeded();
    const box = await svg.boundingBox();
    if (!box) throw new Error('no timeline');
    const before = await page.evaluate(() => window.scrollY);
    const [x0, y0] = [Math.round(box.x + box.width * 0.6), Math.round(box.y + box.height * 0.6)];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
    for (let i = 1; i <= 10; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0, y: y0 - i * 20 }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 100);

    // A finger on B's arrival handle drags it, even a few pixels off it.
    await page.goto('./#corrupted');
    const grip = page.getByTestId('timeline').getByTestId('grip-b-arrival');
    await grip.scrollIntoViewIfNeeded();
    const g = await grip.boundingBox();
    if (!g) throw new Error('no handle');
    // 9 px from its centre: outside the handle's 10 px, inside what a
    // coarse pointer may hit.
    const [x, y] = [Math.round(g.x + g.width / 2 - 9), Math.round(g.y + g.height / 2)];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + i * 10, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(page.getByTestId('input-b_arrives')).not.toHaveValue('12');
  });

  test('the staircase and the lease chart say tap, not hover and click', async ({ page }) => {
    await page.goto('./#lease');
    await expect(page.getByText('Tap a cell for its details')).toBeVisible();
    await expect(page.getByText('Hover for details')).toBeHidden();
    await expect(page.getByTestId('lease-lengths').getByText('tap', { exact: true })).toBeVisible();
  });
});

test('with a mouse the staircase says hover and click', async ({ page }) => {
  await page.goto('./#lease');
  await expect(page.getByText('Hover for details')).toBeVisible();
  await expect(page.getByText('Tap a cell for its details')).toBeHidden();
  await expect(page.getByTestId('lease-lengths').getByText('click', { exact: true })).toBeVisible();
});
