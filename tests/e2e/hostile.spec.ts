import { test, expect } from '@playwright/test';

// Each query must load the page with a visible notice naming the parameter,
// no console error, no panic panel, and nothing from the URL parsed as HTML.
const HOSTILE: Array<[string, string]> = [
  ['n=0', 'n'],
  ['n=-1', 'n'],
  ['n=102', 'n'],
  ['n=abc', 'n'],
  ['n=1e18', 'n'],
  ['n=99999999999999999999', 'n'],
  ['ttl=0', 'ttl'],
  ['ttl=', 'ttl'],
  ['ttl=10.5', 'ttl'],
  ['ttl=0x10', 'ttl'],
  ['ttl=20&ttl=30', 'ttl'],
  ['pause_from=1', 'pause_from'],
  ['pause_from=-2', 'pause_from'],
  ['pause_len=1e3', 'pause_len'],
  ['pause_len=10001', 'pause_len'],
  ['b_arrives=%F0%9F%94%92', 'b_arrives'],
  ['b_arrives=NaN', 'b_arrives'],
  ['fencing=2', 'fencing'],
  ['fencing=true', 'fencing'],
  ['cmp=eq', 'cmp'],
  ['cmp=%3Cimg%20src=x%20onerror=alert(1)%3E', 'cmp'],
  ['expiry=yes', 'expiry'],
  ['crash=-1', 'crash'],
  ['recheck=999', 'recheck'],
  ['recheck=soon', 'recheck'],
  ['twice=%00', 'twice'],
  ['t=-5', 't'],
  ['t=99999999', 't'],
  ['hm_ttl=5..1', 'hm_ttl'],
  ['hm_ttl=0..10', 'hm_ttl'],
  ['hm_pause=1..100000', 'hm_pause'],
  ['hm_pause=%3Cscript%3Ealert(1)%3C/script%3E', 'hm_pause'],
  ['embed=everything', 'embed'],
  ['embed=%22%3E%3Csvg%20onload=alert(1)%3E', 'embed'],
  ['%3Cscript%3E=1', '<script>'],
  ['v=999', 'v'],
  ['latency=11', 'latency'],
  ['latency=-1', 'latency'],
  ['acq_pause=1001', 'acq_pause'],
  ['acq_pause=%3Cb%3E', 'acq_pause'],
  ['check=maybe', 'check'],
  ['cas=2', 'cas'],
  ['jump=21', 'jump'],
  ['jump_servers=6', 'jump_servers'],
  ['utm=newsletter', 'utm'],
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
    await expect(page.locator('img[src="x"], script:not([src])')).toHaveCount(0);
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
