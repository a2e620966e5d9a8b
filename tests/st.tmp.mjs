import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--allow-file-access-from-files'] });
const p = await b.newPage({ viewport: { width: 1584, height: 844 } });
await p.goto('file:///tmp/' + process.argv[2]); await p.waitForTimeout(300);
await p.screenshot({ path: '/tmp/stitched.png' }); await b.close();
