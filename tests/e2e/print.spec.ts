import { test, expect, Page } from '@playwright/test';
import { dlock } from './helpers';

// A teacher prints the study as a handout.

test('printed, the study keeps its argument and figures and drops the screen-only controls', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await page.emulateMedia({ media: 'print' });
  for (const hidden of ['toc', 'playback', 'tools-timeline', 'reset-study']) {
    await expect(page.getByTestId(hidden)).toBeHidden();
  }
  for (const shown of ['timeline', 'heatmap', 'recheck', 'verdict-sentence', 'reading']) {
    await expect(page.getByTestId(shown).first()).toBeVisible();
  }
  // Every section is laid out for paper, even one never scrolled to, and
  // no drawing is cut in two by a page break.
  const styles = await page.evaluate(() => ({
    sections: [...new Set([...document.querySelectorAll('.study-section')].map((s) => getComputedStyle(s).contentVisibility))],
    drawings: [...new Set([...document.querySelectorAll('figure svg.timeline-svg, figure canvas')].map((f) => getComputedStyle(f).breakInside))],
  }));
  expect(styles).toEqual({ sections: ['visible'], drawings: ['avoid'] });
});

test('a reader in dark mode prints dark ink on white, the heatmap canvas included', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./');
  await expect(page.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  // The mean colour of the axis labels' ink on their canvas layer.
  const ink = () => page.locator('.heat-wrap canvas.heat-layer').first().evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let sum = 0, n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200) { sum += data[i] + data[i + 1] + data[i + 2]; n++; }
    return n ? sum / (3 * n) : -1;
  });
  expect(await ink()).toBeGreaterThan(150);
  // The browser announces printing with these events; the canvas is
  // repainted in dark ink for paper, and back afterwards. (The media stays
  // "screen" here: switching it would also tell the page that the colour
  // scheme changed, which a real print does not.)
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  await expect.poll(ink).toBeLessThan(100);
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));
  await expect.poll(ink).toBeGreaterThan(150);
  // The page around it is white paper with dark text.
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  expect(await page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]))
    .toEqual(['rgb(255, 255, 255)', 'rgb(27, 31, 36)']);
});

/** The controls a printed page still lays out: none should be. */
async function visibleControls(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('main button, main input, main select, main textarea, main summary, main progress')]
    .filter((el) => (el as HTMLElement).checkVisibility())
    .map((el) => `${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 30)}`));
}

test('a handout: no control on paper, the parameters written out, links with their addresses, the check table with its counts', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
  const cli = JSON.parse(dlock(['check', '--json']));
  const stale = cli.properties.find((p: { name: string }) => p.name === 'stale_overwrites').counterexample;
  await page.emulateMedia({ media: 'print' });
  expect(await visibleControls(page)).toEqual([]);
  // What the inputs said, as `dlock run` says it.
  const first = dlock(['run']).split('\n')[0].replace(/^run: /, '');
  await expect(page.getByTestId('controls-printed').first()).toBeVisible();
  await expect(page.getByTestId('controls-printed').first()).toContainText(first);
  // The ✘ and its length, as text.
  expect(await page.getByTestId('check-cell-0-stale_overwrites').evaluate((td) => getComputedStyle(td, '::after').content))
    .toBe(`"✘ ${stale.length}"`);
  // A link that looks like a button prints where it leads, in full.
  const show = page.getByTestId('q1-show');
  await expect(show).toBeVisible();
  expect(await show.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:4173\/\?t=\d+#corrupted$/);
  expect(await show.evaluate((a) => getComputedStyle(a, '::after').content)).toBe(`" <${await show.getAttribute('href')}>"`);
  for (const preset of await page.locator('a.preset').all()) {
    expect(await preset.getAttribute('href')).toMatch(/^http:/);
  }
});

test('the quiz prints without its answers unless asked, and one section prints alone', async ({ page }) => {
  await page.goto('./#check');
  await expect(page.getByTestId('q1')).toBeVisible();
  const answer = page.getByTestId('q1').locator('.answer');
  await page.emulateMedia({ media: 'print' });
  await expect(answer).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByTestId('print-answers').check();
  await page.emulateMedia({ media: 'print' });
  await expect(answer).toBeVisible();
  await expect(page.getByTestId('q7').locator('.answer')).toBeVisible();
  // "Print this section": the browser's print dialog is stood in for, as
  // a test cannot press its buttons.
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => { (window as unknown as { printed: number }).printed = 0; window.print = () => { (window as unknown as { printed: number }).printed++; }; });
  await page.getByTestId('print-every-schedule').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#every-schedule')).toBeVisible();
  await expect(page.getByTestId('check-matrix')).toBeVisible();
  for (const other of ['#corrupted', '#problem', '#check', 'header']) await expect(page.locator(other)).toBeHidden();
  // Once the browser says printing is over, the whole study prints again.
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));
  await expect(page.locator('#corrupted')).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-print-one', '');
});

test('printed on A4, no block kept whole is taller than two thirds of a page, so no page is left holding a paragraph', async ({ page }) => {
  // A4 less 1 cm margins, in CSS px: 190 mm wide, 277 mm tall.
  const [width, pageHeight] = [718, 1047];
  await page.setViewportSize({ width, height: 900 });
  await page.goto('./');
  await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
  await page.emulateMedia({ media: 'print' });
  const tall = await page.evaluate((limit) => [...document.querySelectorAll('main *')]
    .filter((el) => getComputedStyle(el).breakInside === 'avoid' && (el as HTMLElement).checkVisibility())
    .map((el) => [el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + (el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''), Math.round(el.getBoundingClientRect().height)] as [string, number])
    .filter(([, h]) => h > limit), (pageHeight * 2) / 3);
  expect(tall).toEqual([]);
});
