import { test, expect, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { collectErrors, dlock, reveal } from './helpers';

// A lecture from one link: the teacher adds the figures to a deck, walks
// it with a clicker's Page Down and Page Up, and prints it as a handout.

const counter = (page: Page) => page.getByTestId('slide-counter');
const presentedTitle = (page: Page) => page.getByTestId('presented').locator('.present-title');

/** Adds `figure`, as the page shows it now, to the deck from its menu. */
async function addToDeck(page: Page, figure: string) {
  await reveal(page, `add-to-deck-${figure}`);
  await page.getByTestId(`add-to-deck-${figure}`).click();
  await expect(page.getByTestId(`tools-${figure}`).locator('.menu-body > .tool-status')).toHaveText('Added to the deck.');
  await page.getByTestId(`menu-${figure}`).click();
}

/** Presses Page Down until the counter leaves `slide`; returns how many
 * presses stepped the timeline first. */
async function pageDownPast(page: Page, slide: string): Promise<number> {
  let presses = 0;
  while ((await counter(page).textContent()) === slide) {
    await page.keyboard.press('PageDown');
    presses += 1;
    expect(presses).toBeLessThan(60);
  }
  return presses - 1;
}

test('a deck of four figures walks with Page Down and Page Up, survives a reload, and prints a slide a page', async ({ page }, info) => {
  const errors = collectErrors(page);
  await page.goto('./?ttl=25&fencing=1');
  await expect(page.getByTestId('final-value')).toBeVisible();
  await expect(page.getByTestId('deck-panel')).toHaveCount(0);
  for (const figure of ['timeline', 'heatmap', 'recheck', 'argument']) await addToDeck(page, figure);
  await expect(page.getByTestId('deck-summary')).toHaveText('Deck: 4 slides');
  await expect(page.getByTestId('deck-slide')).toHaveCount(4);
  // The deck is in the address, readable.
  await expect.poll(() => new URL(page.url()).searchParams.get('deck')).toBe('1!timeline~ttl=25~fencing=1!heatmap~ttl=25~fencing=1!recheck~ttl=25~fencing=1!argument~ttl=25~fencing=1');

  // Reordered and trimmed in the panel.
  await page.getByRole('button', { name: 'Move slide 3 up' }).click();
  await expect(page.getByTestId('deck-slide').nth(1)).toContainText('Re-checking');
  await page.getByRole('button', { name: 'Move slide 2 down' }).click();
  await expect(page.getByTestId('deck-slide').nth(1)).toContainText('staircase');

  await page.getByTestId('deck-present').click();
  await expect(counter(page)).toHaveText('Slide 1 of 4');
  await expect(presentedTitle(page)).toHaveText('the lease timeline');
  // Page Down steps through the timeline's events (one a press, as core
  // lists them), then turns the slide.
  const ticks = JSON.parse(dlock(['run', '--ttl', '25', '--fencing', '--json'])).events.map((e: { t: number }) => e.t);
  const steps = await pageDownPast(page, 'Slide 1 of 4');
  expect(steps).toBe(new Set(ticks).size);
  await expect(counter(page)).toHaveText('Slide 2 of 4');
  await expect(presentedTitle(page)).toHaveText('the ttl × pause staircase');
  // A slide taller than the window scrolls to its end first.
  await pageDownPast(page, 'Slide 2 of 4');
  await expect(counter(page)).toHaveText('Slide 3 of 4');
  await pageDownPast(page, 'Slide 3 of 4');
  await expect(counter(page)).toHaveText('Slide 4 of 4');
  await expect(presentedTitle(page)).toHaveText('every fault against every remedy');
  // The last slide is the end.
  for (let i = 0; i < 12; i++) await page.keyboard.press('PageDown');
  await expect(counter(page)).toHaveText('Slide 4 of 4');
  await page.getByTestId('presented').evaluate((el) => { el.scrollTop = 0; });
  await page.keyboard.press('PageUp');
  await expect(counter(page)).toHaveText('Slide 3 of 4');
  await expect(presentedTitle(page)).toHaveText('re-checking before the write');

  // A reload finds the same slide of the same deck.
  await expect.poll(() => new URL(page.url()).searchParams.get('slide')).toBe('3');
  await page.reload();
  await expect(counter(page)).toHaveText('Slide 3 of 4');
  await expect(presentedTitle(page)).toHaveText('re-checking before the write');
  await page.keyboard.press('PageUp');
  await expect(counter(page)).toHaveText('Slide 2 of 4');
  // Esc leaves, the deck kept.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('presented')).toHaveCount(0);
  await expect(page.getByTestId('deck-summary')).toHaveText('Deck: 4 slides');

  // The handout: each slide painted, its parameters in dlock run's words
  // and the command that prints them.
  await page.getByTestId('deck-handout').click();
  await expect(page.getByTestId('handout-slide')).toHaveCount(4);
  await expect(page.getByTestId('handout-slide').locator('canvas')).toHaveCount(4);
  const first = page.getByTestId('handout-slide').first();
  const command = (await first.getByTestId('handout-commands').textContent())!;
  expect(command).toBe('dlock run --ttl 25 --fencing');
  const printedFirstLine = dlock(command.split(' ').slice(1)).split('\n')[0];
  await expect(first.locator('.handout-line')).toHaveText(`Parameters: ${printedFirstLine.replace(/^Run: /i, '')}.`);
  await expect(page.getByTestId('handout-slide').nth(3).getByTestId('handout-commands')).toHaveText('dlock argument');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('deck-panel')).toBeHidden();
  const path = info.outputPath('deck.pdf');
  await page.pdf({ path, preferCSSPageSize: true });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))![1]);
  expect(pages).toBe(4);
  const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' });
  for (let slide = 1; slide <= 4; slide++) expect(text).toContain(`Slide ${slide} of 4`);
  expect(errors).toEqual([]);
});

test('a hostile or cut deck link says what it left out and presents the slides that parse', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('./?deck=1!timeline~ttl=99999!nonsense~x=1!heatmap~embed=check!heatm&slide=1');
  const notices = page.getByTestId('notices');
  await expect(notices).toContainText("deck slide 1: ttl = 99999 is outside");
  await expect(notices).toContainText("deck slide 2: 'nonsense' is not a figure");
  await expect(notices).toContainText("deck slide 3: 'embed' is how the page is shown");
  await expect(notices).toContainText("deck slide 4: 'heatm' is not a figure");
  await expect(counter(page)).toHaveText('Slide 1 of 2');
  await page.keyboard.press('PageUp');
  await expect(counter(page)).toHaveText('Slide 1 of 2');
  await page.keyboard.press('End');
  await page.keyboard.press('PageDown');
  await expect(counter(page)).toHaveText('Slide 2 of 2');
  // A deck of a newer format is not guessed at.
  await page.goto('./?deck=9!timeline&slide=1');
  await expect(page.getByTestId('notices')).toContainText('which this page cannot read');
  await expect(page.getByTestId('notices')).toContainText('slide = \'1\' needs a deck');
  await expect(page.getByTestId('presented')).toHaveCount(0);
  await expect(page.getByTestId('final-value')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the copied deck link opens its first slide under the strict CSP, in a course page\'s frame, asking nothing of the network but its own files', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = collectErrors(page);
  const elsewhere: string[] = [];
  page.on('request', (r) => { if (!/^http:\/\/127\.0\.0\.1:417[45]\//.test(r.url()) && !r.url().startsWith('data:')) elsewhere.push(r.url()); });
  await page.goto('http://127.0.0.1:4174/?deck=1!heatmap~ttl=25!timeline~predict=1');
  await page.keyboard.press('Escape');
  await page.getByTestId('deck-copy').click();
  await expect(page.getByTestId('deck-status')).toHaveText('Deck link copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe('http://127.0.0.1:4174/?v=1&deck=1!heatmap~ttl=25!timeline~predict=1&slide=1');
  // In a course page's frame, under its strict policy.
  const snippet = `<iframe src="${link}" title="a lecture" width="100%" height="700" frameborder="0"></iframe>`;
  await page.goto(`http://127.0.0.1:4175/course.html#${encodeURIComponent(snippet)}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('slide-counter')).toHaveText('Slide 1 of 2');
  await expect(frame.getByTestId('presented').getByTestId('heatmap-agreement')).toBeVisible();
  await frame.getByTestId('presented').focus();
  await page.keyboard.press('PageDown');
  await expect(frame.getByTestId('slide-counter')).toHaveText('Slide 2 of 2');
  // The second slide predicts: it asks before the first event.
  await expect(frame.getByTestId('presented').getByTestId('predict-ask')).toHaveAttribute('data-at', '0');
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
});

test('the README\'s deck walks the argument in eight slides, and saves them as 16:9 PNGs named by their place', async ({ page }, info) => {
  const errors = collectErrors(page);
  const readme = readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');
  const link = /<https:\/\/example\.org\/dlock\/(\?[^>]*deck=[^>]*)>/.exec(readme)![1];
  await page.goto(`./${link}`);
  await expect(counter(page)).toHaveText('Slide 1 of 8');
  // The first slide predicts: nothing is drawn before its first event.
  await expect(page.getByTestId('presented').getByTestId('predict-ask')).toHaveAttribute('data-at', '0');
  const titles: string[] = [];
  for (let slide = 1; slide <= 8; slide++) {
    await expect(counter(page)).toHaveText(`Slide ${slide} of 8`);
    titles.push((await presentedTitle(page).textContent())!);
    await expect(page.getByTestId('slide-next')).toBeEnabled({ enabled: slide < 8 });
    if (slide < 8) await page.getByTestId('slide-next').click();
  }
  expect(titles).toEqual(['the lease timeline', 'the lease timeline', 'the ttl × pause staircase', 're-checking before the write',
    'a pause while acquiring, with the validity check and without', 'every fault against every remedy', 'every fault against every remedy',
    'both sides of the 2016 debate, claim by claim']);
  await page.keyboard.press('Escape');
  const downloads: string[] = [];
  const files: string[] = [];
  page.on('download', async (d) => {
    downloads.push(d.suggestedFilename());
    const file = info.outputPath(d.suggestedFilename());
    await d.saveAs(file);
    files.push(file);
  });
  await page.getByTestId('deck-pngs').click();
  await expect(page.getByTestId('deck-status')).toHaveText('Slides saved as PNGs.');
  await expect.poll(() => files.length).toBe(8);
  expect(downloads[0]).toBe('dlock-deck-01-timeline.png');
  expect(downloads[7]).toBe('dlock-deck-08-both-sides.png');
  // Each is a slide: 16:9, at twice the slide's 1280 × 720 (the PNG's own header).
  for (const file of files) {
    const png = readFileSync(file);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2560, 1440]);
  }
  expect(errors).toEqual([]);
});

for (const colours of ['light', 'dark'] as const) {
  test(`the Deck panel, the presented deck's counter and the handout pass axe, ${colours}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: colours });
    await page.goto('./?deck=1!timeline!heatmap~ttl=25');
    const serious = async (scope: string) => (await new AxeBuilder({ page }).include(scope).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    await expect(page.getByTestId('deck-slide')).toHaveCount(2);
    expect(await serious('[data-testid="deck-panel"]')).toEqual([]);
    await page.getByTestId('deck-present').click();
    await expect(counter(page)).toHaveText('Slide 1 of 2');
    expect(await serious('.present-bar')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('deck-handout').click();
    await expect(page.getByTestId('handout-slide').locator('canvas')).toHaveCount(2);
    expect(await serious('[data-testid="handout"]')).toEqual([]);
    // The handout is for paper: its slides are painted light on any screen.
    const corner = await page.getByTestId('handout-slide').locator('canvas').first()
      .evaluate((c: HTMLCanvasElement) => [...c.getContext('2d')!.getImageData(4, 4, 1, 1).data]);
    expect(corner.slice(0, 3).every((channel) => channel > 240)).toBe(true);
  });
}

test('a slide taller than the window scrolls with Page Down before it turns, and the next slide starts at its top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('./?deck=1!both-sides!argument!timeline&slide=1');
  const presented = page.getByTestId('presented');
  await expect(counter(page)).toHaveText('Slide 1 of 3');
  await expect(presented.locator('td').first()).toBeVisible();
  expect(await presented.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await page.keyboard.press('PageDown');
  await expect.poll(() => presented.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  await expect(counter(page)).toHaveText('Slide 1 of 3');
  // At its end, the next Page Down turns the slide.
  await presented.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await page.keyboard.press('PageDown');
  await expect(counter(page)).toHaveText('Slide 2 of 3');
  await expect.poll(() => presented.evaluate((el) => el.scrollTop)).toBe(0);
});
