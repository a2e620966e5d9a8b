import { test, expect, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { collectErrors, dlock, reveal, settledHeight, studyBuilt } from './helpers';

/** The steps of the plain lease lock's shortest stale overwrite, as `dlock check` finds them. */
function checkSteps(): string {
  const cli = JSON.parse(dlock(['check', '--json']));
  return cli.properties.find((p: { name: string }) => p.name === 'stale_overwrites').counterexample.steps.join(',');
}

test('the page runs under a strict Content-Security-Policy header', async ({ page }) => {
  const errors = collectErrors(page);
  const response = await page.goto('http://127.0.0.1:4174/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await expect(page.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  expect(errors).toEqual([]);
});

test('an embedded figure works in a cross-origin iframe and links to the full study', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('http://127.0.0.1:4175/embed-host.html');
  const frame = page.frameLocator('#timeline');
  await expect(frame.getByTestId('embedded')).toHaveAttribute('data-figure', 'timeline');
  await expect(frame.getByTestId('timeline')).toContainText("write 'AB'");
  await expect(frame.getByTestId('title')).toHaveCount(0);
  await expect(frame.getByTestId('toc')).toHaveCount(0);
  await expect(frame.getByTestId('open-full')).toHaveAttribute('href', /pause_len=11.*#corrupted$/);
  await expect(frame.getByTestId('open-full')).not.toHaveAttribute('href', /embed=/);
  const heat = page.frameLocator('#heatmap');
  await expect(heat.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  // A sandbox without allow-same-origin: the page still starts, and its
  // stylesheet applies (the heading for screen readers is a 1 px box).
  const opaque = page.frameLocator('#opaque');
  await expect(opaque.getByTestId('final-value')).toHaveText("'AB'");
  expect((await opaque.getByTestId('embed-heading').boundingBox())?.width).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
});

test("the embed's link to the full study opens a tab, or, where the frame may not, opens the study in the frame", async ({ page, context }) => {
  await page.goto('http://127.0.0.1:4175/embed-host.html');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.frameLocator('#timeline').getByTestId('open-full').click(),
  ]);
  await expect(tab).toHaveURL(/pause_len=11.*#corrupted$/);
  await expect(tab.getByTestId('title')).toBeVisible();
  await tab.close();
  // Without allow-popups the browser refuses the tab, and says so only in
  // its console: the click must still lead somewhere.
  await page.goto('http://127.0.0.1:4175/nopopups-host.html');
  const frame = page.frameLocator('#nopopups');
  await frame.getByTestId('open-full').click();
  await expect(frame.getByTestId('title')).toBeVisible();
  await expect(frame.getByTestId('input-ttl')).toHaveValue('25');
  expect(context.pages()).toHaveLength(1);
});

test('an embed tells its host its height, and with the README\'s host script its frame fits with no inner scrollbar at 375, 800 and 1280 px', async ({ page }) => {
  // The host script the test runs is the README's, line for line.
  const readme = readFileSync(path.resolve(__dirname, '..', '..', 'README.md'), 'utf8');
  const script = readFileSync(path.resolve(__dirname, '..', 'fixtures', 'dlock-height.js'), 'utf8');
  expect(readme).toContain(`\`\`\`js\n${script}\`\`\``);
  for (const [figure, query] of [['timeline', 'pause_len=11'], ['heatmap', 'ttl=25'], ['check', '']] as const) {
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const src = `http://127.0.0.1:4174/?v=1${query ? `&${query}` : ''}&embed=${figure}`;
      // A query of its own: a change of fragment alone would not load the page again.
      await page.goto(`http://127.0.0.1:4175/height-host.html?${figure}-${width}#${encodeURIComponent(src)}`);
      const inner = page.frameLocator('#frame');
      await expect(inner.getByTestId('embedded')).toBeVisible();
      // The host applied the height the frame reported: the frame's
      // document is no taller than the frame, so it never scrolls inside.
      await expect.poll(async () => {
        const frame = page.frame({ url: /embed=/ });
        if (!frame) return 'no frame';
        const [content, shown] = await frame.evaluate(() => [
          Math.ceil(document.documentElement.getBoundingClientRect().height),
          document.documentElement.clientHeight,
        ]);
        return content <= shown && shown - content <= 2 ? 'fits' : `content ${content} in ${shown}`;
      }, { message: `${figure} at ${width} px` }).toBe('fits');
    }
  }
});

const FIGURES = ['timeline', 'argument', 'heatmap', 'recheck', 'both-sides', 'acquiring', 'real', 'check', 'sweeps', 'audit',
  'token-drift', 'restart', 'clock-drift', 'clock-jump', 'slow-network', 'stale-accepted'];

/** The page's embed codes for `figures` at the settings of `query`, with
 *  the controls and, where a figure has them, without. */
async function snippets(page: Page, query: string, figures: string[]): Promise<[string, string][]> {
  if (figures.length === 0) return [];
  await page.setViewportSize({ width: 1280, height: 900 });
  // The origin the course page's policy lets it frame.
  await page.goto(`http://127.0.0.1:4174/${query}`);
  const out: [string, string][] = [];
  for (const figure of figures) {
    await reveal(page, `show-text-${figure}`);
    await page.getByTestId(`show-text-${figure}`).click();
    const code = page.getByTestId(`embed-${figure}`);
    await expect(code).toHaveValue(/^<iframe /);
    out.push([`${figure} ${query}`, await code.inputValue()]);
    const only = page.getByTestId(`figure-only-${figure}`);
    if (await only.count()) {
      await only.check();
      await expect(code).toHaveValue(/controls=0/);
      out.push([`${figure} ${query} without controls`, await code.inputValue()]);
    }
  }
  return out;
}

/** Pastes `code` into a course page `width` px wide, with no script to
 *  size the frame, and says whether the frame's content fits it. */
async function fits(page: Page, code: string, width: number, name: string): Promise<string> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`http://127.0.0.1:4175/course.html?${encodeURIComponent(name)}-${width}#${encodeURIComponent(code)}`);
  const frameElement = page.locator('iframe');
  const inner = page.frameLocator('iframe');
  await expect(inner.getByTestId('embedded')).toBeVisible();
  if (name.startsWith('check')) await expect(inner.getByTestId('check-status')).toContainText('Every configuration checked');
  const frame = page.frames().find((f) => f !== page.mainFrame())!;
  // Fonts, the canvas and the drawing settle over a few frames.
  await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  const shown = await frameElement.evaluate((f: HTMLIFrameElement) => f.clientHeight);
  if (content > shown) return `${name} at ${width} px: content ${content} in a frame of ${shown}`;
  // Without its controls, no panel of inputs is left showing.
  const inputs = await inner.locator('fieldset, .heatmap-controls, .add-size').filter({ visible: true }).count();
  if (name.endsWith('without controls') && inputs > 0) return `${name}: ${inputs} panels of inputs shown`;
  return 'fits';
}

// Four tests of four figures each, rather than one of sixteen, so that the
// suite's workers share them out.
const FIGURE_GROUPS = Array.from({ length: Math.ceil(FIGURES.length / 4) }, (_, i) => FIGURES.slice(i * 4, i * 4 + 4));

for (const group of FIGURE_GROUPS) {
  test(`the embed code's height fits its figure at its parameters in a 375 px column, with no host script and no inner scrollbar: ${group.join(', ')}`, async ({ page }) => {
    const codes = [
      ...await snippets(page, '?v=1', group),
      ...await snippets(page, '?n=15&t=12', group.filter((f) => ['timeline', 'audit'].includes(f))),
      ...await snippets(page, `?ck_row=0&ck_prop=stale_overwrites&ck_steps=${checkSteps()}#every-schedule`, group.filter((f) => f === 'check')),
    ];
    const misfits: string[] = [];
    for (const [name, code] of codes) {
      const verdict = await fits(page, code, 375, name);
      if (verdict !== 'fits') misfits.push(verdict);
    }
    // Wider columns only have more room; a few figures to show it.
    for (const [name, code] of codes.filter(([n]) => /^(timeline|heatmap|check) /.test(n))) {
      for (const width of [800, 1280]) {
        const verdict = await fits(page, code, width, name);
        if (verdict !== 'fits') misfits.push(verdict);
      }
    }
    expect(misfits).toEqual([]);
  });
}

test('a frame sandboxed without allow-scripts names the allowance its author must add', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('http://127.0.0.1:4175/scriptless-host.html');
  // The reader cannot turn scripts on in someone else's frame, so the line
  // must speak to the page's author too; and nothing claims to be loading.
  const frame = page.frameLocator('#scriptless');
  await expect(frame.getByTestId('noscript')).toBeVisible();
  await expect(frame.getByTestId('noscript')).toContainText('allow-scripts');
  await expect(frame.getByTestId('boot')).toBeHidden();
  // The browser's own report of the blocked scripts, and nothing else.
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) expect(error).toContain("the 'allow-scripts' permission is not set");
});

test('the copied embed code, pasted into a course page under a strict CSP, shows the figure without a violation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('http://127.0.0.1:4174/?ttl=25');
  await reveal(page, 'copy-embed-heatmap');
  await page.getByTestId('copy-embed-heatmap').click();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:4174\/\?v=1&ttl=25&embed=heatmap"/);
  // A course page on another origin whose policy allows frames from dlock
  // and nothing inline: no scripts, no style attributes (see playwright.config.ts).
  const errors = collectErrors(page);
  await page.goto(`http://127.0.0.1:4175/course.html#${encodeURIComponent(snippet)}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('embedded')).toHaveAttribute('data-figure', 'heatmap');
  await expect(frame.getByTestId('input-ttl')).toHaveCount(0);
  await expect(frame.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  expect(errors).toEqual([]);
});

test('the embed code can fix a figure\'s colours to match the course page, whatever the reader\'s setting', async ({ page }) => {
  const errors = collectErrors(page);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // By default the page follows the reader's setting.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('http://127.0.0.1:4174/?ttl=25');
  await expect(page.getByTestId('final-value')).toBeVisible();
  expect(await background()).toBe('rgb(13, 17, 23)');
  // The snippet's colours: the reader's setting unless the teacher picks.
  await reveal(page, 'show-text-heatmap');
  await page.getByTestId('show-text-heatmap').click();
  const code = page.getByTestId('embed-heatmap');
  await expect(code).toHaveValue(/embed=heatmap"/);
  await reveal(page, 'embed-theme-heatmap');
  await page.getByTestId('embed-theme-heatmap').selectOption('light');
  await expect(code).toHaveValue(/embed=heatmap&theme=light"/);
  const snippet = await code.inputValue();
  // Pasted into a white course page under a strict policy, for a reader
  // whose screen is dark: the figure is light, its canvas included.
  await page.goto(`http://127.0.0.1:4175/course.html#${encodeURIComponent(snippet)}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  await expect(frame.getByTestId('heatmap-wait-legend')).toContainText('clean cells darker');
  expect(await frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(255, 255, 255)');
  // And the other way round: fixed dark for a reader whose screen is light.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('http://127.0.0.1:4174/?embed=timeline&theme=dark');
  await expect(page.getByTestId('timeline')).toBeVisible();
  expect(await background()).toBe('rgb(13, 17, 23)');
  // Paper is white whatever the link says.
  await page.emulateMedia({ colorScheme: 'light', media: 'print' });
  expect(await background()).toBe('rgb(255, 255, 255)');
  // The link the page keeps carries the theme, so a shared view keeps it.
  await page.emulateMedia({ media: 'screen' });
  await page.getByTestId('input-ttl').fill('25');
  await page.getByTestId('input-ttl').press('Enter');
  await expect.poll(() => page.url()).toMatch(/ttl=25.*theme=dark/);
  expect(errors).toEqual([]);
  // A value it does not know: the reader's setting, and a notice says so.
  await page.goto('./?theme=sepia');
  await expect(page.getByTestId('notices')).toContainText("theme = 'sepia' is not light, dark or auto; following the reader's setting");
});

test('an embed promises nothing it does not have: no parameters panel, no main timeline', async ({ page }) => {
  // What the full study tells a reader to use elsewhere on the page.
  const elsewhere = [/in the parameters/, /main timeline/, /load (it|its lease length) into the lease timeline/];
  const recheckWhy = page.getByTestId('recheck').locator('.why');
  const chartKey = page.getByTestId('lease-lengths').locator('.legend-line');
  await page.goto('./');
  await recheckWhy.scrollIntoViewIfNeeded();
  await expect(recheckWhy).toContainText('Turn on “A re-checks” in the parameters', { useInnerText: true });
  await chartKey.scrollIntoViewIfNeeded();
  await expect(chartKey).toContainText('load its lease length into the lease timeline', { useInnerText: true });
  const figures = ['timeline', 'argument', 'heatmap', 'recheck', 'sweeps', 'audit', 'token-drift', 'restart', 'clock-drift', 'clock-jump', 'slow-network', 'stale-accepted', 'both-sides', 'acquiring', 'real', 'check'];
  for (const figure of figures) {
    await page.goto(`./?embed=${figure}`);
    await expect(page.getByTestId('embedded')).toHaveAttribute('data-figure', figure);
    const text = await page.locator('main').innerText();
    for (const phrase of elsewhere) expect(text, `${figure} embed`).not.toMatch(phrase);
  }
  await page.goto('./?embed=recheck');
  await expect(recheckWhy).toContainText('In the full study you can drag the check', { useInnerText: true });
  await page.goto('./?embed=sweeps');
  await expect(chartKey).toContainText('select its lease length; the full study opens it', { useInnerText: true });
  await page.getByTestId('lease-lengths').locator('circle[data-ttl="15"]').click();
  await expect(page.getByTestId('open-full')).toHaveAttribute('href', /\?v=1&ttl=15#/);
});

// Each snippet's frame is loaded and measured, with and without its
// controls, by the 375 px test above; this one holds that test's list to
// the figures the page offers, and the "figure only" choice to what it
// promises, without loading any frame.
test('every figure the page offers is in the size test, and "figure only" gives a shorter snippet without controls', async ({ page }) => {
  await page.goto('./');
  // evaluateAll does not wait: let the app mount its figures first.
  await expect(page.getByTestId('tools-timeline')).toBeAttached();
  await studyBuilt(page);
  const figures = await page.locator('[data-testid^="tools-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('tools-'.length)));
  expect([...figures].sort()).toEqual([...FIGURES].sort());
  const height = async (figure: string) => Number(/height="(\d+)"/.exec(await page.getByTestId(`embed-${figure}`).inputValue())?.[1]);
  let without = 0;
  for (const figure of figures) {
    // The snippet is written out once its details are opened.
    await reveal(page, `show-text-${figure}`);
    await page.getByTestId(`show-text-${figure}`).click();
    await expect(page.getByTestId(`embed-${figure}`)).toHaveValue(new RegExp(`embed=${figure}" .*height="\\d+"`));
    const full = await height(figure);
    const choice = page.getByTestId(`figure-only-${figure}`);
    if ((await choice.count()) === 0) continue;
    await choice.check();
    await expect(page.getByTestId(`embed-${figure}`)).toHaveValue(new RegExp(`embed=${figure}&controls=0"`));
    expect(await height(figure), figure).toBeLessThan(full);
    without += 1;
  }
  // The fault × remedy table, the re-check multiples, the debate table,
  // the acquire staircase, the runs on real servers and every schedule
  // have no inputs to leave out.
  expect(without).toBe(figures.length - 6);
});

test('a figure embedded without its controls keeps its playback, and the full study keeps every control', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('http://127.0.0.1:4174/?pause_len=11&t=12');
  await reveal(page, 'show-text-timeline');
  await page.getByTestId('show-text-timeline').click();
  await reveal(page, 'figure-only-timeline');
  await page.getByTestId('figure-only-timeline').check();
  // Chosen, then the disclosure closed: the copy still follows the box, and says so.
  await reveal(page, 'show-text-timeline');
  await page.getByTestId('show-text-timeline').click();
  await reveal(page, 'copy-embed-timeline');
  await page.getByTestId('copy-embed-timeline').click();
  await expect(page.getByTestId('tools-timeline').locator('.tool-status')).toHaveText('Embed code copied, without the controls.');
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toContain('?v=1&pause_len=11&t=12&embed=timeline&controls=0"');
  // The choice is the snippet's: the page itself keeps its controls and its address.
  await expect(page.getByTestId('controls')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('controls')).toBeNull();
  const errors = collectErrors(page);
  await page.goto(`http://127.0.0.1:4175/course.html#${encodeURIComponent(snippet)}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByTestId('embedded')).toHaveAttribute('data-figure', 'timeline');
  await expect(frame.getByTestId('controls')).toBeHidden();
  // What the hidden panel held is said in a line instead.
  await expect(frame.getByTestId('embed-settings')).toHaveText('Settings: 5 servers (quorum 3), ttl 10, A paused [2, 13), B arrives at 12, fencing off.');
  await expect(frame.getByTestId('timeline')).toContainText("write 'AB'");
  await expect(frame.getByTestId('cursor-note').getByTestId('cursor-tick')).toHaveText('12');
  await frame.getByTestId('step-forward').click();
  await expect(frame.getByTestId('cursor-note').getByTestId('cursor-tick')).toHaveText('13');
  await expect(frame.getByTestId('open-full')).toHaveAttribute('href', /\?v=1&pause_len=11&t=13#corrupted$/);
  expect(errors).toEqual([]);
  // A link that asks the whole page to drop its controls is told why not.
  await page.goto('./?controls=0');
  await expect(page.getByTestId('notices')).toContainText('controls = 0 applies only to an embedded figure');
  await expect(page.getByTestId('controls')).toBeVisible();
  // With its controls, an embed has no line in their place.
  await page.goto('./?embed=heatmap');
  await expect(page.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  await expect(page.getByTestId('embed-settings')).toHaveCount(0);
  await page.goto('./?embed=heatmap&controls=0&b_arrives=20');
  await expect(page.getByTestId('embed-settings')).toContainText('every ttl and pause length below, A\'s pause from t=2, B arrives at 20');
});

test('an embedded timeline opened on a tick says what happens there, inside its snippet\'s height', async ({ page, context }) => {
  await page.goto('./?t=16');
  await reveal(page, 'show-text-timeline');
  await page.getByTestId('show-text-timeline').click();
  await expect(page.getByTestId('embed-timeline')).toHaveValue(/t=16&embed=timeline/);
  const snippet = await page.getByTestId('embed-timeline').inputValue();
  const height = Number(/height="(\d+)"/.exec(snippet)?.[1]);
  const column = await context.newPage();
  await column.setViewportSize({ width: 720, height: 300 });
  await column.goto('./?t=16&embed=timeline');
  const note = column.getByTestId('cursor-note');
  await expect(note.getByTestId('cursor-tick')).toHaveText('16');
  await expect(note.getByTestId('cursor-lines')).toContainText("'A' with token 1: ACCEPTED");
  await column.getByTestId('step-back').click();
  await expect(note.getByTestId('cursor-tick')).toHaveText('15');
  await column.getByTestId('clear-cursor').click();
  await expect(note).toBeEmpty();
  await column.goto('./?t=16&embed=timeline');
  await expect(note.getByTestId('cursor-tick')).toHaveText('16');
  expect(await settledHeight(column)).toBeLessThanOrEqual(height);
});

const EVERY_PARAMETER = 'v=1&n=7&ttl=25&pause_from=3&pause_len=30&b_arrives=14&fencing=1&cmp=le&expiry=0&crash=0&recheck=2&twice=1&t=12&hm_ttl=1..30&hm_pause=0..30:2&add_n=9';

test('every parameter survives a reload, and edits are written back without new history entries', async ({ page }) => {
  await page.goto(`./?${EVERY_PARAMETER}`);
  await expect(page.getByTestId('notices')).toHaveCount(0);
  await expect(page.getByTestId('input-n')).toHaveValue('7');
  await expect(page.getByTestId('input-ttl')).toHaveValue('25');
  await expect(page.getByTestId('input-pause_from')).toHaveValue('3');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('30');
  await expect(page.getByTestId('input-b_arrives')).toHaveValue('14');
  await expect(page.getByTestId('toggle-fencing')).toBeChecked();
  await expect(page.getByTestId('select-cmp')).toHaveValue('le');
  await expect(page.getByTestId('toggle-expiry')).not.toBeChecked();
  await expect(page.getByTestId('toggle-twice')).toBeChecked();
  await expect(page.getByTestId('input-recheck')).toHaveValue('2');
  await expect(page.getByTestId('cursor-tick')).toHaveText('12');
  await expect(page.getByTestId('input-hm_ttl')).toHaveValue('1..30');
  await expect(page.getByTestId('input-hm_pause')).toHaveValue('0..30:2');
  await expect(page.getByTestId('input-extra-n')).toHaveValue('9');
  const url = new URL(page.url());
  for (const pair of EVERY_PARAMETER.split('&')) {
    const [k, v] = pair.split('=');
    if (k === 'crash') continue; // the default is written as nothing
    expect(url.searchParams.get(k), k).toBe(v);
  }
  const before = await page.evaluate(() => history.length);
  await page.getByTestId('input-ttl').fill('26');
  await page.getByTestId('input-ttl').press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('ttl')).toBe('26');
  expect(await page.evaluate(() => history.length)).toBe(before);
  await page.reload();
  await expect(page.getByTestId('input-ttl')).toHaveValue('26');
});

test('Back and Forward bring the parameters of that moment with them, so the address always says what is shown', async ({ page }) => {
  await page.goto('./?ttl=12');
  await page.locator('[data-testid=toc] a[href="#lease"]').click();
  await expect(page).toHaveURL(/#lease$/);
  await page.getByTestId('input-ttl').fill('20');
  await page.getByTestId('input-ttl').press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('ttl')).toBe('20');
  await page.goBack();
  await expect(page).not.toHaveURL(/#lease/);
  expect(new URL(page.url()).searchParams.get('ttl')).toBe('12');
  await expect(page.getByTestId('input-ttl')).toHaveValue('12');
  await expect(page.getByTestId('verdict-sentence')).toContainText('corrupt');
  await page.goForward();
  await expect(page).toHaveURL(/ttl=20.*#lease$/);
  await expect(page.getByTestId('input-ttl')).toHaveValue('20');
  await expect(page.getByTestId('verdict-sentence')).toContainText('clean');
});

test('a link copied out of HTML source, its ampersands escaped, opens as it was shared', async ({ page }) => {
  await page.goto('./?ttl=20&amp;fencing=1&amp;t=5');
  await expect(page.getByTestId('input-ttl')).toHaveValue('20');
  await expect(page.getByTestId('toggle-fencing')).toBeChecked();
  await expect(page.getByTestId('cursor-tick')).toHaveText('5');
  await expect(page.getByTestId('notices')).toHaveCount(0);
  // The first edit writes the address back as the page writes it.
  await page.getByTestId('input-ttl').fill('21');
  await page.getByTestId('input-ttl').press('Enter');
  await expect.poll(() => new URL(page.url()).search).toBe('?v=1&ttl=21&fencing=1&t=5');
});

test('a link tagged on its way (a newsletter\'s utm_ tags, a social site\'s click id) opens as shared, without a notice', async ({ page }) => {
  await page.goto('./?ttl=20&fencing=1&utm_source=moodle&utm_medium=email&fbclid=IwAR0abc');
  await expect(page.getByTestId('input-ttl')).toHaveValue('20');
  await expect(page.getByTestId('toggle-fencing')).toBeChecked();
  await expect(page.getByTestId('notices')).toHaveCount(0);
  // A name of the reader's own that the page does not know is still reported.
  await page.goto('./?ttl=20&utm=1');
  await expect(page.getByTestId('notices')).toContainText("unknown parameter 'utm' ignored");
});

test('a cursor left past a shortened run is shown, linked and reloaded at the run\'s last tick', async ({ page }) => {
  await page.goto('./?pause_len=60&t=50');
  await expect(page.getByTestId('notices')).toHaveCount(0);
  await expect(page.getByTestId('cursor-tick')).toHaveText('50');
  await page.getByTestId('input-pause_len').fill('14');
  await page.getByTestId('input-pause_len').press('Enter');
  await expect(page.getByTestId('cursor-tick')).not.toHaveText('50');
  const last = (await page.getByTestId('cursor-tick').textContent()) ?? '';
  expect(Number(last)).toBeLessThan(50);
  await expect.poll(() => new URL(page.url()).searchParams.get('t')).toBe(last);
  await page.reload();
  await expect(page.getByTestId('notices')).toHaveCount(0);
  await expect(page.getByTestId('cursor-tick')).toHaveText(last);
  // A link naming a tick past the run says so, and shows the last tick.
  await page.goto('./?t=500');
  await expect(page.getByTestId('notices')).toContainText(`t = 500 is outside 0..=${last}; using ${last}`);
  await expect(page.getByTestId('cursor-tick')).toHaveText(last);
});

test('after a shared link and some exploring, one click goes back to the link or to the study\'s run', async ({ page }) => {
  await page.goto('./?ttl=25&pause_len=30');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await expect(page.getByTestId('reset-opened')).toBeDisabled();
  // Fencing switched on and B arriving later…
  await page.getByTestId('toggle-fencing').check();
  await page.getByTestId('input-b_arrives').fill('40');
  await page.getByTestId('input-b_arrives').press('Enter');
  await expect(page.getByTestId('final-value')).toHaveText("'AB'");
  await page.getByTestId('reset-opened').click();
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await expect(page.getByTestId('input-ttl')).toHaveValue('25');
  await expect(page.getByTestId('toggle-fencing')).not.toBeChecked();
  await expect.poll(() => new URL(page.url()).search).toBe('?v=1&ttl=25&pause_len=30');
  await page.getByTestId('reset-study').click();
  await expect(page.getByTestId('input-ttl')).toHaveValue('10');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('14');
  await expect(page.getByTestId('reset-study')).toBeDisabled();
  await expect.poll(() => new URL(page.url()).search).toBe('?v=1');
});

test('copy link gives this exact view', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./?ttl=25&pause_len=26');
  // As a screen reader finds it: the menu named for its figure, opened,
  // then the figure's group and its button.
  const menu = page.getByTestId('menu-timeline');
  await expect(menu).toHaveAccessibleName('Share or export the lease timeline');
  await menu.press('Enter');
  await page.getByRole('group', { name: 'Share or export the lease timeline', exact: true })
    .getByRole('button', { name: 'Copy link', exact: true }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('ttl=25');
  expect(link).toContain('#corrupted');
  await reveal(page, 'copy-embed-heatmap');
  await page.getByTestId('copy-embed-heatmap').click();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:4173\/\?v=1&ttl=25&pause_len=26&embed=heatmap" title="dlock: [^"]+"/);
  const fresh = await context.newPage();
  await fresh.goto(link);
  await expect(fresh.getByTestId('final-value')).toHaveText("'A'");
  await expect(fresh.getByTestId('input-pause_len')).toHaveValue('26');
  // The transcript, every line of it.
  await page.locator('.transcript-panel summary').click();
  await page.getByTestId('copy-transcript').click();
  await expect(page.getByTestId('copy-transcript')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByTestId('transcript').textContent());
  // Another run: what the clipboard holds is no longer what is shown.
  await page.getByTestId('input-ttl').fill('26');
  await page.getByTestId('input-ttl').press('Enter');
  await expect(page.getByTestId('copy-transcript')).toHaveText('Copy transcript');
});

test('a link to a section opens at that section, and so does the contents', async ({ page }) => {
  // The sections skip rendering until they near the view, so the ones above
  // a target have placeholder heights; the target must not drift when they
  // turn real. The page's scroll padding keeps a section below the
  // contents (taller on a laptop, where they wrap to two lines).
  // Until the app has drawn the study the section is not there yet: that is
  // "not placed", to be polled again, not an error.
  const offset = (id: string) => page.evaluate((id) => {
    const section = document.getElementById(id);
    const margin = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
    return section ? Math.abs(section.getBoundingClientRect().top - margin) : Number.POSITIVE_INFINITY;
  }, id);
  const frames = (n: number) => page.evaluate((n) => new Promise<void>((done) => {
    const step = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  }), n);
  const placed = async (id: string, how: string) => {
    await expect.poll(() => offset(id), how).toBeLessThan(2);
    // Still there once the sections around it have rendered.
    await frames(10);
    expect(await offset(id), how).toBeLessThan(2);
  };
  for (const anchor of ['servers', 'restart', 'check']) {
    await page.goto(`./?ttl=25#${anchor}`);
    await placed(anchor, `a link to #${anchor}`);
  }
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  for (const anchor of ['fault', 'lease', 'real']) {
    const link = page.getByTestId('toc').locator(`a[href="#${anchor}"]`);
    // Bringing the link into view can scroll the window, and the contents
    // then follow the section now on screen, sideways: click once the link
    // has stopped moving, as a reader would, not where it was a frame ago.
    await link.scrollIntoViewIfNeeded();
    await expect.poll(async () => {
      const before = await link.boundingBox();
      await frames(5);
      const after = await link.boundingBox();
      return before !== null && after !== null && before.x === after.x && before.y === after.y;
    }, `the link to #${anchor} at rest`).toBe(true);
    await link.click();
    await placed(anchor, `the contents to #${anchor}`);
    // The contents scroll sideways to show the section being read, once
    // more a moment after the page stops: wait for that before the next
    // click, or the list can move under the pointer as it clicks.
    await expect(link).toHaveAttribute('aria-current', 'location');
  }
  // A preset applied in place scrolls as its link would, and names its
  // section in the address, without a new history entry.
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const entries = await page.evaluate(() => history.length);
  await page.getByTestId('preset-staircase-fenced').click();
  await placed('lease', 'the preset "Show them on the staircase"');
  await expect.poll(() => new URL(page.url()).hash).toBe('#lease');
  await expect.poll(() => new URL(page.url()).searchParams.get('fencing')).toBe('1');
  expect(await page.evaluate(() => history.length)).toBe(entries);
});

test('the tables have their own copy-link buttons that open exactly this view at their section', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./?ttl=12&fencing=1');
  for (const anchor of ['servers', 'comparison', 'problem']) {
    await reveal(page, `copy-link-${anchor}`);
    await page.getByTestId(`copy-link-${anchor}`).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link, anchor).toBe(`http://127.0.0.1:4173/?v=1&ttl=12&fencing=1#${anchor}`);
  }
  // A screen reader finds each in a group named by its section.
  await page.getByRole('group', { name: 'Do more lock servers help?', exact: true })
    .getByRole('button', { name: 'Copy link', exact: true }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/#servers$/);
  // Every figure on the page has a copy-link button.
  // Five of the study's own, the fault × remedy table, Both sides, the
  // acquire staircase, the runs on real servers and every schedule, six
  // scenarios, three tables.
  await expect(page.locator('[data-testid^=copy-link-]')).toHaveCount(5 + 5 + 6 + 3);
});

// school.test is 127.0.0.1 (playwright.config.ts), but not localhost: a
// page served from it over plain http is not a secure context, and has no
// clipboard API, as on a school's own host.
test('framed by a course page that does not delegate the clipboard, no copy is claimed that did not happen', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const offered: string[] = [];
  page.on('dialog', async (dialog) => { offered.push(`${dialog.type()} ${dialog.defaultValue()}`); await dialog.dismiss(); });
  await page.goto('http://127.0.0.1:4175/framed-study-host.html');
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  const frame = page.frameLocator('#study');
  // The clipboard API refuses inside the frame: the link is offered by hand.
  await reveal(frame, 'copy-link-timeline');
  await frame.getByTestId('copy-link-timeline').click();
  await expect.poll(() => offered).toEqual(['prompt http://127.0.0.1:4174/?v=1&ttl=12#corrupted']);
  await expect(frame.locator('.tool-status', { hasText: 'copied' })).toHaveCount(0);
  await expect(frame.locator('.tool-status', { hasText: 'Copying is blocked here.' })).toHaveCount(1);
  // Where the sandbox drops prompts too, the line beside the button still says so.
  const nomodals = page.frameLocator('#nomodals');
  await reveal(nomodals, 'copy-link-timeline');
  await nomodals.getByTestId('copy-link-timeline').click();
  await expect(nomodals.locator('.tool-status', { hasText: 'Copying is blocked here.' })).toHaveCount(1);
  expect(offered).toHaveLength(1);
  // The transcript is copied from the page's selection, which still works.
  await frame.locator('.transcript-panel summary').click();
  await frame.getByTestId('copy-transcript').click();
  await expect(frame.getByTestId('copy-transcript')).toHaveText('Copied');
  const transcript = (await frame.getByTestId('transcript').textContent()) ?? '';
  expect(transcript).toContain('\nt=16 ');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(transcript.trimEnd());
});

test("served over plain http, the copy buttons offer the text to copy by hand", async ({ page }) => {
  const errors = collectErrors(page);
  const offered: string[] = [];
  page.on('dialog', async (dialog) => { offered.push(`${dialog.type()} ${dialog.defaultValue()}`); await dialog.dismiss(); });
  await page.goto('http://school.test:4173/?ttl=12');
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await reveal(page, 'copy-link-timeline');
  await page.getByTestId('copy-link-timeline').click();
  await expect.poll(() => offered).toEqual(['prompt http://school.test:4173/?v=1&ttl=12#corrupted']);
  await reveal(page, 'copy-link-servers');
  await page.getByTestId('copy-link-servers').click();
  await reveal(page, 'copy-embed-heatmap');
  await page.getByTestId('copy-embed-heatmap').click();
  await expect.poll(() => offered.length).toBe(3);
  expect(offered[1]).toBe('prompt http://school.test:4173/?v=1&ttl=12#servers');
  expect(offered[2]).toMatch(/^prompt <iframe src="http:\/\/school\.test:4173\/\?v=1&ttl=12&embed=heatmap"/);
  // A transcript has many lines, which a prompt would run into one: the
  // browser copies it from the page instead.
  await page.evaluate(() => document.addEventListener('copy', () => { (window as any).copiedText = String(getSelection()); }));
  await page.locator('.transcript-panel summary').click();
  await page.getByTestId('copy-transcript').click();
  await expect(page.getByTestId('copy-transcript')).toHaveText('Copied');
  const transcript = (await page.getByTestId('transcript').textContent()) ?? '';
  expect(transcript).toContain('\nt=16 ');
  // Every line, as shown (a selection leaves out the last line's end).
  expect(await page.evaluate(() => (window as any).copiedText)).toBe(transcript.trimEnd());
  expect(offered.length).toBe(3);
  // Nothing claims a copy that did not happen, and nothing threw.
  await expect(page.locator('.tool-status', { hasText: 'copied' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
