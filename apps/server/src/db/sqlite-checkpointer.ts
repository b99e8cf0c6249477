import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** How often the thread moves committed pages from the WAL into the database file. */
export const CHECKPOINT_INTERVAL_MS = 1_000;
/** SQLite's own default, restored on the server's connection if the thread is lost. */
const AUTOCHECKPOINT_PAGES = 1_000;

/**
 * The thread's code, plain CommonJS so that it runs the same from the sources and the build: its
 * own connection to the database file, a PASSIVE checkpoint every interval (it never waits for
 * readers or blocks writers), and a last one when told to stop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error));
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Ends the thread after a last checkpoint; the server's connection may close after it. */
  stop(): Promise<void>;
}

/**
 * Checkpoints of the WAL on a thread of their own (docs/decisions/068-checkpoints-off-the-event-loop.md).
 * SQLite checkpoints inside the COMMIT that crosses `wal_autocheckpoint`, and a checkpoint copies
 * the WAL's pages into the database file and syncs it: a large write (a send to 100,000 guests, an
 * import) made one commit in a few hold the event loop for 300 ms, and every request with it. The
 * server's connection stops checkpointing; this thread does it every second instead. Should the
 * thread fail, the connection checkpoints again itself, so the WAL never grows without bound.
 */
export function startCheckpointer(
  filename: string,
  sqlite: SqliteDatabase.Database,
  onError: (error: Error) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): Checkpointer {
  sqlite.pragma('wal_autocheckpoint = 0');
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, filename, intervalMs },
  });
  let stopping = false;
  const lost = (error: Error) => {
    if (stopping) return;
    stopping = true;
    onError(error);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${String(AUTOCHECKPOINT_PAGES)}`);
  };
  worker.on('message', (message: string) => onError(new Error(`checkpoint: ${message}`)));
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`the checkpoint thread exited (${String(code)})`)));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      if (!stopping) {
        stopping = true;
        worker.postMessage('stop');
      }
      await exited;
    },
  };
}
