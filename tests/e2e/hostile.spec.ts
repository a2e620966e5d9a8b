import { test, expect } from '@playwright/test';

// What the page does with each hostile value (clamped or ignored, with a
// notice naming the parameter) is settings::parse's, tested natively over
// every known case (crates/web/tests/hostile_urls.rs). Here, the wiring
// only a browser shows: the notice on screen, no console error, no panic
// panel, and a value holding markup shown as text, never parsed as HTML.
const HOSTILE: Array<[string, string]> = [
  ['n=abc', 'n'],
  ['cmp=%3Cimg%20src=x%20onerror=alert(1)%3E', 'cmp'],
  ['hm_pause=%3Cscript%3Ealert(1)%3C/script%3E', 'hm_pause'],
  ['embed=%22%3E%3Csvg%20onload=alert(1)%3E', 'embed'],
  ['%3Cscript%3E=1', '<script>'],
];

for (const [query, param] of HOSTILE) {
  test(`hostile URL ?${query} is clamped or ignored with a notice`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('dialog', (dialog) => { errors.push(`dialog: ${dialog.message()}`); void dialog.dismiss(); });
    await page.goto(`./?${query}`);
    await expect(page.getByTestId('final-value')).toBeVisible();
    const notices = page.getByTestId('notices');
    await expect(notices).toBeVisible();
    await expect(notices).toContainText(param);
    await expect(page.getByTestId('panic-panel')).toHaveCount(0);
    await expect(page.locator('img[src="x"], script:not([src]), svg[onload]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('the largest URL the page accepts still renders every figure', async ({ page }) => {
  await page.goto('./?n=101&ttl=10000&pause_from=10000&pause_len=10000&b_arrives=10000&hm_ttl=1..200&hm_pause=0..199');
  await expect(page.getByTestId('notices')).toHaveCount(0);
  await expect(page.getByTestId('final-value')).toBeVisible();
  await expect(page.getByTestId('heatmap-agreement')).toContainText('40000 of 40000');
  await expect(page.getByTestId('panic-panel')).toHaveCount(0);
});
