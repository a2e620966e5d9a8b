import { expect, FrameLocator, Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** What the `dlock` CLI prints for `args`: dlock-core run natively, to hold
 * the page to. The test command builds the binary before this suite runs;
 * without it, cargo builds it. */
export function dlock(args: string[]): string {
  const root = path.resolve(__dirname, '..', '..');
  const built = path.join(root, 'target', 'debug', 'dlock');
  const [file, argv] = existsSync(built) ? [built, args] : ['cargo', ['run', '-q', '-p', 'dlock', '--', ...args]];
  const ran = spawnSync(file, argv, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  // `dlock check` (and one cell, `dlock argument --cell`) says with its
  // status what it found: 1 a property fails, 3 one is unknown. Both are
  // answers; anything else is an error.
  const checks = args[0] === 'check' || (args[0] === 'argument' && args.includes('--cell'));
  const answered = ran.status === 0 || (checks && (ran.status === 1 || ran.status === 3));
  if (!answered) throw new Error(`dlock ${args.join(' ')} exited ${ran.status}: ${ran.stderr}`);
  return ran.stdout;
}

/** Console errors and warnings, and uncaught exceptions, a page produces
 * from now on. Warnings count: a reader who opens the console should find
 * it quiet. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${msg.type()}: ${msg.text()}`); });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Opens the share menu holding the element `testid`, as a reader would:
 * its buttons stay out of sight until the menu is opened. */
export async function reveal(scope: Page | FrameLocator, testid: string): Promise<void> {
  const menu = scope.locator('details.share-menu', { has: scope.getByTestId(testid) });
  if ((await menu.count()) === 0) return;
  // A scenario's figure is on show only on its row of "One fault, up
  // close": pick that row first, as a reader would.
  const row = await menu.evaluate((d) => d.closest('#fault > div[hidden]')
    ?.querySelector('[data-testid^="verdict-"]')?.getAttribute('data-testid')?.slice('verdict-'.length) ?? null);
  if (row !== null) await scope.getByTestId(`row-${row}`).click();
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) await menu.locator(':scope > summary').click();
}

/** The page's height once it has stopped changing: the same over two
 * readings, each taken after two animation frames. A fixed wait would
 * measure too early on a busy machine; this waits as long as the page
 * keeps growing, and no longer. */
export async function settledHeight(page: Page): Promise<number> {
  const frames = () => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.documentElement.scrollHeight)))));
  let last = await frames();
  await expect.poll(async () => {
    const now = await frames();
    const same = now === last;
    last = now;
    return same;
  }).toBe(true);
  return last;
}

/** Waits until every section of the study is built: on the plain page
 * those below the opening are built after it is live, one a task
 * (`study::lazy`). A check of the whole study (its height, its print, axe
 * over it) waits for this, or it would pass on a study half there. */
export async function studyBuilt(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.study-section') !== null
    && document.querySelector('.study-section[data-unbuilt]') === null);
}

/** Waits until the page has asked for nothing over the network for half a
 * second (Playwright's "networkidle"): any request it was going to make
 * has been made, however slow the machine. */
export async function networkQuiet(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}
