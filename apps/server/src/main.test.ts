import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_APP_SECRET } from './test/test-app.js';
import { freePort } from './test/ports.js';

const MAIN = join(import.meta.dirname, 'main.ts');

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

  /** Starts main.ts; with `terminal`, its standard output is a terminal (util-linux `script`). */
  function startServer(port: number, options: { terminal: boolean }): ChildProcess {
    dir = mkdtempSync(join(tmpdir(), 'livent-main-'));
    const env = {
      PATH: process.env.PATH,
      // A Node 24 test run loads its own better-sqlite3 through it (scripts/node24/runtime.mjs).
      NODE_OPTIONS: process.env.NODE_OPTIONS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'livent.db')}`,
      APP_SECRET: TEST_APP_SECRET,
      WEB_DIST: join(dir, 'no-web-dist'),
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
    };
    const command = [process.execPath, '--conditions=source', '--import', 'tsx', MAIN];
    const server = options.terminal
      ? // `script` copies the terminal's output to its own standard output, which nobody reads:
        // once that pipe is full it stops reading the terminal, as a paused terminal would.
        spawn('script', ['-q', '-e', '-c', `exec ${command.join(' ')}`, '/dev/null'], {
          cwd: join(import.meta.dirname, '..'),
          env,
          stdio: ['pipe', 'pipe', 'pipe'],
        })
      : spawn(command[0] ?? 'node', command.slice(1), {
          // tsx resolves from the workspace; nothing is written there (APP_SECRET is given).
          cwd: join(import.meta.dirname, '..'),
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
    child = server;
    // Never read: the pipe (64 KiB on Linux) fills and stays full.
    server.stdout?.pause();
    return server;
  }

  /** Answers 1,000 requests while nobody reads the log, then `stop` ends the server. */
  async function answersWhileStalled(server: ChildProcess, base: string): Promise<() => string> {
    let stderr = '';
    server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitForHealth(base, server, () => stderr);
    // Every request logs two lines of about 200 bytes: far more than the pipe holds.
    for (let round = 0; round < 40; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, () =>
          fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
            (r) => r.status,
          ),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 25 }, () => 200));
    }
    return () => stderr;
  }

  const exitOf = (server: ChildProcess) =>
    Promise.race([
      new Promise<number | null>((resolve) => server.once('exit', resolve)),
      new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]);

  // Logging must never stop the server (ADR 019): with its standard output a pipe nobody reads,
  // it goes on answering and still stops on SIGTERM.
  it('keeps answering and stops on SIGTERM while nobody reads its standard output', async () => {
    const port = await freePort();
    const server = startServer(port, { terminal: false });
    const stderr = await answersWhileStalled(server, `http://127.0.0.1:${port}`);
    const exited = exitOf(server);
    server.kill('SIGTERM');
    expect(await exited, stderr()).toBe(0);

    // The 2,000 lines of those requests did not fit: the reader finds only what the pipe held,
    // so the pipe was full while the server answered.
    let logged = 0;
    server.stdout?.on('data', (chunk: Buffer) => (logged += chunk.length));
    server.stdout?.resume();
    await new Promise((resolve) => server.stdout?.once('end', resolve));
    expect(logged).toBeGreaterThan(10_000);
    expect(logged).toBeLessThan(2_000 * 150);
  }, 90_000);

  // Node writes to a terminal synchronously unless told otherwise (Ctrl-S pauses a terminal).
  it('keeps answering and stops on SIGTERM while its terminal is not read', async () => {
    const port = await freePort();
    const script = startServer(port, { terminal: true });
    const stderr = await answersWhileStalled(script, `http://127.0.0.1:${port}`);
    // The server is `script`'s child; `script` passes on its exit code once it may write again.
    const serverPid = Number(
      execFileSync('pgrep', ['-P', String(script.pid)])
        .toString()
        .trim(),
    );
    const exited = exitOf(script);
    process.kill(serverPid, 'SIGTERM');
    await waitUntil(() => hasExited(serverPid), 20_000);
    script.stdout?.resume();
    expect(await exited, stderr()).toBe(0);
  }, 90_000);
});

/** A process that ended, also one whose parent has not collected it yet (a zombie). */
function hasExited(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
