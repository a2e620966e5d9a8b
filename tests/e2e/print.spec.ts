import { test, expect, Page } from '@playwright/test';
import { dlock, studyBuilt } from './helpers';
import { execFileSync } from 'node:child_process';

// A teacher prints the study as a handout.

test('printed, the study keeps its argument and figures and drops the screen-only controls', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await studyBuilt(page);
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

/** The controls a printed page still lays out: none should be. (A
 *  folded panel's summary prints as a line of text, without its marker;
 *  the table's cells print as their words.) */
async function visibleControls(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('main button:not(.argument-table button), main input, main select, main textarea, main progress')]
    .filter((el) => (el as HTMLElement).checkVisibility())
    .map((el) => `${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? el.textContent?.trim().slice(0, 30)}`));
}

test('a handout: no control on paper, the parameters written out, links with their addresses, the check table with its counts', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
  await studyBuilt(page);
  const cli = JSON.parse(dlock(['check', '--json']));
  const stale = cli.properties.find((p: { name: string }) => p.name === 'stale_overwrites').counterexample;
  await page.emulateMedia({ media: 'print' });
  expect(await visibleControls(page)).toEqual([]);
  // A folded panel prints its summary as a plain line, with no marker to press.
  expect(await page.locator('details.recording > summary').first().evaluate((e) => getComputedStyle(e).display)).toBe('block');
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
  // A4 less the stylesheet's 12 mm margins, in CSS px: 186 mm wide,
  // 273 mm tall.
  const [width, pageHeight] = [703, 1032];
  await page.setViewportSize({ width, height: 900 });
  await page.goto('./');
  await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
  await studyBuilt(page);
  await page.emulateMedia({ media: 'print' });
  const tall = await page.evaluate((limit) => [...document.querySelectorAll('main *')]
    .filter((el) => getComputedStyle(el).breakInside === 'avoid' && (el as HTMLElement).checkVisibility())
    .map((el) => [el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + (el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''), Math.round(el.getBoundingClientRect().height)] as [string, number])
    .filter(([, h]) => h > limit), (pageHeight * 2) / 3);
  expect(tall).toEqual([]);
});

/** The study printed to PDF as the browser's print dialog would, on the
 *  stylesheet's A4 page: its text (poppler's pdftotext) and its pages. */
async function printed(page: Page, path: string): Promise<{ text: string; pages: number }> {
  // The whole study: the PDF is the page as it stands when taken.
  await studyBuilt(page);
  await page.pdf({ path, preferCSSPageSize: true });
  // -raw: in the order drawn; laid out in reading order, poppler merges
  // two cells' words that share a line and drops one of a repeated pair.
  const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))![1]);
  return { text, pages };
}

test('the handout as a PDF: every cell of the table in words, each section as the screen shows it, no instruction for a mouse, at most 12 A4 pages', async ({ page }, info) => {
  await page.goto('./');
  await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
  await expect(page.getByTestId('argument-status')).toContainText(/All \d+ cells searched/);
  const { text, pages } = await printed(page, info.outputPath('study.pdf'));
  expect(pages).toBeLessThanOrEqual(12);
  // The table's words, cell by cell as `dlock argument` finds them: each
  // mark counted between the table's caption and its status line, with
  // those the rows' own names hold ("lost lock messages").
  const cells: { words: string }[] = JSON.parse(dlock(['argument', '--json']));
  const table = text.slice(text.indexOf('What breaks, fault by remedy'), text.indexOf('cells searched'));
  const count = (words: string[]) => {
    const n: Record<string, number> = {};
    for (const w of words) n[w] = (n[w] ?? 0) + 1;
    return n;
  };
  const marks = ['lock', 'mutex', 'stale', 'lost', 'liveness', 'nothing'];
  const rows = await page.getByTestId('argument-table').locator('tbody th').allTextContents();
  const expected = count([...cells.flatMap((c) => c.words.split(/[, ]+/)), ...rows.flatMap((r) => r.match(/[a-z]+/g) ?? [])]
    .filter((w) => marks.includes(w)));
  const found = count((table.match(/[a-z]+/g) ?? []).filter((w) => marks.includes(w)));
  expect(found).toEqual(expected);
  // No instruction meant for a screen; its twin: the sentences around
  // those instructions still print.
  for (const instruction of [/\bdrag/i, /\bclick/i, /\bhover/i, /\btap\b/i, /press play/i, /scrubber/i, /arrow keys/i, /pick a cell/i, /try it/i]) {
    expect(text, String(instruction)).not.toMatch(instruction);
  }
  for (const kept of ['Every cell is a full simulation at that lease length and pause.', 'The thin bar on A', 'shortest breaks it in n steps']) {
    expect(text.replace(/\s+/g, ' ')).toContain(kept);
  }
  // "Every schedule": its bound in numbers, not input labels left empty.
  expect(text).not.toContain('B arrives at any tick up to');
  expect(text.replace(/\s+/g, ' ')).toMatch(/Within the bound: B arriving at t=0\.\.\d+/);
  // "On real servers": each recording as its folded summary reads on screen.
  const summaries = await page.locator('details.recording > summary').allTextContents();
  expect(summaries.length).toBeGreaterThan(0);
  for (const summary of summaries) expect(text.replace(/\s+/g, ' ')).toContain(summary.replace(/\s+/g, ' ').trim());
});
