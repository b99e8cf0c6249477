import { healthSchema } from '@livent/shared';
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
