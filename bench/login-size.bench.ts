// The gzip size of the JavaScript that /login loads first, measured in real Chromium against
// the production build (budget 180 KB; docs/architecture.md, "Performance budgets"). Sizes are those
// of the precompressed files the server sends (gzip -9, ADR 004); brotli, which browsers
// that accept it get, is printed beside them.
import { chromium, type Response } from '@playwright/test';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startLivent } from './lib/processes.js';
import { recordResult } from './lib/summary.js';

const BUDGET_BYTES = 180 * 1024;

const livent = await startLivent();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await (await browser.newContext()).newPage();
  const scripts = new Map<string, { gzip: number; brotli: number }>();
  const measure = async (response: Response): Promise<void> => {
    const body = await response.body();
    scripts.set(new URL(response.url()).pathname, {
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') pending.push(measure(response));
  });
  await page.goto(`${livent.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await Promise.all(pending);
  const sizes = [...scripts.values()];
  const total = sizes.reduce((sum, size) => sum + size.gzip, 0);
  const totalBrotli = sizes.reduce((sum, size) => sum + size.brotli, 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
  console.log(`\nJavaScript loaded by /login (${scripts.size} files; gzip, brotli):`);
  for (const [path, size] of [...scripts].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`  ${kb(size.gzip)} ${kb(size.brotli)}  ${path}`);
  }
  console.log(`  brotli total ${(totalBrotli / 1024).toFixed(1)} KB`);
  const met = total <= BUDGET_BYTES;
  console.log(
    `  total ${(total / 1024).toFixed(1)} KB of ${BUDGET_BYTES / 1024} KB budget: ratio ${(total / BUDGET_BYTES).toFixed(2)} (${met ? 'met' : 'NOT met'})`,
  );
  recordResult({
    name: 'first-load JavaScript of /login (gzip)',
    value: total / 1024,
    unit: 'KB',
    budget: { atMost: BUDGET_BYTES / 1024 },
    note: `${scripts.size} files; brotli ${(totalBrotli / 1024).toFixed(1)} KB`,
  });
  // A size, not a timing: the same build always measures the same, so a miss fails the run.
  if (!met) process.exitCode = 1;
} finally {
  await browser.close();
  await livent.stop();
}
