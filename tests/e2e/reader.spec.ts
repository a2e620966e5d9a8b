import { test, expect } from '@playwright/test';
import { dlock, networkQuiet, studyBuilt } from './helpers';

// The reader's path (issue "The reader's path"): what a student sent by a
// course link meets first, and a page that never contradicts itself.

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };

test('at 1280 x 900 the first screen names the question and shows the corrupted run, playable and draggable', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('./');
  const lede = page.getByTestId('lede');
  await expect(lede).toContainText('Redlock');
  await expect(lede).toContainText('Kleppmann');
  // Both sides of the debate are named, antirez before any section uses the name.
  await expect(lede).toContainText('Salvatore Sanfilippo (antirez)');
  await expect(lede).toContainText('?');
  const timeline = page.getByTestId('timeline').locator('svg');
  await expect(timeline).toBeVisible();
  const box = (await timeline.boundingBox())!;
  expect(box.y + box.height, 'the whole timeline on the first screen').toBeLessThanOrEqual(DESKTOP.height);
  // Playable and draggable from there: the play button and A's grips.
  const play = page.getByTestId('play');
  expect((await play.boundingBox())!.y).toBeLessThan(DESKTOP.height);
  await expect(page.getByTestId('timeline').locator('.grip').first()).toBeAttached();
  await expect(page.getByTestId('try')).toContainText('drag');
  await expect(page.getByTestId('corrupted-heading')).toHaveText('The corrupted run');
});

test('on a phone the timeline is the first thing after the title', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('./');
  await expect(page.getByTestId('timeline').locator('svg')).toBeVisible();
  // In document order, nothing drawn or tabled comes between the title and the timeline.
  const first = await page.evaluate(() => {
    const all = Array.from(document.querySelectorAll('main svg, main table, main fieldset'));
    const figure = all.find((e) => !e.closest('header') && !e.classList.contains('visually-hidden'));
    return figure?.closest('[data-testid]')?.getAttribute('data-testid');
  });
  expect(first).toBe('timeline');
});

test('the run section is headed by what the run on screen came to', async ({ page }) => {
  await page.goto('./?pause_len=5#corrupted');
  const heading = page.getByTestId('corrupted-heading');
  await expect(heading).not.toContainText('corrupted');
  const outcome = /final value: '[AB]*' \(a serial run gives '[AB]*'\): (.*)/.exec(dlock(['run', '--pause-len', '5']))![1];
  await expect(heading).toHaveText(`The run: ${outcome}`);
  await page.goto('./?fencing=1#corrupted');
  await expect(heading).toHaveText('The run: stale write rejected');
});

test('the fenced section shows the fenced run whatever the page-wide switch says, and "show me" 5 and 7 land on it', async ({ page }) => {
  for (const query of ['?fencing=1#fenced', '?fencing=0#fenced', '#fenced']) {
    await page.goto(`./${query}`);
    const figure = page.getByTestId('timeline-other');
    await expect(figure).toContainText('REJECTED');
    await expect(figure).toContainText('with fencing');
    await expect(page.getByTestId('diff-lines')).toContainText('unfenced:');
  }
  await page.goto('./#check');
  await page.getByTestId('q5-show').click();
  await expect(page.getByTestId('timeline-other')).toContainText('REJECTED');
  await expect(page.getByTestId('timeline-other')).not.toContainText('write \'A\' · token 1 · ACCEPTED');
});

test('"show me" 7, about a store with no fencing tokens, opens check-and-set with fencing off', async ({ page }) => {
  await page.goto('./#check');
  await page.getByTestId('q7-show').click();
  await expect(page).toHaveURL(/cas=1/);
  await expect(page).not.toHaveURL(/fencing=1/);
  await expect(page.getByTestId('toggle-cas')).toBeChecked();
  await expect(page.getByTestId('toggle-fencing')).not.toBeChecked();
  await expect(page.getByTestId('final-value')).toHaveText("'B'");
  await page.getByTestId('q7').locator('summary').click();
  await expect(page.getByTestId('q7')).toContainText('check-and-set on the lock\'s id');
});

test('"show me" 4 says that its check moves the start of the pause', async ({ page }) => {
  await page.goto('./#check');
  await page.getByTestId('q4-show').click();
  await expect(page.getByTestId('input-pause_from')).toHaveValue('9');
  await page.getByTestId('q4').locator('summary').click();
  await expect(page.getByTestId('q4')).toContainText('the pause now starts at t=9 and A still writes at t=16');
});

test('with the re-check on, a typed pause length stays as typed and the check follows the write', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('toggle-recheck').check();
  for (const len of ['6', '14']) {
    await page.getByTestId('input-pause_len').fill(len);
    await page.getByTestId('input-pause_len').press('Enter');
  }
  await expect(page.getByTestId('input-pause_len')).toHaveValue('14');
  await expect(page.getByTestId('input-pause_from')).toHaveValue('2');
  await expect(page.getByTestId('input-recheck')).toHaveValue('16');
});

test('question 3 qualifies its claim by what the one-tick run really does', async ({ page }) => {
  await page.goto('./#check');
  const unlocked = (text: string) => Number(/unlocked writes: (\d+)/.exec(text)![1]);
  const [short, plain] = [dlock(['run', '--ttl', '1']), dlock(['run'])];
  const question = page.getByTestId('q3');
  if (unlocked(short) !== unlocked(plain)) {
    await expect(question).not.toContainText('exactly as the default');
    await question.locator('summary').click();
    await expect(question).toContainText(`${unlocked(short)} writes are made without the lock`);
  } else {
    await expect(question).toContainText('exactly as the default');
  }
});

test('the sentence over the cluster table counts the rows the table has', async ({ page }) => {
  for (const query of ['', '?add_n=101']) {
    await page.goto(`./${query}#servers`);
    // The table and its sentence are drawn together; read both once they
    // agree, never a half-drawn page (a busy machine draws it late).
    const rows = page.getByTestId('cluster-sizes').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect
      .poll(async () => {
        const n = await rows.count();
        const sentence = (await page.getByTestId('cluster-range').textContent()) ?? '';
        return sentence.includes(`${n} cluster sizes`) ? 'they agree' : `${n} rows under "${sentence}"`;
      })
      .toBe('they agree');
    if (query) await expect(page.getByTestId('cluster-range')).toContainText('to 101');
  }
});

test("the grants table says both when B's lease was granted until and when it was released", async ({ page }) => {
  await page.goto('./#corrupted');
  const granted = /\[12, (\d+)\), released at (\d+)/.exec(dlock(['run']))!;
  const transcript = page.getByTestId('transcript');
  await page.locator('details.transcript-panel > summary').click();
  await expect(transcript).toContainText(granted[0]);
  // The acquire line says the same window, as what B trusts.
  await expect(transcript).toContainText(`trusted over [12, ${granted[1]})`);
  await expect(transcript).toContainText("server's lease");
});

test('with a re-check inside the pause, the inputs show the pause that is drawn', async ({ page }) => {
  await page.goto('./?recheck=9#model');
  // A ran up to its check at 9 and paused after it; it still writes at 16.
  await expect(page.getByTestId('input-pause_from')).toHaveValue('9');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('7');
  await expect(page.getByTestId('timeline').getByTestId('grip-pause-start')).toHaveAttribute('aria-valuenow', '9');
  await expect(page.getByTestId('timeline').getByTestId('grip-pause-end')).toHaveAttribute('aria-valuenow', '16');
  // The same run as the link's own words: the CLI, given them, says so.
  const cli = dlock(['run', '--recheck-at', '9']);
  await page.locator('details.transcript-panel > summary').click();
  expect(cli).toContain(await page.getByTestId('transcript').textContent());
});

test('the words the figures use are defined on the first figure, before any legend uses them', async ({ page }) => {
  await page.goto('./');
  const terms = page.locator('#corrupted').getByTestId('terms').locator('dfn');
  await expect(terms).toHaveText([
    'ttl', 'quorum', 'token', 'fencing', 'fencing-le', 'check-and-set', 'token reversal', 'token tie', 'drift allowance', 'liveness',
    'starvation', 'serial answer', 'released early', 'corrupt', 'unlocked write', 'lost update', 'stale write accepted',
  ]);
  // Terms of art are defined in the text where they first appear, never
  // only in a tooltip (issue 52, finding 10): reading the page in order,
  // the first mention of each is in the list of terms.
  const TERMS = ['check-and-set', 'cas', 'fencing-le', 'drift allowance', 'token reversal', 'liveness', 'starvation'];
  const firsts = await page.evaluate((terms) => {
    const found: Record<string, string | null> = {};
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('title, option, script, style, template')) continue;
      const text = (node.textContent ?? '').toLowerCase();
      for (const term of terms) {
        if (term in found) continue;
        if (new RegExp(`(^|[^a-z-])${term.replace(/-/g, '\\-')}([^a-z-]|$)`).test(text)) {
          found[term] = element.closest('[data-testid=terms]') ? 'terms' : (element.closest('[data-testid]')?.getAttribute('data-testid') ?? element.tagName);
        }
      }
    }
    return found;
  }, TERMS);
  for (const term of TERMS) expect(firsts[term], term).toBe('terms');
  // The run section is the first; the staircase's legend comes later.
  const order = await page.evaluate(() => {
    const terms = document.querySelector('[data-testid=terms]')!;
    const legend = document.querySelector('#lease')!;
    return terms.compareDocumentPosition(legend) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  expect(order).toBeTruthy();
});

test('further reading links to each source, and the page still asks nothing of another origin, under its CSP too', async ({ page }) => {
  for (const origin of ['http://127.0.0.1:4173', 'http://127.0.0.1:4174']) {
    const requests: string[] = [];
    const violations: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
    await page.goto(`${origin}/#reading`);
    const links = page.getByTestId('reading').locator('li a');
    const items = page.getByTestId('reading').locator('li');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    await expect(links).toHaveCount(count);
    for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))) {
      expect(href).toMatch(/^https?:\/\//);
      expect(new URL(href).origin).not.toBe(origin);
    }
    await networkQuiet(page);
    expect(requests.filter((u) => !u.startsWith(origin)), origin).toEqual([]);
    expect(violations, origin).toEqual([]);
    page.removeAllListeners('request');
    page.removeAllListeners('console');
  }
});

test('one time axis: the marker for the tick a lease ends sits at the end of its bars, an event where its spans begin', async ({ page }) => {
  await page.goto('./#corrupted');
  const svg = page.getByTestId('timeline').locator('svg');
  await expect(svg).toBeVisible();
  const xs = await svg.evaluate((el) => {
    const rect = (sel: string, title: RegExp) => Array.from(el.querySelectorAll(sel)).find((r) => title.test(r.querySelector('title')?.textContent ?? '')) as SVGGraphicsElement;
    const aLease = rect('.bar.lease-a rect', /lease to A/);
    const bLease = rect('.bar.lease-b rect', /lease to B/);
    const bAcquire = Array.from(el.querySelectorAll('.point.ev.acquire polygon')).find((p) => /^t=12: B/.test(p.querySelector('title')?.textContent ?? '')) as SVGPolygonElement;
    const line = (i: number) => Number(el.querySelectorAll('.instant-lines line')[i].getAttribute('x1'));
    const labels = Array.from(el.querySelectorAll('.instant text')).map((t) => t.textContent);
    const ends = labels.findIndex((t) => t?.startsWith("A's lease ends"));
    const arrives = labels.findIndex((t) => t?.startsWith('B arrives'));
    const aEnd = Number(aLease.getAttribute('x')) + Number(aLease.getAttribute('width'));
    const bStart = Number(bLease.getAttribute('x'));
    const points = bAcquire.getAttribute('points')!.split(' ').map((p) => Number(p.split(',')[0]));
    return { aEnd, endsLine: line(ends), bStart, arrivesLine: line(arrives), acquire: points[0] };
  });
  expect(Math.abs(xs.endsLine - xs.aEnd)).toBeLessThan(1);
  expect(Math.abs(xs.arrivesLine - xs.bStart)).toBeLessThan(1);
  // B's acquire is the second event of its tick: beside the arrival, within half a tick.
  expect(xs.acquire).toBeGreaterThanOrEqual(xs.bStart);
});

test("same-tick writes both show on the resource lane, A's first, at both sizes", async ({ page }) => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('./?pause_len=12&fencing=1#corrupted');
    const svg = page.getByTestId('timeline').locator('svg');
    await expect(svg).toBeVisible();
    const writes = await svg.evaluate((el) => Array.from(el.querySelectorAll('.point.ev.write polygon'))
      .map((p) => ({ title: p.querySelector('title')?.textContent ?? '', x: Number(p.getAttribute('points')!.split(' ')[0].split(',')[0]) }))
      .filter((w) => w.title.startsWith('t=14') && / resource|'s write /.test(w.title)));
    const onResource = writes.filter((w) => /^t=14: [AB]'s write/.test(w.title));
    expect(onResource.map((w) => w.title.slice(6, 7))).toEqual(['A', 'B']);
    expect(onResource[1].x - onResource[0].x, `${size.width}`).toBeGreaterThanOrEqual(4);
  }
});

test('each figure has one share and export menu, closed until opened, by keyboard too', async ({ page }) => {
  await page.goto('./');
  const menus = page.locator('details.share-menu');
  await expect(menus.first()).toBeAttached();
  await studyBuilt(page);
  const count = await menus.count();
  expect(count).toBeGreaterThanOrEqual(10);
  expect(await menus.evaluateAll((ds) => ds.filter((d) => (d as HTMLDetailsElement).open).length)).toBe(0);
  // Closed, none of its buttons is on the page.
  await expect(page.getByTestId('copy-link-timeline')).toBeHidden();
  await expect(page.getByTestId('export-timeline-svg')).toBeHidden();
  const menu = page.getByTestId('menu-timeline');
  await expect(menu).toHaveAccessibleName('Share or export the lease timeline');
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('copy-link-timeline')).toBeVisible();
  await expect(page.getByTestId('export-timeline-svg')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('copy-link-timeline')).toBeHidden();
});

test('the dlock commands and the transcripts wait behind a disclosure', async ({ page }) => {
  await page.goto('./');
  for (const id of ['transcript-command', 'transcript', 'heatmap-command', 'command-restart', 'transcript-restart']) {
    await expect(page.getByTestId(id), id).toBeAttached();
    await expect(page.getByTestId(id), id).toBeHidden();
  }
});

test('the study stays within its height budget at both sizes', async ({ page }) => {
  // Measured with every section laid out. At 1280 x 900 the study must
  // read in one sitting: 15,000 px is the budget BENCHMARKS.md reports. On
  // a phone the budget is the height the study has now, so no change adds
  // length without someone deciding it should: a change that needs more
  // raises the figure here, in a commit that says why.
  for (const [size, budget] of [[DESKTOP, 15_000], [PHONE, 31_300]] as const) {
    await page.setViewportSize(size);
    await page.goto('./');
    await expect(page.getByTestId('final-value')).toBeVisible();
    // Measured once every schedule is checked and every cell of the table
    // searched: their status lines, notes and cells change length while
    // they run.
    await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
    await expect(page.getByTestId('argument-status')).toContainText(/All \d+ cells searched/);
    await studyBuilt(page);
    const tall = await page.evaluate(async () => {
      document.querySelectorAll('.study-section').forEach((s) => { (s as HTMLElement).style.contentVisibility = 'visible'; });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return document.documentElement.scrollHeight;
    });
    expect(tall, `${size.width} x ${size.height}`).toBeLessThanOrEqual(budget);
  }
});

test('the page is as tall at load as once every section is drawn, so the scrollbar does not jump', async ({ page }) => {
  // Sections out of view stand in at their measured size (www/sections.css,
  // written by scripts/measure_sections.sh): run it again if this fails.
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('./');
    await expect(page.getByTestId('final-value')).toBeVisible();
    const atLoad = await page.evaluate(() => document.documentElement.scrollHeight);
    // Drawn as it stays: once every schedule is checked and every cell
    // of the table searched, since their status lines, notes and cells
    // change length while they run (the stand-in sizes are measured so
    // too).
    await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
    await expect(page.getByTestId('argument-status')).toContainText(/All \d+ cells searched/);
    await studyBuilt(page);
    const drawn = await page.evaluate(async () => {
      document.querySelectorAll('.study-section').forEach((s) => { (s as HTMLElement).style.contentVisibility = 'visible'; });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return document.documentElement.scrollHeight;
    });
    expect(Math.abs(atLoad - drawn), `${size.width} x ${size.height}: ${atLoad} px at load, ${drawn} px drawn`)
      .toBeLessThanOrEqual(drawn * 0.02);
  }
});

test("on a phone the resource lane still names its values, and no leader line crosses another's label", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const query of ['', '?pause_len=12&fencing=1', '?b_arrives=3&ttl=4']) {
    await page.goto(`./${query}`);
    const svg = page.getByTestId('timeline').locator('svg');
    await expect(svg).toBeVisible();
    const found = await svg.evaluate((el) => {
      const texts = Array.from(el.querySelectorAll('text')).map((t) => t.textContent ?? '');
      const lines = Array.from(el.querySelectorAll('.instant-lines line')).map((l) => ({
        x: Number(l.getAttribute('x1')), y1: Number(l.getAttribute('y1')), y2: Number(l.getAttribute('y2')),
      }));
      const labels = Array.from(el.querySelectorAll('.instant text')).map((t) => (t as SVGGraphicsElement).getBBox());
      const crossings: string[] = [];
      lines.forEach((line, i) => labels.forEach((b, j) => {
        if (i !== j && line.x > b.x + 1 && line.x < b.x + b.width - 1 && line.y2 > b.y + 1 && line.y1 < b.y + b.height - 1) crossings.push(`${i}→${j}`);
      }));
      return { texts, crossings };
    });
    const final = /final value: '([AB]*)'/.exec(dlock(['run', ...query.slice(1).split('&').filter(Boolean).flatMap((kv) => {
      const [k, v] = kv.split('=');
      return ({ pause_len: ['--pause-len', v], fencing: ['--fencing'], b_arrives: ['--b-arrives', v], ttl: ['--ttl', v] } as Record<string, string[]>)[k];
    })]))![1];
    // The final value is written somewhere on the resource lane's labels.
    expect(found.texts.some((t) => t.includes(`'${final}'`)), `${query}: '${final}' in ${found.texts}`).toBe(true);
    expect(found.crossings, query).toEqual([]);
  }
});

test('on a phone a staircase cell is picked by its lease and pause, the picture kept whole', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('./#lease');
  await expect(page.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  const canvas = (await page.getByTestId('heatmap-canvas').boundingBox())!;
  const columns = await page.getByTestId('heatmap-table').locator('thead th').count();
  expect(canvas.width / Math.max(columns - 1, 1), 'cells too small for a finger').toBeLessThan(12);
  const picker = page.getByTestId('cell-picker');
  await expect(picker).toBeVisible();
  await page.getByTestId('pick-ttl').selectOption({ label: '25' });
  await page.getByTestId('pick-pause').selectOption({ label: '30' });
  const outcome = /final value: '[AB]*' \(a serial run gives '[AB]*'\): (.*)/.exec(dlock(['run', '--ttl', '25', '--pause-len', '30']))![1];
  await expect(page.getByTestId('pick-words')).toContainText(outcome);
  await page.getByTestId('pick-load').click();
  await expect(page.getByTestId('input-ttl')).toHaveValue('25');
  await expect(page.getByTestId('input-pause_len')).toHaveValue('30');
  // With a mouse on a wide screen the cells are big enough to click.
  await page.setViewportSize(DESKTOP);
  await expect(picker).toBeHidden();
});

test('on a phone the fenced diff wraps, so ACCEPTED and REJECTED read without scrolling sideways', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('./#fenced');
  const lines = page.getByTestId('diff-lines').locator('pre');
  await expect(lines.first()).toBeVisible();
  for (const pre of await lines.all()) {
    const [scroll, client] = await pre.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
  }
  await expect(page.getByTestId('diff-lines')).toContainText('ACCEPTED');
  await expect(page.getByTestId('diff-lines')).toContainText('REJECTED');
});
