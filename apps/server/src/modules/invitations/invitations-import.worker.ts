import { parentPort } from 'node:worker_threads';
import { isHttpError } from '../../lib/errors.js';
import { runImportJob } from './invitations-import-job.js';
import type { FromWorker, ToWorker } from './invitations-import-thread.js';

// An import worker thread (ADR 046): runs one job at a time as invitations-import-thread.ts
// posts them, and asks that thread which imported tokens other events hold.

const port = parentPort;
if (!port) throw new Error('invitations-import.worker runs only as a worker thread');
const post = (message: FromWorker) => port.postMessage(message);

/** The answer to the running job's question, when it asked one. */
let answer: ((tokens: string[]) => void) | undefined;

port.on('message', (message: ToWorker) => {
  if (message.kind === 'taken') {
    answer?.(message.tokens);
    answer = undefined;
    return;
  }
  const asked = (tokens: string[]) =>
    new Promise<ReadonlySet<string>>((resolve) => {
      answer = (taken) => resolve(new Set(taken));
      post({ kind: 'tokens', tokens });
    });
  runImportJob(message.input, asked).then(
    (result) => post({ kind: 'done', result }),
    (error: unknown) => {
      // A refusal (a broken file, too many rows, a bad mapping) is the client's answer; anything
      // else is the worker's error event, and the thread that waits for it answers 500.
      if (!isHttpError(error)) throw error;
      post({
        kind: 'refused',
        status: error.statusCode,
        message: error.message,
        errors: error.errors,
      });
    },
  );
});
