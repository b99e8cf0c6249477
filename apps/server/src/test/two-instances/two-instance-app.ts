import { createDatabase } from '../../db/database.js';
import type { ConfigEnv } from '../../config.js';
import type { BuildTestAppOptions, TestApp } from '../test-app.js';
import { createTestDatabase, testConfig } from '../test-environment.js';
import { startInstances, type Instance } from './hosts.js';
import { remoteApp } from './remote-app.js';

/**
 * `buildTestApp` under `TEST_INSTANCES=2`: two server processes on the test's own PostgreSQL
 * database behind a round-robin proxy, so that every second request lands on the other instance
 * and state an instance keeps for itself (caches, counters, live streams) has to hold across both.
 */
export interface TwoInstanceTestApp extends TestApp {
  /** The two instances, for requests that must land on one of them. */
  instances: [Instance, Instance];
}

export async function buildTwoInstanceTestApp(
  overrides: ConfigEnv = {},
  options: BuildTestAppOptions = {},
): Promise<TwoInstanceTestApp> {
  if (process.env.TEST_DB !== 'postgres') {
    throw new Error('TEST_INSTANCES=2 needs TEST_DB=postgres: SQLite is one process');
  }
  const inProcess = (['apiPlugins', 'onRoute', 'logStream'] as const).filter(
    (name) => options[name] !== undefined,
  );
  if (inProcess.length > 0) {
    throw new Error(
      `buildTestApp's ${inProcess.join(', ')} work in process only: list the test in apps/server/src/test/two-instances/in-process-only.ts`,
    );
  }
  const testDatabase = await createTestDatabase();
  const configEnv: ConfigEnv = { DATABASE_URL: testDatabase.url, ...overrides };
  const config = testConfig(configEnv);
  let group;
  try {
    group = await startInstances(2, {
      config: Object.fromEntries(
        Object.entries(configEnv).map(([name, value]) => [name, value ?? null]),
      ),
      now: options.now?.().toISOString(),
      abuseLimits: options.abuseLimits,
      passwordHashing: options.passwordHashing,
      mailWorker: options.mailWorker,
      messageStreams: options.messageStreams,
      pageStreams: options.pageStreams,
      stats: options.stats,
    });
  } catch (error) {
    await testDatabase.drop();
    throw error;
  }
  const database = createDatabase(config.databaseUrl);
  const app = remoteApp({
    proxyBase: group.proxy.base,
    config,
    database,
    now: options.now,
    close: group.close,
    closeAllConnections: () => group.proxy.server.closeAllConnections(),
  });
  return {
    app,
    config,
    database,
    instances: group.instances as [Instance, Instance],
    cleanup: async () => {
      await app.close();
      await testDatabase.drop();
    },
  };
}
