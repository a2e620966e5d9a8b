import { test, expect } from '@playwright/test';

// A teacher prints the study as a handout.

test('printed, the study keeps its argument and figures and drops the screen-only controls', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('final-value')).toHaveText("'A'");
  await page.emulateMedia({ media: 'print' });
  for (const hidden of ['toc', 'playback', 'tools-timeline', 'q1-show', 'reset-study']) {
    await expect(page.getByTestId(hidden)).toBeHidden();
  }
  for (const shown of ['timeline', 'heatmap', 'recheck', 'verdict-sentence', 'reading']) {
    await expect(page.getByTestId(shown).first()).toBeVisible();
  }
  // Every section is laid out for paper, even one never scrolled to, and
  // no figure is cut in two by a page break.
  const styles = await page.evaluate(() => ({
    sections: [...new Set([...document.querySelectorAll('.study-section')].map((s) => getComputedStyle(s).contentVisibility))],
    figures: [...new Set([...document.querySelectorAll('figure')].map((f) => getComputedStyle(f).breakInside))],
  }));
  expect(styles).toEqual({ sections: ['visible'], figures: ['avoid'] });
});

test('a reader in dark mode prints dark ink on white, the heatmap canvas included', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./');
  await expect(page.getByTestId('heatmap-agreement')).toContainText('1640 of 1640');
  // The mean colour of the axis labels' ink on their canvas layer.
  const ink = () => page.locator('.heat-wrap canvas.heat-layer').first().evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let sum = 0, n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200) { sum += data[i] + data[i + 1] + data[i + 2]; n++; }
    return n ? sum / (3 * n) : -1;
  });
  expect(await ink()).toBeGreaterThan(150);
  // The browser announces printing with these events; the canvas is
  // repainted in dark ink for paper, and back afterwards. (The media stays
  // "screen" here: switching it would also tell the page that the colour
  // scheme changed, which a real print does not.)
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  await expect.poll(ink).toBeLessThan(100);
  await page.evaluate(() => dispatchEvent(new Event('afterprint')));
  await expect.poll(ink).toBeGreaterThan(150);
  // The page around it is white paper with dark text.
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  expect(await page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]))
    .toEqual(['rgb(255, 255, 255)', 'rgb(27, 31, 36)']);
});
