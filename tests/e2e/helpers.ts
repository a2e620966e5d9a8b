import { Page } from '@playwright/test';

/** Console errors and warnings, and uncaught exceptions, a page produces
 * from now on. Warnings count: a reader who opens the console should find
 * it quiet. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error' || msg.type() === 'warning') errors.push(`${msg.type()}: ${msg.text()}`); });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}
