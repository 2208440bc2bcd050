import { chromium } from 'playwright-core';
import { startAmora } from '/work/wt/webperf/bench/lib.mjs';
const amora = await startAmora({ WEB_DIST: '/work/wt/webperf/apps/web/dist', REPLY_DELAY_MS: '0' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
await ctx.addCookies([{ name: 'age_verified', value: 'true', url: amora.base }]);
const page = await ctx.newPage();
await page.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push({ v: e.value, t: e.startTime, src: (e.sources||[]).map(s => (s.node && (s.node.outerHTML||'').slice(0,160)) + ' ' + JSON.stringify(s.previousRect) + '->' + JSON.stringify(s.currentRect)) }); }).observe({ type: 'layout-shift', buffered: true });
});
await page.goto(amora.base + '/');
await page.waitForSelector('[data-testid="model-card"]');
await page.waitForTimeout(3000);
console.log(JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
await browser.close(); await amora.stop();
