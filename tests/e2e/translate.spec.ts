import { test, expect, Page, Browser } from '@playwright/test';
import { collectErrors } from './helpers';

// A student who reads the page through the browser's translation. Chrome's
// translate replaces each text node with <font><font>translation</font></font>,
// so a framework that updates a text node in place updates a node no longer
// in the page: the numbers and verdicts would stay as they were when the
// page was translated, and a reader who moved ttl to 20 would still read
// "corrupt". Here the "translation" keeps the words (so the two pages can be
// compared) but does what the translator does to the nodes.

/** Replaces every text node in the body, as Chrome's translate does, and
 * goes on replacing the text nodes the page adds, as the translator goes on
 * translating what appears. */
async function translate(page: Page): Promise<number> {
  return page.evaluate(() => {
    const wrap = (root: Node): number => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n as Text;
        const parent = text.parentElement;
        // An <option> holds text only, and SVG has no <font>.
        if (text.data.trim() && parent && parent.tagName !== 'FONT' && !parent.closest('script, style, textarea, option, svg')) nodes.push(text);
      }
      for (const text of nodes) {
        const outer = document.createElement('font');
        const inner = document.createElement('font');
        inner.textContent = text.data;
        outer.appendChild(inner);
        text.replaceWith(outer);
      }
      return nodes.length;
    };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeType === Node.TEXT_NODE ? node.parentNode : node.isConnected) wrap(node.nodeType === Node.TEXT_NODE ? node.parentNode! : node);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
    return wrap(document.body);
  });
}

/** The page's words, one entry per element that holds text of its own,
 * labelled by the nearest test id, so a difference says where it is. */
async function words(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let last: Element | null = null;
    let line = '';
    const flush = () => {
      if (line.trim()) {
        const where = last?.closest('[data-testid]')?.getAttribute('data-testid') ?? last?.tagName ?? '';
        out.push(`${where}: ${line.replace(/\s+/g, ' ').trim()}`);
      }
      line = '';
    };
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n as Text;
      if (text.parentElement?.closest('script, style')) continue;
      // The translator's <font> pair belongs to the element around it.
      let owner = text.parentElement;
      while (owner && owner.tagName === 'FONT') owner = owner.parentElement;
      if (owner !== last) { flush(); last = owner; }
      line += text.data;
    }
    flush();
    return out;
  });
}

type Step = (page: Page) => Promise<void>;

async function fill(page: Page, testid: string, value: string) {
  const box = page.getByTestId(testid).first();
  await box.fill(value);
  await box.press('Enter');
}

async function keys(page: Page, testid: string, ...presses: string[]) {
  const el = page.getByTestId(testid).first();
  await el.focus();
  for (const key of presses) await el.press(key);
}

/** Opens `url` twice, translates one copy, takes both through `steps`, and
 * expects the same words in both. */
async function compare(browser: Browser, url: string, steps: Step[]) {
  const open = async () => {
    // A context of its own does not take the config's `use`: pass its base.
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(url);
    await expect(page.getByTestId('boot')).toHaveCount(0);
    return { page, errors };
  };
  const plain = await open();
  const translated = await open();
  expect(await translate(translated.page)).toBeGreaterThan(100);
  for (const { page } of [plain, translated]) {
    for (const step of steps) await step(page);
    // Figures away from the reader's hand follow once the hand pauses:
    // wait until they have, and the frame after.
    await expect(page.locator('main')).toHaveAttribute('data-settled', 'true');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The staircase computes in slices, and builds its hidden table once
    // it stands still: both pages wait for the table of their last grid.
    // So does every schedule's search: both wait for its end.
    const check = page.getByTestId('check-status');
    if (await check.count()) await expect(check).toContainText('Every configuration checked');
    const heatmap = page.getByTestId('heatmap');
    if (await heatmap.count()) {
      await expect.poll(() => heatmap.evaluate((el) => el.getAttribute('data-table-grid') === el.getAttribute('data-grids-done'))).toBe(true);
    }
  }
  const expected = await words(plain.page);
  const seen = await words(translated.page);
  // What differs, in the translated page, where it differs.
  const stale = seen.filter((line) => !expected.includes(line));
  expect(stale).toEqual([]);
  expect(seen.length).toBe(expected.length);
  expect(plain.errors).toEqual([]);
  expect(translated.errors).toEqual([]);
  await translated.page.context().close();
  await plain.page.context().close();
}

test('a translated study follows every change, as an untranslated one does', async ({ browser }) => {
  // Two whole studies side by side through a dozen changes: 15 to 20 s here.
  await compare(browser, './', [
    (p) => fill(p, 'input-ttl', '20'),
    (p) => p.getByTestId('toggle-fencing').click(),
    (p) => keys(p, 'step-forward', 'Enter', 'Enter', 'Enter'),
    (p) => p.getByTestId('select-cmp').selectOption('le'),
    (p) => fill(p, 'input-extra-n', '7'),
    (p) => keys(p, 'late-b-slider', 'ArrowRight', 'ArrowRight'),
    (p) => keys(p, 'heatmap-canvas', 'ArrowRight', 'ArrowUp'),
    (p) => keys(p, 'grip-pause-end', 'ArrowRight'),
    (p) => p.getByTestId('toggle-crash').click(),
    (p) => p.getByTestId('row-token-drift').click(),
    (p) => p.getByTestId('preset-token-drift-remedy').click(),
    (p) => p.getByTestId('row-restart').click(),
    (p) => p.getByTestId('preset-restart-silent').click(),
    (p) => p.getByTestId('row-clock-drift').click(),
    (p) => fill(p, 'knob-clock_rate', '3'),
    (p) => p.getByTestId('row-stale-accepted').click(),
    (p) => fill(p, 'knob-sa_pause', '9'),
    (p) => fill(p, 'input-n', '7'),
    (p) => fill(p, 'input-hm_ttl', '1..'),
    (p) => p.getByTestId('heatmap-canvas').hover({ position: { x: 200, y: 60 } }),
    (p) => p.getByTestId('heatmap-canvas').hover({ position: { x: 260, y: 90 } }),
  ]);
});

test('a translated embed follows its controls and its playback', async ({ browser }) => {
  await compare(browser, './?embed=timeline', [
    (p) => fill(p, 'input-ttl', '20'),
    (p) => keys(p, 'step-forward', 'Enter', 'Enter'),
    (p) => p.getByTestId('toggle-fencing').click(),
  ]);
});

test("a translated page's play button says what a click will do", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('./');
  await expect(page.getByTestId('boot')).toHaveCount(0);
  await translate(page);
  const play = page.getByTestId('play');
  await play.click();
  await expect(play).toHaveText('❚❚ Pause');
  await expect(page.locator('.cursor-readout')).toHaveText(/^t=\d+$/);
  await play.click();
  await expect(play).toHaveText('▶ Play');
  expect(errors).toEqual([]);
});
