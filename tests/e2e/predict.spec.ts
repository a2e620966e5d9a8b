import { test, expect, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { collectErrors, dlock } from './helpers';

// Predicting the run (`predict=1`): a student sees only what has happened
// and answers what the next event will do before it is shown.

type Event = { t: number; client: string; what: { kind: string; accepted?: boolean; until?: number; lease_end?: number } };

/** The run's events, as core records them (`dlock run --json`). */
function events(flags: string[]): Event[] {
  return JSON.parse(dlock(['run', ...flags, '--json'])).events;
}

/** The right answer to the question asked before tick `at`, read off
 * core's events: 0 for "granted", "yes, still live", "applied". */
function rightAnswer(run: Event[], at: number): number {
  const e = run.find((x) => x.t === at && ['acquired', 'refused', 'acquire_failed', 'paused', 'wrote', 'rechecked', 'validity_checked'].includes(x.what.kind));
  if (!e) throw new Error(`no event answers the question at t=${at}`);
  switch (e.what.kind) {
    case 'acquired': return 0;
    case 'refused': case 'acquire_failed': return 1;
    case 'wrote': return e.what.accepted ? 0 : 1;
    case 'paused': {
      const lease = [...run].reverse().find((x) => x.t <= at && x.client === e.client && x.what.kind === 'acquired');
      return (e.what.until ?? 0) < (lease?.what.lease_end ?? 0) ? 0 : 1;
    }
    default: throw new Error(`no rule for ${e.what.kind}`);
  }
}

const points = (page: Page) => page.getByTestId('timeline').locator('.drawing g.point');

test('predict=1 draws nothing that has not happened, asks before each event, and checks each answer against core', async ({ page }) => {
  const errors = collectErrors(page);
  const run = events(['--fencing']);
  await page.goto('./?fencing=1&predict=1#corrupted');
  await expect(page.getByTestId('predict')).toHaveAttribute('aria-pressed', 'true');
  // Before the first event: lanes and axis, no event, no lease.
  await expect(page.getByTestId('predict-ask')).toHaveAttribute('data-at', '0');
  await expect(points(page)).toHaveCount(0);
  await expect(page.getByTestId('timeline').locator('.drawing .bar')).toHaveCount(0);
  let shown = 0;
  let asked = 0;
  while (await page.getByTestId('predict-ask').count() > 0) {
    const at = Number(await page.getByTestId('predict-ask').getAttribute('data-at'));
    const right = rightAnswer(run, at);
    // Answer wrongly every other time: both verdicts are checked.
    const given = asked % 2 === 0 ? right : 1 - right;
    await page.getByTestId('predict-answer').nth(given).click();
    const told = page.getByTestId('predict-told');
    await expect(told).toHaveAttribute('data-right', String(given === right));
    await expect(told).toContainText(given === right ? 'Right:' : 'Not quite:');
    await expect.poll(() => new URL(page.url()).searchParams.get('t')).toBe(String(at));
    // What has happened is drawn, and only that: more events with each
    // reveal, and none of a later tick's.
    await expect.poll(() => points(page).count()).toBeGreaterThan(shown);
    shown = await points(page).count();
    asked += 1;
  }
  // Fenced, A's late write is the last question, and it is rejected.
  expect(asked).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('predict-told')).toContainText('It is rejected');
  // Page Down shows the rest; by the run's end every event is drawn, as
  // in the timeline that does not predict.
  for (let i = 0; i < 5; i++) await page.getByTestId('timeline-keys').press('PageDown');
  await expect(page.getByTestId('predict-done')).toBeVisible();
  const atTheEnd = await points(page).count();
  await page.getByTestId('predict').click();
  await expect(page.getByTestId('predict')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('predict-panel')).toHaveCount(0);
  await expect(points(page)).toHaveCount(atTheEnd);
  expect(errors).toEqual([]);
});

test('the Predict switch starts the run again from before its first event, and its link opens the same', async ({ page }) => {
  await page.goto('./?t=14#corrupted');
  await expect.poll(() => points(page).count()).toBeGreaterThan(0);
  await page.getByTestId('predict').click();
  await expect(points(page)).toHaveCount(0);
  await expect.poll(() => new URL(page.url()).searchParams.get('predict')).toBe('1');
  expect(new URL(page.url()).searchParams.get('t')).toBeNull();
  await expect(page.getByTestId('predict-ask')).toHaveAttribute('data-at', '0');
  await expect(page.getByTestId('timeline-keys').locator('.cursor-readout')).toHaveText('before t=0');
  // Part way, "Start again" hides it all again and asks the first question.
  await page.getByTestId('predict-answer').first().click();
  await expect(points(page)).not.toHaveCount(0);
  await page.getByTestId('clear-cursor').click();
  await expect(points(page)).toHaveCount(0);
  await expect(page.getByTestId('clear-cursor')).toHaveText('Start again');
  await expect(page.getByTestId('predict-ask')).toHaveAttribute('data-at', '0');
  // Grips are not drawn while predicting: a drag would change the run.
  await expect(page.getByTestId('timeline').locator('[data-handle]')).toHaveCount(0);
  await page.getByTestId('predict').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('predict')).toBeNull();
  await expect(page.getByTestId('timeline').locator('[data-handle]').first()).toBeAttached();
});

test('presented, the question and its answers are in view and Page Down reveals; embedded, it predicts too', async ({ page }) => {
  for (const [w, h] of [[1920, 1080], [1280, 720]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('./?present=1&predict=1');
    const presented = page.getByTestId('presented');
    // The sentence under the figure gives nothing away either.
    await expect(page.getByTestId('present-state')).toHaveText('Before the first event: nothing has happened yet.');
    await expect(presented.getByTestId('predict-ask')).toBeInViewport({ ratio: 1 });
    await expect(presented.getByTestId('predict-answer').first()).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId('present-state')).toContainText('t=0: the lock is held by');
    await expect(presented.getByTestId('predict-told')).toBeInViewport({ ratio: 1 });
    await expect(presented.getByTestId('predict-told')).not.toHaveAttribute('data-right', /.+/);
    await expect(presented.getByTestId('predict-ask')).toBeInViewport({ ratio: 1 });
  }
  await page.goto('./?embed=timeline&predict=1');
  await expect(page.getByTestId('predict-ask')).toHaveAttribute('data-at', '0');
  await expect(points(page)).toHaveCount(0);
});

test('a bad predict value gets a notice and the page does not predict', async ({ page }) => {
  await page.goto('./?predict=yes');
  await expect(page.getByTestId('notices')).toContainText("predict = 'yes' must be 0 or 1");
  await expect(page.getByTestId('predict')).toHaveAttribute('aria-pressed', 'false');
  await expect(points(page)).not.toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`predicting, the question and its verdict pass axe (${scheme} theme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('./?fencing=1&predict=1#corrupted');
    // A wrong answer, so the verdict in its colour is checked too.
    const right = rightAnswer(events(['--fencing']), Number(await page.getByTestId('predict-ask').getAttribute('data-at')));
    await page.getByTestId('predict-answer').nth(1 - right).click();
    await expect(page.getByTestId('predict-told')).toHaveAttribute('data-right', 'false');
    const results = await new AxeBuilder({ page }).include('[data-testid="predict-panel"]').include('.playback').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious).toEqual([]);
  });
}
