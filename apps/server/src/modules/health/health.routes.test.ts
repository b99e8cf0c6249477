import { healthSchema } from '@livent/shared';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

const expectedDialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

describe('GET /api/health', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  it('answers 200 with the dialect, version and uptime when the database answers', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    const body = healthSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'ok', database: 'ok', dialect: expectedDialect });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 with status and database "error" when the database is gone', async () => {
    testApp = await buildTestApp();
    await testApp.app.ready();
    await testApp.database.close();

    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'error',
      database: 'error',
      dialect: expectedDialect,
    });
  });

  it('is not counted against the API rate limit', async () => {
    testApp = await buildTestApp({ RATE_LIMIT_MAX: '2' });
    for (let i = 0; i < 4; i += 1) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  it('answers live and ready when the database is reachable and migrated', async () => {
    testApp = await buildTestApp();
    const live = await testApp.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: 'ok',
      migrations: 'ok',
      shuttingDown: false,
    });
  });

  it('stays live but not ready when the database is gone', async () => {
    testApp = await buildTestApp();
    await testApp.app.ready();
    await testApp.database.close();

    expect((await testApp.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(
      200,
    );
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'error', database: 'error' });
  });

  it('is not ready while a migration this build knows has not run', async () => {
    testApp = await buildTestApp();
    await testApp.app.ready();
    // As if an older instance had migrated the database: the newest migration is missing.
    const newest = await testApp.app.db
      .selectFrom(sql<{ name: string }>`kysely_migration`.as('m'))
      .select('name')
      .orderBy('name', 'desc')
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${newest.name}`.execute(testApp.app.db);

    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'error',
      database: 'ok',
      migrations: 'pending',
      shuttingDown: false,
    });
  });

  it('answers 503 once a shutdown began, while liveness and other routes still answer', async () => {
    testApp = await buildTestApp();
    testApp.app.lifecycle.shuttingDown = true;

    const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'error', shuttingDown: true });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(
      200,
    );
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('are not counted against the API rate limit', async () => {
    testApp = await buildTestApp({ RATE_LIMIT_MAX: '2' });
    for (let i = 0; i < 4; i += 1) {
      for (const url of ['/api/health/live', '/api/health/ready']) {
        expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
    }
  });
});
