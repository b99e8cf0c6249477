import type { Health } from '@livent/shared';
import type { Kysely } from 'kysely';
import { pingDatabase, type Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { SERVER_VERSION } from '../../lib/version.js';

/** A hung database must not hang the health check; load balancers expect a prompt answer. */
export const DATABASE_CHECK_TIMEOUT_MS = 3000;

export interface HealthDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Told why the database check failed; the answer itself only says `error`. */
  onDatabaseError: (error: unknown) => void;
}

export async function checkHealth(deps: HealthDependencies): Promise<Health> {
  const databaseOk = await withTimeout(pingDatabase(deps.db), DATABASE_CHECK_TIMEOUT_MS).then(
    () => true,
    (error: unknown) => {
      deps.onDatabaseError(error);
      return false;
    },
  );
  return {
    status: databaseOk ? 'ok' : 'error',
    database: databaseOk ? 'ok' : 'error',
    dialect: deps.dialect,
    version: SERVER_VERSION,
    uptimeSeconds: Math.floor(process.uptime()),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
