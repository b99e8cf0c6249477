// `npm run test:e2e [-- <playwright arguments>]`: the end-to-end tier alone, on free ports
// (scripts/e2e-ports.mjs), e.g. `npm run test:e2e -- e2e/accounts.spec.ts`.
// `npm run screenshots` (`--screenshots`) runs the screenshot files instead, which save PNGs under
// screenshots/ (E2E_SCREENSHOTS=1, playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { e2ePortEnvironment } from './e2e-ports.mjs';

const args = process.argv.slice(2);
const screenshots = args.includes('--screenshots');
const ports = await e2ePortEnvironment();
console.log(
  `End-to-end on ports ${ports.E2E_PORT} (server), ${ports.E2E_SMTP_PORT} (SMTP), ${ports.E2E_MAILS_PORT} (mails)`,
);
const playwrightArgs = args.filter((arg) => arg !== '--screenshots');
const result = spawnSync('npx', ['playwright', 'test', ...playwrightArgs], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    ...(screenshots ? { E2E_SCREENSHOTS: '1' } : {}),
    ...ports,
  },
});
process.exit(result.status ?? 1);
