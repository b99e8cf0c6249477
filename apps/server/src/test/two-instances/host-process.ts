import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const SERVER_ROOT = join(import.meta.dirname, '../../..');
const HOST_ENTRY = join(import.meta.dirname, 'host.ts');
const START_TIMEOUT_MS = 60_000;

export interface Host {
  /** `http://127.0.0.1:<port>` of the host's control server (./host.ts). */
  control: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a host process (./host.ts) and resolves once its control server listens. */
export function startHost(): Promise<Host> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', HOST_ENTRY], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH },
    // Its standard input ending tells the host that this process went away.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin?.end();
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the host did not start within ${START_TIMEOUT_MS / 1000} s: ${stderr}`));
    }, START_TIMEOUT_MS);
    let stdout = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      stdout += chunk;
      const port = /^control (\d+)$/m.exec(stdout)?.[1];
      if (port === undefined) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      // Read on, so that a full pipe never blocks the process.
      child.stdout?.resume();
      resolve({ control: `http://127.0.0.1:${port}`, child, stop });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the host exited (${code ?? signal}) before listening: ${stderr}`));
    });
  });
}
