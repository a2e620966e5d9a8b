import { test, expect, Page, FrameLocator } from '@playwright/test';
import { collectErrors, dlock, reveal } from './helpers';

// "Every fault, every remedy": the table near the top, each cell the
// explorer's search in a worker of its own, a cell picked drawing its
// shortest counterexample under the table without scrolling, the keys
// walking the cells, the link keeping the pick, and the table alone in a
// frame.

const done = /All \d+ cells searched/;

type Cell = {
  cell: string;
  words: string;
  found: Record<string, string[]>;
  properties: Record<string, string>;
  states: number;
  shown: string | null;
  choices: number[] | null;
};

let found: Cell[] | undefined;

/** What `dlock argument --json` finds: the table the page must show
 *  (asked once: every cell is a search, about 20 s in a debug build). */
function cli(): Cell[] {
  found ??= JSON.parse(dlock(['argument', '--json']));
  return found!;
}

async function searched(page: Page) {
  await expect(page.getByTestId('argument-status')).toContainText(done);
}

test('the table is in the first three screens, and every cell says what dlock argument finds', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./');
  const table = page.getByTestId('argument-table');
  await expect(table).toBeAttached();
  const top = await table.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeLessThan(2700);
  await searched(page);
  const cells = cli();
  // Eight faults by six remedies, and the delayed restart for the restart.
  expect(cells.length).toBe(49);
  await expect(table.locator('[data-testid^="argument-cell-"]')).toHaveCount(cells.length);
  // Every cell as drawn, read in one pass. That its markup says what
  // `dlock argument --json` says is tested natively, cell by cell
  // (crates/web/tests/argument_table.rs); this shows the page draws it.
  const drawn = new Map(await table.locator('[data-testid^="argument-cell-"]').evaluateAll((tds) => tds.map((td) => [
    td.getAttribute('data-testid')!.slice('argument-cell-'.length),
    {
      verdicts: td.getAttribute('data-verdicts') ?? '',
      marks: [...td.querySelectorAll('.mark')].map((m) => m.textContent ?? ''),
      text: td.textContent ?? '',
      title: td.querySelector('button')?.getAttribute('title') ?? '',
    },
  ] as const)));
  for (const c of cells) {
    const cell = drawn.get(c.cell)!;
    // Every property's verdict, not only the first that failed.
    expect(Object.fromEntries(cell.verdicts.split(' ').map((pv) => pv.split(':'))), c.cell).toEqual(c.properties);
    // A mark for every kind of harm found, in the CLI's order, each named
    // on hover with the properties behind it; the words of a cell with none.
    const kinds = Object.keys(c.found);
    if (kinds.length > 0) {
      expect(cell.marks, c.cell).toEqual(c.words.split(', '));
      for (const kind of kinds) expect(cell.title, c.cell).toContain(`${kind}: `);
    } else {
      expect(cell.text, c.cell).toBe(c.words);
    }
  }
  // A pause that lets two clients in at once while the data is kept safe
  // is a finding of its own, not "nothing".
  expect(cells.find((c) => c.cell === 'pause.cas')!.words).toBe('mutex');
  // Every cell's border is solid: its marks carry every distinction, and
  // the legend names each mark's look (no dashed border left unexplained).
  const borders = await table.locator('td button').evaluateAll((buttons) =>
    [...new Set(buttons.map((b) => getComputedStyle(b).borderTopStyle))]);
  expect(borders).toEqual(['solid']);
  // The remedy that does not apply to a fault is a dash, not a claim.
  await expect(table.locator('td.na')).toHaveCount(7);
  // Each mark means on the page what dlock argument says its searches
  // checked, word for word.
  const legend = dlock(['argument']).split('\n').filter((l) => /^"[^"]+": /.test(l));
  expect(legend.length).toBe(6);
  for (const line of legend) {
    const [, word, meaning] = line.match(/^"([^"]+)": (.*)$/)!;
    await expect(page.getByTestId('argument-legend')).toContainText(word);
    await expect(page.getByTestId('argument-legend')).toContainText(meaning);
  }
  // Nothing scrolled while the worker answered.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(errors).toEqual([]);
});

test('a cell picked draws its shortest counterexample under the table, keeps the page still, and its link opens it again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./#argument');
  await searched(page);
  const restart = cli().find((c) => c.cell === 'restart.fencing')!;
  expect(restart.words).toBe('lock');
  // The cell in view first: the click must not need to scroll.
  await page.getByTestId('argument-cell-restart.fencing').scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  await page.getByTestId('argument-cell-restart.fencing').getByRole('button').click();
  await expect(page).toHaveURL(/cell=restart\.fencing/);
  await expect(page.getByTestId('argument-cell-restart.fencing').getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  const shown = page.getByTestId('argument-shown');
  await expect(shown).toContainText('a server restarts empty, + fencing <: found lock (overlapping grants)');
  await expect(page.getByTestId('timeline-argument').locator('svg')).toBeVisible();
  await expect(page.getByTestId('argument-command')).toHaveText('dlock argument --cell restart.fencing');
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  // A cell where nothing broke says how far it looked, and draws nothing.
  const delayed = cli().find((c) => c.cell === 'restart.delayed-restart')!;
  expect(delayed.words).toMatch(/^nothing/);
  await page.getByTestId('argument-cell-restart.delayed-restart').getByRole('button').click();
  await expect(shown).toContainText(`nothing broke in ${delayed.states} states`);
  await expect(page.getByTestId('timeline-argument')).toHaveCount(0);
  // The link alone opens the same cell.
  await page.goto('./?cell=restart.fencing#argument');
  await searched(page);
  await expect(page.getByTestId('argument-shown')).toContainText('found lock');
  await expect(page.getByTestId('notices')).toHaveCount(0);
});

test('a link to a picked cell, old or copied, opens with its counterexample drawn in view on a laptop and on a phone', async ({ page, context }) => {
  for (const [width, height] of [[1280, 800], [375, 800]]) {
    for (const hash of ['#argument', '#argument-shown']) {
      await page.setViewportSize({ width, height });
      // Opened fresh, as a link is: not a jump within the page open.
      await page.goto('about:blank');
      await page.goto(`./?v=1&cell=pause.fencing${hash}`);
      const drawing = page.getByTestId('timeline-argument').locator('svg');
      await expect(drawing).toBeVisible();
      // Settled where the page put it: the sentence and the whole drawing on screen.
      await expect.poll(async () => {
        const box = (await drawing.boundingBox())!;
        const said = (await page.getByTestId('argument-shown').boundingBox())!;
        return said.y >= 0 && box.y + box.height <= height ? 'in view' : `sentence at ${said.y}, drawing ${box.y}..${box.y + box.height}`;
      }, { message: `${width}×${height} ${hash}` }).toBe('in view');
    }
  }
  // What "Copy link" copies lands there too.
  await page.goto('about:blank');
  await page.goto('./?v=1&cell=pause.fencing#argument');
  await page.getByTestId('argument-shown').waitFor();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await reveal(page, 'copy-link-argument');
  await page.getByTestId('copy-link-argument').click();
  await expect(page.getByTestId('copy-link-argument').locator('..')).toContainText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/cell=pause\.fencing.*#argument-shown$/);
});

test('the arrow keys walk the cells that apply, and the focus goes with the pick', async ({ page }) => {
  await page.goto('./#argument');
  const first = page.getByTestId('argument-cell-pause.none').getByRole('button');
  // One stop in the tab order for the whole table.
  await expect(page.getByTestId('argument-table').locator('button[tabindex="0"]')).toHaveCount(1);
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/cell=pause\.validity/);
  await expect(page.getByTestId('argument-cell-pause.validity').getByRole('button')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/cell=pause-acquiring\.validity/);
  await page.keyboard.press('End');
  await expect(page).toHaveURL(/cell=pause-acquiring\.cas/);
  // The delayed restart is a remedy for restarts alone: down its column
  // from the restart row there is nothing, up from it nothing either.
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/cell=restart\.cas/);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/cell=restart\.delayed-restart/);
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(/cell=restart\.delayed-restart/);
  await expect(page.getByTestId('argument-cell-restart.delayed-restart').getByRole('button')).toBeFocused();
});

test('the tie row parts < from <=: only < lets the older holder\'s write land over the newer one\'s, and its cell draws that write', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('./#argument');
  await searched(page);
  const byCell = Object.fromEntries(cli().map((c) => [c.cell, c]));
  const less = page.getByTestId('argument-cell-token-drift.fencing');
  const most = page.getByTestId('argument-cell-token-drift.fencing-le');
  // The page's words are the CLI's, and the two columns differ.
  await expect(less.locator('.mark')).toHaveText(byCell['token-drift.fencing'].words.split(', '));
  await expect(most.locator('.mark')).toHaveText(byCell['token-drift.fencing-le'].words.split(', '));
  await expect(less.locator('.mark.broke-stale')).toHaveText('stale');
  await expect(most.locator('.mark.broke-stale')).toHaveCount(0);
  await expect(less).toHaveAttribute('data-verdicts', /stale_overwrites:fails/);
  await expect(most).toHaveAttribute('data-verdicts', /stale_overwrites:holds/);
  // Its twin: the lost update, which no fencing stops, is in both.
  await expect(less.locator('.mark.broke-lost')).toHaveText('lost');
  await expect(most.locator('.mark.broke-lost')).toHaveText('lost');
  // The row says what else it lets strike, and why.
  await expect(page.getByTestId('argument-table').locator('tr', { has: less })).toContainText('A stops 0..10 ticks after acquiring');
  await expect(page.getByTestId('argument-also')).toContainText('a tied token harms the data only when the older holder writes last');
  // The section on < and <= points here, naming this row.
  await expect(page.getByTestId('comparison-table')).toContainText('where < and <= part, is “tokens drift apart, and A stops”');
  // Picked, the < cell draws the stale write: accepted with a tied token.
  await less.getByRole('button').click();
  await expect(page.getByTestId('argument-shown')).toContainText('breaks "no write made under an older lease lands over a newer lease\'s write');
  await expect(page.getByTestId('timeline-argument').locator('svg')).toBeVisible();
});

/** Every cell as the CLI finds it: its verdicts, in the table `within`. */
async function matchesCli(within: Page | FrameLocator) {
  for (const c of cli()) {
    const cell = within.getByTestId(`argument-cell-${c.cell}`);
    const verdicts = (await cell.getAttribute('data-verdicts'))!.split(' ').map((pv) => pv.split(':'));
    expect(Object.fromEntries(verdicts), c.cell).toEqual(c.properties);
  }
}

test('the table comes whole with the page: no search waited for, no worker asked, its height never changes', async ({ page }) => {
  // Every height the embedded table's document takes, frame by frame,
  // from the frame the table first appears in.
  await page.addInitScript(() => {
    const w = window as unknown as { heights: number[] };
    w.heights = [];
    const look = () => {
      if (document.querySelector('[data-testid="argument-table"]')) {
        const height = document.documentElement.scrollHeight;
        if (w.heights.at(-1) !== height) w.heights.push(height);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto('./?embed=argument');
  await searched(page);
  await expect(page.getByTestId('argument-table')).not.toContainText('…');
  await matchesCli(page);
  await page.waitForLoadState('networkidle');
  const heights = await page.evaluate(() => (window as unknown as { heights: number[] }).heights);
  expect(heights.length).toBeGreaterThan(0);
  expect(new Set(heights).size, `heights: ${heights}`).toBe(1);
  // The build searched the cells; the page asked no worker to.
  expect(await page.evaluate(() => performance.getEntriesByName('dlock:argument-started').length)).toBe(0);
});

test('with no Web Worker to be had, the table is whole and picks still draw', async ({ page }) => {
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'Worker', {
      value: class { constructor() { throw new DOMException('blocked by this test', 'SecurityError'); } },
    });
  });
  await page.goto('./?cell=pause.fencing#argument');
  await searched(page);
  await expect(page.getByTestId('argument-table')).not.toContainText('…');
  await matchesCli(page);
  await expect(page.getByTestId('timeline-argument').locator('svg')).toBeVisible();
  expect(errors).toEqual([]);
});

test('in a frame sandboxed with allow-scripts only, where no Worker starts, the table is whole', async ({ page }) => {
  await page.goto('http://127.0.0.1:4175/table-host.html');
  const frame = page.frameLocator('#table');
  await expect(frame.getByTestId('argument-status')).toContainText(done);
  await expect(frame.getByTestId('argument-table')).not.toContainText('…');
  await expect(frame.getByTestId('argument')).not.toContainText('Worker');
  await matchesCli(frame);
});

test('a link naming no cell says so and selects none', async ({ page }) => {
  await page.goto('./?cell=pause.delayed-restart');
  await expect(page.getByTestId('notices')).toContainText("cell = 'pause.delayed-restart' is not a cell of the table");
  await expect(page.getByTestId('argument-shown')).toHaveCount(0);
});

test('embed=argument shows the table alone, and in a phone\'s 343 or 360 px frame it fits without a sideways scroll', async ({ page }) => {
  for (const width of [343, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('about:blank');
    await page.goto('./?embed=argument&cell=pause.validity');
    await expect(page.getByTestId('embedded')).toHaveAttribute('data-figure', 'argument');
    await searched(page);
    await expect(page.getByTestId('argument-shown')).toContainText('a client stops after acquiring, validity check: found mutex (mutual exclusion, unlocked writes); stale (stale overwrites); lost (lost updates)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    // Its twin: the table is all there, its last column on screen, and
    // every cell's words whole, none cut.
    const table = page.getByTestId('argument-table');
    const right = await table.evaluate((t) => t.getBoundingClientRect().right);
    expect(right, `${width} px`).toBeLessThanOrEqual(width);
    await expect(table.locator('td button')).toHaveCount(49);
    const last = await page.getByTestId('argument-cell-restart.delayed-restart').evaluate((td) => td.getBoundingClientRect().right);
    expect(last, `${width} px`).toBeLessThanOrEqual(width);
    const cut = await table.locator('button').evaluateAll((buttons) =>
      buttons.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.getAttribute('data-cell')));
    expect(cut, `${width} px`).toEqual([]);
  }
});

test('the table exports as dlock argument prints it, and as each cell\'s check in JSON', async ({ page }) => {
  await page.goto('./#argument');
  await searched(page);
  await reveal(page, 'export-argument-txt');
  const [text] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-argument-txt').click()]);
  const body = require('node:fs').readFileSync(await text.path(), 'utf8');
  const printed = dlock(['argument']);
  // The table and its bounds as the CLI prints them (the CLI adds a line
  // on how to see one cell).
  expect(printed.startsWith(body.trimEnd())).toBe(true);
  await reveal(page, 'export-argument-json');
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-argument-json').click()]);
  const reports = JSON.parse(require('node:fs').readFileSync(await json.path(), 'utf8'));
  const cells = cli();
  expect(reports.length).toBe(cells.length);
  expect(reports.map((r: { states: number }) => r.states)).toEqual(cells.map((c) => c.states));
});

test('every term the table and its counterexamples use is defined in the page\'s text where it first appears', async ({ page }) => {
  await page.goto('./?cell=token-drift.fencing#argument');
  await searched(page);
  await expect(page.getByTestId('timeline-argument').locator('svg')).toBeVisible();
  // And a counterexample of "Every schedule" open, which counts its steps.
  await page.locator('#every-schedule').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
  await page.getByTestId('check-cell-0-stale_overwrites').getByRole('button').click();
  await expect(page.getByTestId('check-counterexample-heading')).toContainText('steps');
  // The page's text in reading order, the figures' labels included.
  const text = (await page.locator('main').evaluate((el) => el.textContent ?? '')).replace(/\s+/g, ' ');
  const definedAt = (term: string, definition: string) => {
    const at = text.indexOf(definition);
    expect(at, definition).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(term), term).toBe(at + definition.indexOf(term));
  };
  definedAt('T1', 'notes the time T1 as it asks');
  definedAt('T2', 'T2 once a majority has answered');
  definedAt('horizon', 'the horizon (the tick at which clients stop retrying)');
  // A length in steps ("broken after 5 steps") comes after the sentence
  // that says what a step is ("a clock steps forward" is another word).
  const step = text.indexOf('steps (a step is one event of a run');
  expect(step).toBeGreaterThanOrEqual(0);
  expect(text.search(/\d+ steps(?! forward)/)).toBeGreaterThan(step);
  // Each property's name first appears in the section in the legend, with
  // its meaning, before a cell's sentence or hover text names it (the
  // legend's own mark words aside).
  const section = (await page.locator('#argument').evaluate((el) => {
    const copy = el.cloneNode(true) as Element;
    copy.querySelectorAll('.argument-legend dt').forEach((dt) => dt.remove());
    return copy.textContent ?? '';
  })).replace(/\s+/g, ' ');
  const legend = dlock(['argument']).split('\n').filter((l) => /^"(lock|mutex|stale|lost|liveness)": /.test(l));
  expect(legend.length).toBe(5);
  let names = 0;
  for (const line of legend) {
    for (const [, name, meaning] of line.matchAll(/(?:^"[a-z]+": |; (?:or )?)([a-z ]+) \(([^)]*)/g)) {
      const definition = `${name} (${meaning}`;
      expect(section.indexOf(definition), definition).toBeGreaterThanOrEqual(0);
      expect(section.indexOf(name), name).toBe(section.indexOf(definition));
      names += 1;
    }
  }
  // Every property checked is named, once each.
  const checked = JSON.parse(dlock(['argument', '--cell', 'pause.none', '--json'])).properties;
  expect(checked.length).toBeGreaterThanOrEqual(10);
  expect(names).toBe(checked.length);
  // The glossary says what <= changes, and that a tie cuts both ways.
  await expect(page.locator('dt:has(#term-fencing-le) + dd')).toContainText('<= where fencing has <');
  await expect(page.locator('dt:has(#term-token-tie) + dd')).toContainText('Whichever of the two writes second, < lets it through and <= refuses it');
});
