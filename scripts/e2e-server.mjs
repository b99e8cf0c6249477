// Starts the built server for Playwright on a fresh database of its own, so that every e2e run
// begins from the same empty state.
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dir = resolve('.tmp/e2e');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
process.env.DATABASE_URL = `file:${dir}/livent.db`;
process.env.LOG_LEVEL ??= 'warn';
await import('../apps/server/dist/main.js');
