import { Worker } from 'node:worker_threads';
import { HttpError, type FieldErrors } from '../../lib/errors.js';
import type { ImportJobInput, ImportJobResult, TokensOfOthers } from './invitations-import-job.js';

/** What this thread posts to a worker: a job, or the answer to its question. */
export type ToWorker = { kind: 'job'; input: ImportJobInput } | { kind: 'taken'; tokens: string[] };

/** What a worker posts: a question for the database, the job's result, or a refusal. */
export type FromWorker =
  | { kind: 'tokens'; tokens: string[] }
  | { kind: 'done'; result: ImportJobResult }
  | { kind: 'refused'; status: number; message: string; errors: FieldErrors | undefined };

/**
 * The worker's file for a module at `moduleUrl`: `.js` beside it in the build, `.ts` when the
 * server runs from its sources (tsx, Vitest).
 */
export function workerFile(moduleUrl: string): URL {
  const extension = moduleUrl.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./invitations-import.worker.${extension}`, moduleUrl);
}

const WORKER_FILE = workerFile(import.meta.url);

/**
 * A worker thread for imports. From the sources, tsx is registered inside the thread before the
 * file is imported: Node 20 does not apply `--import tsx` in a worker's `execArgv` to its entry
 * file. The sources' export condition is the one `npm run dev` and the tests' servers use.
 */
function startWorker(): Worker {
  if (WORKER_FILE.pathname.endsWith('.js')) return new Worker(WORKER_FILE);
  const load = `import('tsx/esm/api').then(({ register }) => {
    register();
    return import(${JSON.stringify(WORKER_FILE.href)});
  })`;
  return new Worker(load, { eval: true, execArgv: ['--conditions=source'] });
}

/** Idle workers kept for the next import: starting one loads the schemas again (ADR 046). */
const IDLE_MAX = 2;
/** An idle worker ends after this long unused. */
const IDLE_MS = 60_000;
const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];

function takeWorker(): Worker {
  const kept = idle.pop();
  if (!kept) return startWorker();
  clearTimeout(kept.timer);
  kept.worker.removeAllListeners('exit');
  kept.worker.ref();
  return kept.worker;
}

function keepWorker(worker: Worker): void {
  if (idle.length >= IDLE_MAX) {
    void worker.terminate();
    return;
  }
  const forget = () => {
    const index = idle.findIndex((entry) => entry.worker === worker);
    if (index >= 0) idle.splice(index, 1);
  };
  // An idle worker keeps no process alive (a test run, a shutdown).
  worker.unref();
  const timer = setTimeout(() => {
    forget();
    void worker.terminate();
  }, IDLE_MS).unref();
  // One that ends while idle is never handed out: it would answer no job.
  worker.once('exit', () => {
    clearTimeout(timer);
    forget();
  });
  idle.push({ worker, timer });
}

/**
 * Runs the import's job (invitations-import-job.ts) in a worker thread (ADR 046), so that
 * decoding, parsing, validating and planning 100,000 rows leave this thread's event loop free;
 * answers the job's `tokensOfOthers` question here, where the database is. A refusal rejects
 * with the same HttpError the job threw.
 */
export function inImportWorker(
  input: ImportJobInput,
  tokensOfOthers: TokensOfOthers,
): Promise<ImportJobResult> {
  const worker = takeWorker();
  const post = (message: ToWorker) => worker.postMessage(message);
  return new Promise<ImportJobResult>((resolve, reject) => {
    const fail = (error: unknown) => {
      stop();
      void worker.terminate();
      reject(error);
    };
    const onMessage = (message: FromWorker) => {
      if (message.kind === 'tokens') {
        tokensOfOthers(message.tokens).then(
          (taken) => post({ kind: 'taken', tokens: [...taken] }),
          fail,
        );
        return;
      }
      stop();
      keepWorker(worker);
      if (message.kind === 'refused') {
        reject(new HttpError(message.status, message.message, message.errors));
      } else resolve(message.result);
    };
    const onExit = (code: number) => fail(new Error(`The import worker exited with code ${code}`));
    const stop = () => {
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', onExit);
    post({ kind: 'job', input });
  });
}
