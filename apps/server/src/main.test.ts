import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_APP_SECRET } from './test/test-app.js';

const MAIN = join(import.meta.dirname, 'main.ts');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitForHealth(
  base: string,
  child: ChildProcess,
  stderr: () => string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}: ${stderr()}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start within 30 s');
}

describe('the server process (main.ts)', () => {
  let child: ChildProcess | undefined;
  let dir: string | undefined;
  afterEach(() => {
    if (child?.exitCode === null && child.pid) child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
    child = undefined;
    dir = undefined;
  });

  // Logging must never stop the server (ADR 019): with its standard output a pipe nobody reads,
  // it goes on answering and still stops on SIGTERM.
  it('keeps answering and stops on SIGTERM while nobody reads its standard output', async () => {
    dir = mkdtempSync(join(tmpdir(), 'livent-main-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
      // tsx resolves from the workspace; nothing is written there (APP_SECRET is given).
      cwd: join(import.meta.dirname, '..'),
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${join(dir, 'livent.db')}`,
        APP_SECRET: TEST_APP_SECRET,
        WEB_DIST: join(dir, 'no-web-dist'),
        LOG_LEVEL: 'info',
        RATE_LIMIT_MAX: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    // Never read: the pipe (64 KiB on Linux) fills and stays full.
    server.stdout?.pause();
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitForHealth(base, server, () => stderr);

    // Every request logs two lines of about 250 bytes: far more than the pipe holds.
    for (let round = 0; round < 40; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => fetch(`${base}/api/health`).then((r) => r.status)),
      );
      expect(answers).toEqual(Array.from({ length: 25 }, () => 200));
    }

    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]);
    expect(code, stderr).toBe(0);

    // The 2,000 lines of those requests (about 200 bytes each) did not fit: the reader finds only
    // what the pipe held, so the pipe was full while the server answered.
    let logged = 0;
    server.stdout?.on('data', (chunk: Buffer) => (logged += chunk.length));
    server.stdout?.resume();
    await new Promise((resolve) => server.stdout?.once('end', resolve));
    expect(logged).toBeGreaterThan(10_000);
    expect(logged).toBeLessThan(2_000 * 150);
  }, 90_000);
});
