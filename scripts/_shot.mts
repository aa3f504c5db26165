import { chromium } from 'playwright-core';
const [, , base, width, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 844 }, deviceScaleFactor: 1, hasTouch: true, timezoneId: 'America/New_York' });
const login = process.env.LOGIN;
if (login) await context.request.post(base + '/api/login', { data: { username: login, password: 'demo1234' } });
const page = await context.newPage();
page.on('console', (m) => console.log('console:', m.text()));
for (const [i, path] of paths.entries()) {
  const response = await page.goto(base + path);
  console.log(path, response?.status(), response?.headers()['referrer-policy']);
  await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
  if (process.env.CLICK) { await page.locator(process.env.CLICK).first().click(); await page.waitForTimeout(1500); }
  await page.screenshot({ path: `/tmp/shots/${process.env.NAME ?? 'shot'}-${i}.png`, fullPage: true });
}
await browser.close();
