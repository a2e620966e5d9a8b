import { test, expect, Page, Download, JSHandle } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { dlock, reveal } from './helpers';

async function save(page: Page, testid: string): Promise<{ download: Download; bytes: Buffer }> {
  await reveal(page, testid);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  const path = await download.path();
  return { download, bytes: readFileSync(path!) };
}

/** A PNG decoded by the browser onto a canvas in the page, to read its
 * size and colours back. */
async function pngCanvas(page: Page, bytes: Buffer): Promise<JSHandle<HTMLCanvasElement>> {
  return page.evaluateHandle(async (b64) => {
    const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [bitmap.width, bitmap.height];
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    return canvas;
  }, bytes.toString('base64'));
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('an exported file is named for what it shows: its figure, then the settings that differ', async ({ page }) => {
  await page.goto('./?ttl=25&fencing=1&t=12');
  const png = await save(page, 'export-timeline-png');
  expect(png.download.suggestedFilename()).toBe('dlock-timeline-ttl25-fencing.png');
  const svg = await save(page, 'export-heatmap-svg');
  // The staircase draws every ttl and pause length: the reader's pick of
  // one shapes neither its drawing nor its name.
  expect(svg.download.suggestedFilename()).toBe('dlock-heatmap-fencing.svg');
  await page.goto('./?fencing=1&pause_len=6');
  const same = await save(page, 'export-heatmap-svg');
  expect(same.download.suggestedFilename()).toBe('dlock-heatmap-fencing.svg');
  expect(same.bytes.equals(svg.bytes)).toBe(true);
});

test('the timeline exports as SVG that parses, and as PNG at twice its size', async ({ page }, info) => {
  await page.goto('./');
  const svg = await save(page, 'export-timeline-svg');
  expect(svg.download.suggestedFilename()).toBe('dlock-timeline.svg');
  const text = svg.bytes.toString('utf8');
  const parsed = await page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    // The page's own rules travel with the drawing, so it renders alone.
    const style = doc.querySelector('style')?.textContent ?? '';
    // Only those: no rule for the page's contents bar, sections or screens.
    const stray = ['.toc', '.study-section', '@media', '.check-matrix'].filter((rule) => style.includes(rule));
    return { error: doc.querySelector('parsererror') !== null, root: doc.documentElement.nodeName, style: style.includes('.bar.lease-a rect'), stray, size: style.length };
  }, text);
  expect({ ...parsed, size: 0 }).toEqual({ error: false, root: 'svg', style: true, stray: [], size: 0 });
  const pageStyle = await page.evaluate(() => [...document.styleSheets].flatMap((s) => [...s.cssRules]).map((r) => r.cssText).join('\n').length);
  expect(parsed.size).toBeLessThan(pageStyle / 3);
  expect(text).toContain("write 'A' · token 1 · ACCEPTED");
  // The file is paper whoever views it: a viewer in dark mode gets the
  // light palette on the white ground, not the page's pale dark-mode ink.
  // Opened as a file of its own, by its name (the download's temporary
  // file has no .svg extension to be read as SVG by).
  const saved = info.outputPath('dlock-timeline.svg');
  await svg.download.saveAs(saved);
  const file = `file://${saved}`;
  const ink = async (colorScheme: 'light' | 'dark') => {
    const viewer = await page.context().newPage();
    await viewer.emulateMedia({ colorScheme });
    await viewer.goto(file);
    const fill = await viewer.evaluate(() => getComputedStyle(document.querySelector('text')!).fill);
    await viewer.close();
    return fill;
  };
  expect(await ink('dark')).toBe(await ink('light'));
  const box = await page.getByTestId('timeline').locator('svg').boundingBox();
  const png = pngSize((await save(page, 'export-timeline-png')).bytes);
  expect(png.width).toBe(Math.round(box!.width) * 2);
  expect(png.height).toBe(Math.round(box!.height) * 2);
});

test("the heatmap's JSON is its grid, as `dlock grid --json` prints it", async ({ page }) => {
  await page.goto('./?fencing=1&hm_ttl=1..10&hm_pause=5..14');
  const { download, bytes } = await save(page, 'export-heatmap-json');
  expect(download.suggestedFilename()).toBe('dlock-heatmap-fencing-hm_ttl1to10-hm_pause5to14.json');
  const exported = JSON.parse(bytes.toString('utf8'));
  expect(exported.grid.cells).toHaveLength(100);
  expect(exported).toEqual(JSON.parse(dlock(['grid', '--fencing', '--ttl', '1..10', '--pause-len', '5..14', '--json'])));
});

test('the heatmap exports as SVG and as a 2x PNG', async ({ page }) => {
  await page.goto('./?hm_ttl=1..10&hm_pause=5..14');
  const svg = (await save(page, 'export-heatmap-svg')).bytes.toString('utf8');
  expect((svg.match(/<rect x=/g) ?? []).length).toBe(100);
  const ok = await page.evaluate((t) => new DOMParser().parseFromString(t, 'image/svg+xml').querySelector('parsererror') === null, svg);
  expect(ok).toBe(true);
  // Under the plot, the key the page shows under its canvas, so a picture
  // pasted into slides still says what its colours mean.
  const key = await page.getByTestId('heatmap').locator('.legend li').allInnerTexts();
  expect(key.length).toBeGreaterThanOrEqual(2);
  for (const entry of key) expect(svg).toContain(`>${entry.trim()}</text>`);
  const canvas = await page.getByTestId('heatmap-canvas').boundingBox();
  const bytes = (await save(page, 'export-heatmap-png')).bytes;
  const png = pngSize(bytes);
  expect(png.width).toBe(Math.round(canvas!.width) * 2);
  // On white, as the other pictures are; the key's corrupt swatch is
  // painted under the plot.
  const below = await (await pngCanvas(page, bytes)).evaluate((copy: HTMLCanvasElement, plotHeight: number) => {
    const ctx = copy.getContext('2d')!;
    const corner = Array.from(ctx.getImageData(1, 1, 1, 1).data).join(',');
    const rows = ctx.getImageData(0, plotHeight * 2, copy.width, copy.height - plotHeight * 2).data;
    let corrupt = 0;
    for (let i = 0; i < rows.length; i += 4) if (rows[i] === 213 && rows[i + 1] === 94 && rows[i + 2] === 0) corrupt++;
    return { corner, corrupt };
  }, Math.round(canvas!.height));
  expect(below.corner).toBe('255,255,255,255');
  expect(below.corrupt).toBeGreaterThan(100);
  // The PNG shows what the page's canvas shows, at twice the scale: every
  // flat-coloured spot of a lattice over the page's canvas has the same
  // colour at the matching spot of the PNG.
  const compared = await page.getByTestId('heatmap-canvas').evaluate((c: HTMLCanvasElement, copy: HTMLCanvasElement) => {
    const exported = copy.getContext('2d')!;
    const shown = c.getContext('2d')!;
    const scale = copy.width / c.width;
    const at = (ctx: CanvasRenderingContext2D, x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data).join(',');
    let same = 0, different = 0;
    for (let i = 1; i < 20; i++) {
      for (let j = 1; j < 20; j++) {
        const [x, y] = [Math.round((c.width * i) / 20), Math.round((c.height * j) / 20)];
        const colour = at(shown, x, y);
        const flat = [[-3, 0], [3, 0], [0, -3], [0, 3]].every(([dx, dy]) => at(shown, x + dx, y + dy) === colour);
        if (!flat || colour.endsWith(',0')) continue;
        if (at(exported, Math.round(x * scale + scale / 2), Math.round(y * scale + scale / 2)) === colour) same++;
        else different++;
      }
    }
    return { same, different };
  }, await pngCanvas(page, bytes));
  expect(compared.different).toBe(0);
  expect(compared.same).toBeGreaterThan(100);
});

test('the sweeps PNG carries the lease-length chart and, under it, B\'s arrival strip', async ({ page }) => {
  await page.goto('./');
  await reveal(page, 'export-sweeps-png');
  await page.getByTestId('export-sweeps-png').scrollIntoViewIfNeeded();
  const png = await pngCanvas(page, (await save(page, 'export-sweeps-png')).bytes);
  // With the default schedule A always writes without the lock: the
  // strip's lower row is red all the way, and the chart above has no red.
  const rows = await png.evaluate((canvas) => {
    const ctx = canvas.getContext('2d')!;
    const redIn = (y: number) => {
      const line = ctx.getImageData(0, y, canvas.width, 1).data;
      let red = 0;
      for (let i = 0; i < line.length; i += 4) if (line[i] === 0xb0 && line[i + 1] === 0x00 && line[i + 2] === 0x20) red++;
      return red / canvas.width;
    };
    let bottom = 0, top = 0;
    for (let y = 0; y < canvas.height; y++) {
      const share = redIn(y);
      if (y > canvas.height * 0.9) bottom = Math.max(bottom, share);
      if (y < canvas.height * 0.6) top = Math.max(top, share);
    }
    return { bottom, top };
  });
  expect(rows.bottom).toBeGreaterThan(0.8);
  expect(rows.top).toBe(0);
});

test('a run exported as JSON imports back to the same run; a wrong file gets a message', async ({ page }, info) => {
  await page.goto('./?ttl=25&pause_len=26&fencing=1');
  const json = (await save(page, 'export-timeline-json')).bytes.toString('utf8');
  const report = JSON.parse(json);
  expect(report.final_value).toBe('B');
  expect(report.params.ttl).toBe(25);
  // Unset fields are written as null, as the CLI's --json writes them.
  expect(report.params.recheck_at).toBeNull();
  const text = (await save(page, 'export-timeline-txt')).bytes.toString('utf8');
  expect(text).toContain('REJECTED (stale token)');

  await page.goto('./');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  const good = info.outputPath('run.json');
  require('node:fs').writeFileSync(good, json);
  await page.getByTestId('import-json').setInputFiles(good);
  await expect(page.getByTestId('export-message-timeline')).toContainText('Imported');
  await expect(page.getByTestId('input-ttl')).toHaveValue('25');
  await expect(page.getByTestId('final-value')).toHaveText("'B'");

  for (const [name, body, message] of [
    ['not.json', 'hello', 'not JSON'],
    ['other.json', '{"a": 1}', 'not a dlock run'],
    ['edited.json', json.replace('"final_value": "B"', '"final_value": "AB"'), 'final value'],
  ]) {
    const file = info.outputPath(name);
    require('node:fs').writeFileSync(file, body);
    await page.getByTestId('import-json').setInputFiles(file);
    await expect(page.getByTestId('export-message-timeline')).toContainText(message);
    await expect(page.getByTestId('panic-panel')).toHaveCount(0);
  }
});

for (const figure of ['argument', 'recheck', 'sweeps', 'audit', 'both-sides', 'acquiring', 'real', 'check']) {
  test(`the ${figure} figure exports as SVG that parses and a PNG that decodes`, async ({ page }) => {
    await page.goto('./');
    // The check exports what its worker found: once it is done.
    if (figure === 'check') {
      await expect(page.getByTestId('check-status')).toContainText('Every configuration checked');
    }
    if (figure === 'argument') {
      await expect(page.getByTestId('argument-status')).toContainText(/All \d+ cells searched/);
    }
    await reveal(page, `export-${figure}-svg`);
    await page.getByTestId(`export-${figure}-svg`).scrollIntoViewIfNeeded();
    const svg = (await save(page, `export-${figure}-svg`)).bytes.toString('utf8');
    const ok = await page.evaluate((t) => {
      const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
      return doc.querySelector('parsererror') === null && doc.documentElement.nodeName === 'svg';
    }, svg);
    expect(ok).toBe(true);
    const png = pngSize((await save(page, `export-${figure}-png`)).bytes);
    expect(png.width).toBeGreaterThan(200);
    expect(png.height).toBeGreaterThan(50);
    const decoded = await (await pngCanvas(page, (await save(page, `export-${figure}-png`)).bytes)).evaluate((c) => [c.width, c.height]);
    expect(decoded).toEqual([png.width, png.height]);
  });
}

test('the re-check figure exports its four runs, each as `dlock run --recheck-at` prints it', async ({ page }) => {
  await page.goto('./?pause_len=12');
  await reveal(page, 'export-recheck-txt');
  await page.getByTestId('export-recheck-txt').scrollIntoViewIfNeeded();
  // The fourth check follows A's write, here at t=14.
  const checks = ['2', '5', '9', '14'];
  const text = (await save(page, 'export-recheck-txt')).bytes.toString('utf8');
  expect(text).toBe(checks.map((c) => dlock(['run', '--pause-len', '12', '--recheck-at', c])).join('\n'));
  const reports = JSON.parse((await save(page, 'export-recheck-json')).bytes.toString('utf8'));
  expect(reports).toEqual(checks.map((c) => JSON.parse(dlock(['run', '--pause-len', '12', '--recheck-at', c, '--json']))));
});

test("each export is of its own figure: no run's file under the sweeps", async ({ page }) => {
  await page.goto('./');
  const tools = page.getByTestId('tools-sweeps');
  await expect(tools.getByTestId('export-sweeps-svg')).toHaveCount(1);
  await expect(tools.getByTestId('export-sweeps-png')).toHaveCount(1);
  await expect(tools.getByTestId('export-sweeps-slide')).toHaveCount(1);
  await expect(tools.locator('[data-testid^=export-sweeps-]:is(button)')).toHaveCount(3);
});

/** The colours of `canvas` along the row `y` from `x0` to `x1`, as "r,g,b". */
async function row(canvas: JSHandle<HTMLCanvasElement>, y: number, x0: number, x1: number): Promise<string[]> {
  return canvas.evaluate((c, [y, x0, x1]) => {
    const data = c.getContext('2d')!.getImageData(x0, y, x1 - x0, 1).data;
    const out: string[] = [];
    for (let i = 0; i < data.length; i += 4) out.push(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    return out;
  }, [Math.round(y), Math.round(x0), Math.round(x1)]);
}

/** Where a mark sits in the timeline's SVG, in the SVG's own pixels. */
async function markBox(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  return page.getByTestId('timeline').locator('svg.timeline-svg').evaluate((svg, sel) => {
    const rect = svg.querySelector(sel)!.getBoundingClientRect();
    const origin = svg.getBoundingClientRect();
    return { x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height };
  }, selector);
}

const changes = (colours: string[]) => colours.filter((c, i) => i > 0 && c !== colours[i - 1]).length;

test('the timeline PNG draws the marks the SVG draws: the pause hatched, a lease released early dashed, the cursor\'s band', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  const plain = (await save(page, 'export-timeline-png')).bytes;
  const png = await pngCanvas(page, plain);
  // A's pause: hatched, so a row across it passes stripe after stripe.
  const pause = await markBox(page, '.bar.pause rect');
  const across = await row(png, 2 * (pause.y + pause.height / 2), 2 * pause.x + 4, 2 * (pause.x + pause.width) - 4);
  expect(changes(across)).toBeGreaterThan(6);
  // B's lease on server 1, released at 15 before it ran out: its border
  // is dashed, so its top edge alternates ink and gap.
  const early = await markBox(page, '.bar.lease-b.truncated rect');
  // (The border straddles the box's edge: the row on it, or one either side.)
  const edgeChanges = async (canvas: JSHandle<HTMLCanvasElement>, box: typeof early) => Math.max(...await Promise.all(
    [-1, 0, 1].map(async (d) => changes(await row(canvas, 2 * box.y + d, 2 * box.x + 4, 2 * (box.x + box.width) - 4)))));
  expect(await edgeChanges(png, early)).toBeGreaterThan(4);
  // A lease that ran its course has a solid border.
  const whole = await markBox(page, '.bar.lease-a rect');
  const solid = await Promise.all([-1, 0, 1].map(async (d) => changes(await row(png, 2 * whole.y + d, 2 * whole.x + 4, 2 * (whole.x + whole.width) - 4))));
  expect(Math.min(...solid)).toBeLessThanOrEqual(2);
  // With a cursor the band is there, where the page draws it.
  await page.goto('./?t=5');
  await expect(page.getByTestId('timeline').locator('.cursor')).toHaveCount(1);
  const band = await page.getByTestId('timeline').locator('svg.timeline-svg').evaluate((svg) => {
    const r = svg.querySelector('.cursor rect')!.getBoundingClientRect();
    return r.x - svg.getBoundingClientRect().x + r.width / 2;
  });
  const withCursor = await pngCanvas(page, (await save(page, 'export-timeline-png')).bytes);
  const y = 2 * (whole.y - 6);
  const without = await pngCanvas(page, plain);
  expect((await row(withCursor, y, 2 * band, 2 * band + 1))[0]).not.toBe((await row(without, y, 2 * band, 2 * band + 1))[0]);
});

test('a PNG is in the colours on screen, and the slide is 16:9 with a title, named for what it shows', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./?fencing=1');
  await expect(page.getByTestId('final-value')).toBeVisible();
  const dark = await pngCanvas(page, (await save(page, 'export-timeline-png')).bytes);
  expect((await row(dark, 1, 1, 2))[0]).toBe('13,17,23');
  const slide = await save(page, 'export-timeline-slide');
  expect(slide.download.suggestedFilename()).toBe('dlock-timeline-fencing-slide.png');
  expect(pngSize(slide.bytes)).toEqual({ width: 2560, height: 1440 });
  const canvas = await pngCanvas(page, slide.bytes);
  // The title's ink on its line, the dark ground around it.
  const titleLine = await row(canvas, 2 * 40, 64, 1200);
  expect(titleLine.filter((c) => c !== '13,17,23').length).toBeGreaterThan(50);
  expect((await row(canvas, 4, 4, 5))[0]).toBe('13,17,23');
  // The light page exports on white.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./');
  const light = await pngCanvas(page, (await save(page, 'export-timeline-slide')).bytes);
  expect((await row(light, 4, 4, 5))[0]).toBe('255,255,255');
});

test('an SVG is in the colours the reader sees, as a PNG is: dark with theme=dark, light without, whatever views it', async ({ page }) => {
  await page.goto('./?theme=dark');
  const dark = (await save(page, 'export-timeline-svg')).bytes.toString('utf8');
  // The dark palette's ground and ink, carried unconditionally.
  expect(dark).toMatch(/--bg:\s*#0d1117/);
  expect(dark).toContain('background: var(--bg, ');
  expect(dark).not.toContain('prefers-color-scheme');
  // Its twin: the light page exports light, with no dark palette to
  // switch on in a dark viewer.
  await page.goto('./?theme=light');
  const light = (await save(page, 'export-timeline-svg')).bytes.toString('utf8');
  expect(light).not.toContain('#0d1117');
  expect(light).toMatch(/--bg:\s*#fff/);
});

// Every figure goes on a slide, not only the timeline: 16:9, a title in
// the page's ink, the ground of the theme on screen, named for the figure.
// (The debate's claims and the check's lines are pages of text, too small
// to read on a slide: they offer none.)
for (const figure of ['heatmap', 'recheck', 'sweeps', 'audit', 'acquiring', 'real', 'clock-jump', 'argument']) {
  test(`the ${figure} figure exports a 16:9 slide in the dark theme on screen, titled`, async ({ page }) => {
    await page.goto('./?theme=dark');
    await reveal(page, `export-${figure}-slide`);
    await page.getByTestId(`export-${figure}-slide`).scrollIntoViewIfNeeded();
    const slide = await save(page, `export-${figure}-slide`);
    if (process.env.KEEP_SLIDES) require('node:fs').writeFileSync(`/tmp/slide-${figure}.png`, slide.bytes);
    expect(slide.download.suggestedFilename()).toBe(`dlock-${figure}-slide.png`);
    expect(pngSize(slide.bytes)).toEqual({ width: 2560, height: 1440 });
    const canvas = await pngCanvas(page, slide.bytes);
    expect((await row(canvas, 4, 4, 5))[0]).toBe('13,17,23');
    const titleLine = await row(canvas, 2 * 40, 64, 1200);
    expect(titleLine.filter((c) => c !== '13,17,23').length).toBeGreaterThan(50);
    // The figure is drawn below the header.
    const ink = await canvas.evaluate((c) => {
      const data = c.getContext('2d')!.getImageData(0, 2 * 96, c.width, c.height - 2 * 96).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (`${data[i]},${data[i + 1]},${data[i + 2]}` !== '13,17,23') n++;
      return n;
    });
    expect(ink).toBeGreaterThan(20_000);
    // The plain PNG is in the same colours.
    const png = await pngCanvas(page, (await save(page, `export-${figure}-png`)).bytes);
    expect((await row(png, 1, 1, 2))[0]).toBe('13,17,23');
  });
}

test('the table goes on a slide in its colours, and its SVG keeps its columns, a word where its column puts it', async ({ page }) => {
  await page.goto('./#argument');
  await expect(page.getByTestId('argument-status')).toContainText(/All \d+ cells searched/);
  const slide = await save(page, 'export-argument-slide');
  expect(slide.download.suggestedFilename()).toBe('dlock-argument-slide.png');
  expect(pngSize(slide.bytes)).toEqual({ width: 2560, height: 1440 });
  // In colour: the marks of a broken lock and of the data's harm in the
  // page's red, the cells where nothing broke in its green.
  const canvas = await pngCanvas(page, slide.bytes);
  const inks = await canvas.evaluate((c) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let red = 0, green = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      if (r > 150 && g < 80 && b < 80) red++;
      if (g > 90 && r < 60 && b < 110 && g > r + 40) green++;
    }
    return { red, green };
  });
  expect(inks.red).toBeGreaterThan(2000);
  expect(inks.green).toBeGreaterThan(500);
  // The SVG: every cell's marks as words of their own, each centred on
  // its column, the columns' centres the headings' own.
  const svg = (await save(page, 'export-argument-svg')).bytes.toString('utf8');
  const texts = [...svg.matchAll(/<text x="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), text: m[2] }));
  const centres = new Set(texts.filter((t) => ['no', 'validity', '+ fencing', '+ register', '+ check-and-set', '+ delayed'].includes(t.text)).map((t) => t.x));
  expect(centres.size).toBe(7);
  const cells = JSON.parse(dlock(['argument', '--json'])) as { words: string }[];
  const marks = texts.filter((t) => ['lock', 'mutex', 'stale', 'lost', 'liveness', 'nothing'].includes(t.text));
  expect(marks.length).toBe(cells.flatMap((c) => c.words.split(', ')).filter((w) => !w.startsWith('nothing ○')).length);
  for (const m of marks) expect(centres.has(m.x), `${m.text} at ${m.x}`).toBe(true);
  expect(svg).not.toMatch(/>[^<]*  [^<]*</);
});

test('every SVG follows the theme: the table and the figures of text export dark with theme=dark', async ({ page }) => {
  await page.goto('./?theme=dark#argument');
  await expect(page.getByTestId('argument-status')).toContainText(/All \d+ cells searched/);
  for (const testid of ['export-argument-svg', 'export-both-sides-svg', 'export-heatmap-svg']) {
    const dark = (await save(page, testid)).bytes.toString('utf8');
    expect(dark, testid).toContain('fill="#0d1117"');
    expect(dark, testid).not.toContain('fill="#ffffff"');
  }
  // Its twin: the light page, on white.
  await page.goto('./?theme=light#argument');
  await expect(page.getByTestId('argument-status')).toContainText(/All \d+ cells searched/);
  const light = (await save(page, 'export-argument-svg')).bytes.toString('utf8');
  expect(light).toContain('fill="#ffffff"');
});
