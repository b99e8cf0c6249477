import type { Health } from '@livent/shared';
import { Migrator, type Kysely } from 'kysely';
import { pingDatabase, type Dialect } from '../../db/database.js';
import { migrationProvider } from '../../db/migrator.js';
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

export interface Readiness {
  status: 'ok' | 'error';
  database: 'ok' | 'error';
  /** `pending` when this build knows migrations the database has not run (or it cannot tell). */
  migrations: 'ok' | 'pending';
  shuttingDown: boolean;
}

export interface ReadinessDependencies extends HealthDependencies {
  /** True from the moment a shutdown began: a load balancer stops sending new requests. */
  shuttingDown: boolean;
}

/**
 * Whether this instance should get traffic (docs/decisions/032-operations.md): the database
 * answers, every migration this build knows has run there, and no shutdown has begun.
 */
export async function checkReadiness(deps: ReadinessDependencies): Promise<Readiness> {
  if (deps.shuttingDown) {
    // The database is not asked: a closing instance answers at once and does not add load.
    return { status: 'error', database: 'ok', migrations: 'ok', shuttingDown: true };
  }
  const migrations = withTimeout(
    new Migrator({ db: deps.db, provider: migrationProvider }).getMigrations(),
    DATABASE_CHECK_TIMEOUT_MS,
  );
  const state = await migrations.then(
    (list) => ({
      database: 'ok' as const,
      migrations: list.every((migration) => migration.executedAt !== undefined)
        ? ('ok' as const)
        : ('pending' as const),
    }),
    (error: unknown) => {
      deps.onDatabaseError(error);
      return { database: 'error' as const, migrations: 'pending' as const };
    },
  );
  const ok = state.database === 'ok' && state.migrations === 'ok';
  return { status: ok ? 'ok' : 'error', ...state, shuttingDown: false };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
