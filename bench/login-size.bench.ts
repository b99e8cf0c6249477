// The gzip size of the JavaScript that /login loads first, measured in real Chromium against
// the production build (budget 180 KB; ARCHITECTURE.md, "Performance budgets").
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { startLivent } from './lib/processes.js';

const BUDGET_BYTES = 180 * 1024;

const livent = await startLivent();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await (await browser.newContext()).newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
  });
  await page.goto(`${livent.url}/login`, { waitUntil: 'networkidle' });
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  console.log('\nJavaScript loaded by /login (gzip):');
  for (const [path, size] of [...scripts].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${path}`);
  }
  const met = total <= BUDGET_BYTES;
  console.log(
    `  total ${(total / 1024).toFixed(1)} KB of ${BUDGET_BYTES / 1024} KB budget: ratio ${(total / BUDGET_BYTES).toFixed(2)} (${met ? 'met' : 'NOT met'})`,
  );
  if (!met) process.exitCode = 1;
} finally {
  await browser.close();
  await livent.stop();
}
