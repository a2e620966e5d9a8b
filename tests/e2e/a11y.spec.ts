import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { studyBuilt } from './helpers';

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious accessibility violation (${scheme} theme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    // With the cursor set, so the cursor panel's state and lines are checked too.
    await page.goto('./?t=10');
    await expect(page.getByTestId('cursor-lines')).toBeVisible();
    await expect(page.getByTestId('heatmap-agreement')).toContainText('of');
    // Off-screen sections skip rendering; render them all so axe checks the
    // whole study, not only the first screen.
    await page.evaluate(() => document.querySelectorAll<HTMLElement>('.study-section').forEach((s) => { s.style.contentVisibility = 'visible'; }));
    // 'region' (text outside a landmark) is a moderate best practice, which
    // the filter below drops anyway; over this page it was half of axe's time.
    const results = await new AxeBuilder({ page }).disableRules(['region']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious).toEqual([]);
  });
}

test("a section's heading and its region are named by its title alone", async ({ page }) => {
  await page.goto('./');
  const titles = await page.locator('.study-section h2').allTextContents();
  expect(titles.length).toBeGreaterThan(10);
  // The permalink beside each heading keeps its own name, outside the title.
  for (const title of [titles[0], 'Do more lock servers help?', titles[titles.length - 1]]) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toHaveCount(1);
    await expect(page.getByRole('region', { name: title, exact: true })).toHaveCount(1);
    await expect(page.getByRole('link', { name: `Link to “${title}”`, exact: true })).toHaveCount(1);
  }
});

test('a change in the parameters is heard: the verdict under them is a live region', async ({ page }) => {
  await page.goto('./');
  const verdict = page.getByTestId('verdict-sentence');
  await expect(verdict).toHaveAttribute('aria-live', 'polite');
  await expect(verdict).toContainText("Final value 'A' — corrupt.");
  // Keyboard only: the lease ttl's slider, ten steps up, past A's pause.
  await page.getByRole('slider', { name: 'lease ttl', exact: true }).focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('input-ttl')).toHaveValue('20');
  await expect(verdict).toContainText("Final value 'AB' — clean.");
});

test('tabbing backwards, no focused control hides under the sticky contents', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await studyBuilt(page);
  await page.locator('a').last().focus();
  const covered: string[] = [];
  let seen = 0;
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Shift+Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || el.closest('.toc')) return null;
      const contents = document.querySelector('.toc')!.getBoundingClientRect().bottom;
      const top = el.getBoundingClientRect().top;
      return { name: el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40) ?? el.tagName, top, contents };
    });
    if (!at) continue;
    seen++;
    if (at.top < at.contents) covered.push(`${at.name}: top ${Math.round(at.top)} under ${Math.round(at.contents)}`);
  }
  expect(seen).toBeGreaterThan(100);
  expect(covered).toEqual([]);
});

// axe does not measure text drawn in SVG: the labels on the timeline's
// full-colour bars ("lock held by" A, B, both) are measured here.
for (const scheme of ['light', 'dark'] as const) {
  test(`labels on the timeline's full-colour bars keep a 4.5:1 contrast (${scheme} theme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const measure = () => page.evaluate(() => {
      const rgb = (c: string) => (c.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => { const x = v / 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      return [...document.querySelectorAll('.bar.held-a, .bar.held-b, .bar.held-both')]
        .filter((bar) => bar.querySelector('.bar-label'))
        .map((bar) => {
          const [a, b] = [luminance(getComputedStyle(bar.querySelector('.bar-label')!).fill), luminance(getComputedStyle(bar.querySelector('rect')!).fill)];
          return { bar: bar.getAttribute('class'), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
        });
    });
    // The study's run: A's hold, then B's; the restart scenario: both at once.
    await page.goto('./?embed=timeline');
    await expect(page.locator('svg.timeline-svg .bar.held-b')).not.toHaveCount(0);
    const ratios = await measure();
    await page.goto('./?embed=restart');
    await expect(page.locator('svg.timeline-svg .bar.held-both')).not.toHaveCount(0);
    ratios.push(...(await measure()));
    expect(new Set(ratios.map((r) => r.bar))).toEqual(new Set(['bar held-a', 'bar held-b', 'bar held-both']));
    expect(ratios.filter((r) => r.ratio < 4.5)).toEqual([]);
  });
}

test('an embedded figure has no accessibility violation and names itself in a heading', async ({ page }) => {
  for (const [figure, title] of [['timeline', 'the lease timeline'], ['heatmap', 'the ttl × pause staircase'], ['restart', 'A lock server restarts without its state'], ['timeline&controls=0', 'the lease timeline']]) {
    await page.goto(`./?embed=${figure}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`dlock: ${title}`);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${figure}: ${v.id}`)).toEqual([]);
  }
});

test('every control is reachable by keyboard with a visible focus ring', async ({ page }) => {
  await page.goto('./');
  const seen = new Set<string>();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return null;
      const style = getComputedStyle(el);
      return { id: el.getAttribute('data-testid') ?? el.tagName, outline: style.outlineStyle };
    });
    if (info && info.id !== 'BODY') {
      seen.add(info.id);
      expect(info.outline, info.id).not.toBe('none');
    }
  }
  for (const id of ['input-n', 'toggle-fencing', 'grip-pause-start', 'timeline-keys', 'play']) {
    expect(seen.has(id), id).toBe(true);
  }
});

test('the page is usable at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toBeVisible();
  await studyBuilt(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Every data table fits its column, so its verdict column is on screen
  // without a sideways scroll.
  const tables = await page.locator('table.data').evaluateAll((els) =>
    els.map((t) => ({ figure: t.closest('[data-testid]')?.getAttribute('data-testid'), over: t.scrollWidth - (t.parentElement?.clientWidth ?? 0) })));
  expect(tables.length).toBeGreaterThanOrEqual(3);
  expect(tables.filter((t) => t.over > 0)).toEqual([]);
});

test('at 360 px the check table keeps its counterexample lengths and fits its column', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('./#every-schedule');
  await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
  const failing = page.getByTestId('check-matrix').locator('td.fails button');
  expect(await failing.count()).toBeGreaterThan(0);
  // Each ✘ shows its length, which the key below the table refers to.
  for (const text of await failing.allInnerTexts()) expect(text.replace(/\s+/g, ' ').trim()).toMatch(/^✘ \d+$/);
  const over = await page.getByTestId('check-matrix').evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0));
  expect(over).toBeLessThanOrEqual(0);
});

test('at 320 px no control sticks out of its column', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toBeVisible();
  await studyBuilt(page);
  // Measured once the fault × remedy table has every cell's words, which
  // change its width: measured while it searched, the verdict depended on
  // how far the searches had got. Its last column sticks out at 320 px
  // (it fits 360, its own test's width); making it fit a phone's narrowest
  // frame is issue 68's, so it is left out here, and counted.
  await expect(page.getByTestId('argument-status')).toContainText(/All \d+ cells searched/);
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const out = await page.locator('main button, main input, main select, main textarea').evaluateAll((els, w) =>
    els.filter((e) => !e.closest('.visually-hidden') && !e.closest('[data-testid=argument-table]'))
      .map((e) => ({ id: e.getAttribute('data-testid') ?? e.tagName, right: Math.round(e.getBoundingClientRect().right) }))
      .filter((c) => c.right > w), width);
  expect(out).toEqual([]);
  // What is left out is the table's cells alone, and they are all there.
  await expect(page.getByTestId('argument-table').locator('td button')).toHaveCount(49);
});

test.describe('under a text-spacing override (WCAG 1.4.12)', () => {
  // A reader's own stylesheet; the page's policy would refuse it inline.
  test.use({ bypassCSP: true });
  for (const query of ['', 'fencing=1', 'b_arrives=100', 'embed=recheck']) {
    test(`the timeline's labels stay in their drawing at 400 px (?${query})`, async ({ page }) => {
      await page.setViewportSize({ width: 400, height: 800 });
      await page.goto(`./?${query}`);
      await expect(page.locator('svg.timeline-svg text').first()).toBeVisible();
      await page.addStyleTag({ content: '* { letter-spacing: 0.12em !important; word-spacing: 0.16em !important; line-height: 1.5 !important; }' });
      const out = await page.locator('svg.timeline-svg').evaluateAll((svgs) => svgs.flatMap((svg) => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].filter((t) => {
          const b = t.getBoundingClientRect();
          return b.width > 0 && (b.left < box.left - 0.5 || b.right > box.right + 0.5);
        }).map((t) => t.textContent);
      }));
      expect(out).toEqual([]);
    });
  }
});
