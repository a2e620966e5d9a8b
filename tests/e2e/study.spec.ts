import { test, expect, Page } from '@playwright/test';
import { dlock, studyBuilt } from './helpers';

const SECTIONS = ['corrupted', 'argument', 'problem', 'model', 'arithmetic', 'fenced', 'servers', 'lease', 'vanish',
  'recheck', 'acquiring', 'comparison', 'simplified', 'fault', 'real', 'both-sides', 'every-schedule', 'check', 'reading'];

test('the study has its sections in order, each with its figure', async ({ page }) => {
  await page.goto('./');
  // Retried until the app has mounted every section (evaluateAll alone does not wait).
  await expect.poll(() => page.locator('section.study-section').evaluateAll((els) => els.map((e) => e.id))).toEqual(SECTIONS);
  const figures: Record<string, string> = {
    problem: 'no-expiry', model: 'model-sentence', corrupted: 'timeline', fenced: 'timeline-other', servers: 'cluster-sizes',
    lease: 'heatmap', vanish: 'late-b', recheck: 'recheck', comparison: 'comparison', reading: 'reading',
    'both-sides': 'both-sides',
  };
  for (const [section, figure] of Object.entries(figures)) {
    await expect(page.locator(`#${section}`).getByTestId(figure).first()).toBeVisible();
  }
  await expect(page.getByTestId('toc').locator('a')).toHaveCount(SECTIONS.length);
  // The run's parameters sit with the timeline they drive, in the first
  // section, not two sections below it (issue 52).
  await expect(page.locator('#corrupted').getByTestId('controls')).toBeVisible();
  await expect(page.locator('#model').getByTestId('controls')).toHaveCount(0);
});

/** What a test does the moment the page marks itself live
 * (`dlock:first-render`), in the same task, before the page's next step:
 * the page's policy allows no eval, so each is written out here. */
type AtLive = 'record' | 'follow a link' | 'print';

/** Records, the moment the page is live, which sections are still waiting
 * to be built (`__atLive`), then does `then`. */
async function atLive(page: Page, then: AtLive = 'record') {
  await page.addInitScript((then) => {
    const w = window as any;
    const mark = performance.mark.bind(performance);
    const waiting = () => [...document.querySelectorAll('.study-section[data-unbuilt]')].map((s) => s.id);
    performance.mark = (name: string, options?: PerformanceMarkOptions) => {
      if (name === 'dlock:first-render' && w.__atLive === undefined) {
        w.__atLive = { waiting: waiting(), sections: document.querySelectorAll('.study-section').length };
        // Each section as it is built, in order.
        w.__order = [];
        new MutationObserver((changes) => {
          for (const c of changes) {
            const el = c.target as Element;
            if (!el.hasAttribute('data-unbuilt')) w.__order.push(el.id);
          }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-unbuilt'] });
        // A link into a section below: a figure deep in the faults' section.
        if (then === 'follow a link') location.hash = '#restart';
        // The browser's print: its beforeprint, then what is still waiting
        // once the page's reaction to it has run.
        if (then === 'print') {
          dispatchEvent(new Event('beforeprint'));
          setTimeout(() => { w.__afterPrint = waiting(); }, 0);
        }
      }
      return mark(name, options);
    };
  }, then);
}

const recorded = (page: Page) => page.evaluate(() => (window as any).__atLive as { waiting: string[]; sections: number });

test('the plain page is live with its opening built, then builds every section below it, top to bottom', async ({ page }) => {
  await atLive(page);
  await page.goto('./');
  await studyBuilt(page);
  const live = await recorded(page);
  expect(live.sections).toBe(SECTIONS.length);
  expect(live.waiting).toEqual(SECTIONS.slice(1));
  expect(await page.evaluate(() => (window as any).__order)).toEqual(SECTIONS.slice(1));
  expect(await page.evaluate(() => performance.getEntriesByName('dlock:study-built').length)).toBe(1);
  // Its twin: every section built has its body, not only its heading.
  for (const id of SECTIONS) {
    expect(await page.locator(`#${id} > :not(.section-head)`).count(), id).toBeGreaterThan(0);
  }
  await expect(page.locator('#lease').getByTestId('heatmap')).toBeVisible();
});

test('a link with parameters or to a place builds every section as the page starts', async ({ page }) => {
  for (const address of ['./?ttl=12', './#lease']) {
    await atLive(page);
    await page.goto(address);
    await page.getByTestId('final-value').waitFor();
    const live = await recorded(page);
    expect(live.sections, address).toBe(SECTIONS.length);
    expect(live.waiting, address).toEqual([]);
  }
});

test('following a link into a section not built yet builds the study and lands on the place', async ({ page }) => {
  await atLive(page, 'follow a link');
  await page.goto('./');
  await studyBuilt(page);
  expect((await recorded(page)).waiting).toContain('fault');
  await expect(page.locator('#restart')).toBeInViewport();
});

test('printing before the study is built builds every section first', async ({ page }) => {
  await atLive(page, 'print');
  await page.goto('./');
  await page.waitForFunction(() => (window as any).__afterPrint !== undefined);
  expect((await recorded(page)).waiting).toEqual(SECTIONS.slice(1));
  expect(await page.evaluate(() => (window as any).__afterPrint)).toEqual([]);
});

test('the table of contents keeps the section being read in view', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('./');
  const toc = page.getByTestId('toc');
  const inView = async (name: string) => {
    const link = toc.locator('a', { hasText: name });
    // Not yet the section being read: the poll scrolls again.
    if (!/\bactive\b/.test((await link.getAttribute('class')) ?? '')) return false;
    const [nav, box] = [await toc.boundingBox(), await link.boundingBox()];
    if (!nav || !box) throw new Error('no box');
    return box.x >= nav.x - 1 && box.x + box.width <= nav.x + nav.width + 1;
  };
  // The list is wider than the window: the last sections start off screen.
  const last = toc.locator('a', { hasText: 'Reading' });
  const lastBox = await last.boundingBox();
  const navBox = await toc.boundingBox();
  expect(lastBox && navBox && lastBox.x + lastBox.width > navBox.x + navBox.width).toBe(true);
  // Sections lay out as they come into view, so reaching the end can take
  // more than one scroll: keep scrolling, as a reader would.
  await expect.poll(async () => {
    await page.locator('#reading').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    return inView('Reading');
  }).toBe(true);
  await expect.poll(async () => {
    await page.locator('#corrupted').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, -400);
    return inView('The run');
  }).toBe(true);
});

test('on a laptop every entry of the contents is in view, on two lines', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./');
  const toc = page.getByTestId('toc');
  const nav = (await toc.boundingBox())!;
  const links = await toc.locator('a').evaluateAll((as) => as.map((a) => a.getBoundingClientRect().toJSON()));
  expect(links.length).toBe(SECTIONS.length);
  for (const box of links) expect(box.right, 'inside the contents').toBeLessThanOrEqual(nav.x + nav.width);
  expect(new Set(links.map((b) => Math.round(b.top))).size).toBe(2);
});

test('where the contents run past an edge, that edge is shaded, and only that edge', async ({ page, context }) => {
  const decoder = await context.newPage();
  // Narrower than a laptop, where the contents scroll sideways.
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('./');
  const toc = page.getByTestId('toc');
  await expect(toc.locator('a.active')).toHaveCount(1);
  // The darkness of a 2 px strip at each end of the contents, in the top
  // padding where no link's text reaches: 0 is the page's own colour.
  const shade = async () => {
    const box = (await toc.boundingBox())!;
    const strip = async (x: number) => (await page.screenshot({ clip: { x, y: box.y + 1, width: 2, height: 2 } })).toString('base64');
    const [left, right] = [await strip(box.x), await strip(box.x + box.width - 2)];
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number));
    // Decoded on a blank page: the study's own policy refuses data: URLs.
    return decoder.evaluate(async ([l, r, bg]) => {
      const darkness = async (png: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
        return Math.abs(r - bg[0]) + Math.abs(g - bg[1]) + Math.abs(b - bg[2]);
      };
      return { left: await darkness(l), right: await darkness(r) };
    }, [left, right, bg] as const);
  };
  const ends = (at: 'start' | 'middle' | 'end') => toc.evaluate((nav, where) => {
    nav.scrollLeft = where === 'start' ? 0 : where === 'end' ? nav.scrollWidth : (nav.scrollWidth - nav.clientWidth) / 2;
  }, at);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await ends('start');
    expect(await shade(), `${scheme}, at the start`).toEqual({ left: 0, right: expect.any(Number) });
    expect((await shade()).right, `${scheme}, at the start`).toBeGreaterThan(20);
    await ends('middle');
    const middle = await shade();
    expect(Math.min(middle.left, middle.right), `${scheme}, in the middle`).toBeGreaterThan(20);
    await ends('end');
    expect(await shade(), `${scheme}, at the end`).toEqual({ left: expect.any(Number), right: 0 });
    expect((await shade()).left, `${scheme}, at the end`).toBeGreaterThan(20);
  }
});

test('the sentences change with the parameters', async ({ page }) => {
  await page.goto('./');
  const arithmetic = page.getByTestId('arithmetic');
  await expect(arithmetic).toContainText('[0, 10)');
  await expect(arithmetic).toContainText("writes 'A' with token 1 at t=16, 6 ticks after its lease ended");
  await expect(page.getByTestId('holders')).toHaveText('Who holds a quorum: at t=9, A; at t=10, nobody; at t=14, B; at t=16, nobody.');
  await expect(page.getByTestId('inequality')).toContainText('= 14 < 16');
  await page.goto('./?ttl=25');
  await expect(arithmetic).toContainText('a 25-tick lease, and releases it at t=17, once its write is done');
  await expect(arithmetic).toContainText('gets 5 of 5 votes at t=17');
  await expect(arithmetic).toContainText("ends at 'AB'");
  await expect(arithmetic).not.toContainText('[0, 10)');
  await expect(page.getByTestId('inequality')).toContainText('= 19 > 16');
  await expect(page.getByTestId('fencing-sentence')).toContainText("final value is 'AB' either way");
  // A write in time: the lock did its job, and the page says so.
  await expect(page.getByTestId('a-write-explained')).toContainText('A writes while it still holds a quorum');
  // A wedged lock: no write, and the holders sentence still names a tick.
  await page.goto('./?expiry=0&crash=1');
  await expect(page.getByTestId('holders')).toHaveText(/^Who holds a quorum: at t=\d+, A\.$/);
  await expect(page.getByTestId('a-write-explained')).toContainText('A makes no write here');
});

test('cluster sizes give identical rows, and a size can be added', async ({ page }) => {
  await page.goto('./');
  const table = page.getByTestId('cluster-sizes');
  await expect(table.locator('tbody tr')).toHaveCount(6);
  await expect(page.getByTestId('cluster-summary')).toHaveText("All 6 rows end the same way: final value 'A', 1 stale overwrite, 0 overlapping grants.");
  await expect(table.locator('tbody tr').nth(5)).toContainText('51 of 51');
  await page.getByTestId('input-extra-n').fill('101');
  await page.getByTestId('input-extra-n').press('Enter');
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await expect(table.locator('tbody tr').nth(6)).toContainText('51');
  await expect(page.getByTestId('cluster-summary')).toContainText('All 7 rows');
  // The added size is in the link, so whoever opens it sees the same table.
  await expect(page).toHaveURL(/[?&]add_n=101(&|$)/);
  await page.reload();
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await expect(page.getByTestId('input-extra-n')).toHaveValue('101');
  await page.getByTestId('input-extra-n').fill('');
  await page.getByTestId('input-extra-n').press('Enter');
  await expect(table.locator('tbody tr')).toHaveCount(6);
  await expect(page).not.toHaveURL(/add_n=/);
});

test('a point of the lease-length chart loads its ttl', async ({ page }) => {
  await page.goto('./');
  const point = page.getByTestId('lease-lengths').locator('circle[data-ttl="15"]');
  await expect(point).toHaveClass(/o-clean/);
  await expect(page.getByTestId('lease-lengths').locator('circle[data-ttl="10"]')).toHaveClass(/o-corrupt/);
  const row13 = page.getByTestId('lease-lengths-table').locator('tbody tr').nth(12);
  await expect(row13).toHaveText(/^13131'A'corrupt$/);
  await point.click();
  await expect(page.getByTestId('input-ttl')).toHaveValue('15');
  await expect(page.getByTestId('final-value')).toHaveText("'AB'");
  // The points are reachable from the keyboard too.
  await page.getByTestId('lease-lengths').locator('circle[data-ttl="12"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('input-ttl')).toHaveValue('12');
  await expect(page.getByTestId('lease-lengths').locator('circle[data-ttl="12"]')).toHaveClass(/current/);
  // The chart is redrawn to mark the new point; the point keeps the focus,
  // so Tab goes on to the next one instead of starting over.
  await expect.poll(() => page.url()).toContain('ttl=12');
  await expect(page.getByTestId('lease-lengths').locator('circle[data-ttl="12"]')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('lease-lengths').locator('circle[data-ttl="13"]')).toBeFocused();
});

test('moving B\'s arrival switches corruption off but not the unlocked write', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('late-b-readout')).toContainText("Final value 'A'");
  await page.getByTestId('late-b-slider').fill('100');
  await expect(page.getByTestId('late-b-readout')).toContainText("Final value 'AB'");
  await expect(page.getByTestId('late-b-unlocked')).toHaveText('yes');
  await expect(page.getByTestId('vanishing-sentence')).toContainText("final value 'AB', 0 stale overwrites, and A's write is still made without the lock");
  await expect(page.getByTestId('late-b-caption')).toContainText('at every arrival: it never goes away');
  // A pause short enough for A to write under its lease: no red, and the
  // caption no longer claims it never goes away.
  await page.goto('./?pause_len=5');
  await expect(page.getByTestId('late-b-caption')).toContainText('nowhere here: with these parameters A never writes without the lock');
  await expect(page.getByTestId('vanishing-sentence')).toContainText("A's write is made while A holds the lock");
});

test('re-checks at 2, 5 and 9 answer yes and corrupt; at the write, after the pause, it is saved', async ({ page }) => {
  await page.goto('./');
  const lines = page.getByTestId('recheck-lines').locator('li');
  await expect(lines).toHaveText([
    "Check at t=2: the lock service answers yes, A holds it — final value 'A', corrupt.",
    "Check at t=5: the lock service answers yes, A holds it — final value 'A', corrupt.",
    "Check at t=9: the lock service answers yes, A holds it — final value 'A', corrupt.",
    "Check at t=16: the lock service answers no, A lost it — final value 'B', clean.",
  ]);
  await expect(page.getByTestId('recheck-write')).toContainText('write skipped');
  await expect(page.getByTestId('recheck-9').locator('.bar.check-window')).toHaveCount(1);
  // A longer lease and pause: the last multiple still checks at A's write,
  // after the pause, and is still the only one that helps.
  await page.goto('./?ttl=25&pause_len=30');
  await expect(lines.last()).toHaveText("Check at t=32: the lock service answers no, A lost it — final value 'B', clean.");
  await expect(lines.first()).toHaveText("Check at t=2: the lock service answers yes, A holds it — final value 'A', corrupt.");
  await expect(page.getByTestId('recheck-write')).toContainText('write skipped');
});

test('< and <= agree on the stale writer, differ on a double write and on a tied token', async ({ page }) => {
  await page.goto('./');
  const rows = page.getByTestId('comparison').locator('tbody tr');
  await expect(rows).toHaveCount(6);
  // (c) a delayed restart started the shared server's counter again: B's
  // token ties A's, < lets A's stale write through and <= refuses it.
  await expect(rows.nth(4)).toContainText('t=16 A token 1 accepted');
  await expect(rows.nth(4)).toContainText("'A'");
  await expect(rows.nth(5)).toContainText('t=16 A token 1 REJECTED');
  const section = page.locator('#comparison');
  // A heading true of its table: neither comparison is right in every case.
  await expect(page.getByTestId('comparison-heading')).toHaveText('< or <=: a second write, and a tied token');
  await expect(section).toContainText("In case (c), B's token 1 ties A's: < accepts A's stale write, and <= refuses it.");
  await expect(section).not.toContainText('always strictly lower; rejecting');
  await expect(rows.nth(0)).toContainText('t=16 A token 1 REJECTED');
  await expect(rows.nth(1)).toContainText('t=16 A token 1 REJECTED');
  await expect(rows.nth(2)).toContainText('t=15 B token 2 accepted');
  await expect(rows.nth(2)).toContainText("'BB'");
  await expect(rows.nth(3)).toContainText('t=15 B token 2 REJECTED');
});

test('without expiry B waits for the release, and a crash wedges the lock', async ({ page }) => {
  await page.goto('./');
  const table = page.getByTestId('no-expiry');
  await expect(table.locator('tr[data-expiry="0"][data-crash="0"]')).toContainText("t=17");
  await expect(table.locator('tr[data-expiry="0"][data-crash="0"]')).toContainText("'AB'");
  await expect(table.locator('tr[data-expiry="0"][data-crash="1"]')).toContainText('never (still asking at t=216)');
  await expect(table.locator('tr[data-expiry="0"][data-crash="1"]')).toContainText('wedged');
});

const PRESETS: Array<[string, string, RegExp | string]> = [
  ['q1', 'cursor-holder', 'nobody'],
  ['q2', 'overlapping-grants', '0'],
  ['q3', 'final-value', "'A'"],
  ['q4', 'final-value', "'A'"],
  ['q5', 'final-value', "'B'"],
  ['q6', 'overlapping-grants', '0'],
  ['q7', 'final-value', "'B'"],
];

test('every "show me" preset loads the run its answer describes', async ({ page }) => {
  await page.goto('./?ttl=30&pause_len=3');
  for (const [q, testid, expected] of PRESETS) {
    await page.getByTestId(`${q}-show`).click();
    await expect(page.getByTestId(testid), q).toHaveText(expected);
  }
  await page.getByTestId('q3-show').click();
  await expect(page.getByTestId('input-ttl')).toHaveValue('1');
  await page.getByTestId('q4-show').click();
  await expect(page.getByTestId('recheck-lines')).toBeVisible();
  // The list numbers the questions; the text does not number them again.
  await expect(page.getByTestId('q1').locator('p').first()).toHaveText(/^When A's write lands/);
  await page.getByTestId('q1').locator('summary').click();
  await expect(page.getByTestId('q1')).toContainText('At t=16, nobody holds it');
  // The fenced question's values are core's: the fenced run's final value
  // and the serial answer.
  await expect(page.locator('#q5-text')).toHaveText("Fencing turns the final value into 'B', not 'AB'. Is that a bug in the fix?");
});

test('the command beside each transcript prints that transcript in a terminal', async ({ page }) => {
  // A run away from the study's, with switches on, and one scenario moved
  // off its preset: each command must carry every difference.
  await page.goto('./?ttl=25&pause_len=30&b_arrives=14&fencing=1&cmp=le&twice=1&restart_servers=2&cell=restart.validity');
  const panel = page.locator('.transcript-panel');
  await panel.locator('summary').click();
  const command = await page.getByTestId('transcript-command').textContent();
  expect(command).toBe('dlock run --ttl 25 --pause-len 30 --b-arrives 14 --fencing --loose --b-writes-twice');
  const args = command!.split(' ').slice(1);
  expect(dlock(args)).toBe(await page.getByTestId('transcript').textContent());

  const restart = page.getByTestId('command-restart');
  await expect(restart).toHaveText('dlock run --scenario restart --knob restart_servers=2');
  const transcript = page.getByTestId('transcript-restart');
  // Behind its disclosure with the transcript it prints.
  await page.locator('details.transcript', { has: transcript }).locator('summary').click();
  await expect(restart).toBeVisible();
  // The CLI adds the scenario's title above and its verdict below.
  expect(dlock((await restart.textContent())!.split(' ').slice(1))).toContain((await transcript.textContent())!);
  // Dragged, the command follows.
  await page.getByTestId('input-ttl').fill('12');
  await page.getByTestId('input-ttl').press('Enter');
  await expect(page.getByTestId('transcript-command')).toHaveText('dlock run --ttl 12 --pause-len 30 --b-arrives 14 --fencing --loose --b-writes-twice');
});
