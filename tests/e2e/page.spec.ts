import { test, expect } from '@playwright/test';
import { collectErrors } from './helpers';

test('the page renders the corrupted run computed by dlock-core', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('./');
  await expect(page.getByTestId('title')).toHaveText('dlock');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await expect(page.getByTestId('overlapping-grants')).toHaveText('0');
  await expect(page.getByTestId('stale-overwrites')).toHaveText('1');
  await expect(page.getByTestId('transcript')).toContainText("t=16      A  write     'A' with token 1: ACCEPTED");
  await expect(page.getByTestId('timeline')).toContainText("write 'A' · token 1 · ACCEPTED");
  // index.html's loading line is gone once the app runs.
  await expect(page.getByTestId('boot')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a page that cannot start says why instead of staying blank', async ({ page }) => {
  // As on a network that drops the wasm, or a copy opened from disk.
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto('./');
  const boot = page.getByTestId('boot');
  await expect(boot).toBeVisible();
  // The explanation follows after a few seconds of waiting, not at once:
  // on a slow network the line first just says it is loading.
  // Read at one instant, so that however late this line runs on a busy
  // machine: still within its delay, the explanation is hidden; past it,
  // it shows.
  const help = boot.getByText('the page could not start');
  const early = await help.evaluate((el) => {
    const [wait] = el.getAnimations();
    return { delay: wait.effect!.getTiming().delay, at: Number(wait.currentTime), visible: getComputedStyle(el).visibility === 'visible' };
  });
  expect(early.delay).toBeGreaterThanOrEqual(3_000);
  expect(early.visible).toBe(early.at >= early.delay);
  await expect(help).toBeVisible();
  // A reader on a slow network sees the same line while the files still
  // arrive, so it must not read as a verdict.
  await expect(boot).toContainText('On a slow network this takes a little longer');
  await expect(page.getByTestId('title')).toHaveCount(0);
});

test('before the wasm arrives, the study\'s run is already drawn, and the live page replaces it', async ({ page }) => {
  // Hold the wasm back: what a reader on a slow link sees meanwhile.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/*.wasm', async (route) => { await held; await route.continue(); });
  await page.goto('./');
  const drawn = page.getByTestId('prerender');
  await expect(drawn).toBeVisible();
  await expect(drawn).toContainText("write 'A' · token 1 · ACCEPTED");
  await expect(drawn).toContainText('B writes (t=14)');
  await expect(page.getByTestId('boot')).toBeVisible();
  release();
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await expect(drawn).toHaveCount(0);
  // The live figure draws the same marks the build drew.
  await expect(page.getByTestId('timeline')).toContainText("write 'A' · token 1 · ACCEPTED");
});

test('a link with parameters does not show the study\'s run drawn ahead, which is not its run', async ({ page }) => {
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto('./?ttl=20&embed=heatmap');
  await expect(page.getByTestId('boot')).toBeVisible();
  await expect(page.getByTestId('prerender')).toBeHidden();
});

test('the page asks for nothing but its own files', async ({ page, baseURL }) => {
  const requests: string[] = [];
  page.on('request', (req) => requests.push(req.url()));
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toBeVisible();
  const origin = new URL(baseURL!).origin;
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
});

test('on a phone the audit reads its findings under their labels, at full width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('./');
  const audit = page.getByTestId('audit');
  await expect(audit.locator('dd')).toHaveCount(await audit.locator('dt').count());
  const [listWidth, findingWidths] = await audit.locator('dl').evaluate((dl) => [
    dl.getBoundingClientRect().width,
    [...dl.querySelectorAll('dd')].map((dd) => dd.getBoundingClientRect().width),
  ] as const);
  expect(findingWidths.length).toBeGreaterThan(2);
  for (const width of findingWidths) expect(width).toBeGreaterThan(listWidth * 0.9);
});

test.describe('with scripts off, as in a link preview', () => {
  test.use({ javaScriptEnabled: false });
  test("reads the page's title and description from the served HTML", async ({ page }) => {
    await page.goto('./?ttl=20&fencing=1');
    const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
    const title = await page.title();
    expect(title).toContain('dlock');
    expect(await meta('property="og:title"')).toBe(title);
    expect(await meta('name="description"')).toContain('fencing token');
    expect(await meta('property="og:description"')).toBe(await meta('name="description"'));
    expect(await meta('property="og:type"')).toBe('website');
  });

  test('says that it needs JavaScript, and does not claim to be loading', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByTestId('noscript')).toBeVisible();
    await expect(page.getByTestId('noscript')).toContainText('Turn on JavaScript');
    await expect(page.getByTestId('boot')).toBeHidden();
    // The story is there all the same, drawn when the page was built.
    await expect(page.getByTestId('prerender')).toBeVisible();
    await expect(page.getByTestId('prerender')).toContainText("write 'A' · token 1 · ACCEPTED");
  });
});
