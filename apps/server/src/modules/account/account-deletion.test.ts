import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registerVerified } from '../../test/accounts.js';
import { everyRow, seedAccount } from '../../test/account-data.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

// Deleting an account removes everything of it (docs/decisions/073-data-retention-and-privacy.md):
// no table keeps a row that names the account or its events afterwards.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({}, { retention: { intervalMs: 0 } });
});
afterAll(() => testApp.cleanup());

describe('DELETE /api/account', () => {
  it('leaves no row naming the account, its events or their viewers', async () => {
    const { app } = testApp;
    const owner = await registerVerified(app);
    const colleague = await registerVerified(app);
    const { eventId, uploadUrl, tag } = await seedAccount(app, owner, colleague);

    const served = () => app.inject({ method: 'GET', url: uploadUrl });
    expect((await served()).statusCode).toBe(200);

    const response = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: owner.headers,
      payload: { password: PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(204);

    const traces = [owner.user.id, owner.email, eventId, tag];
    const left = [...(await everyRow(app))].flatMap(([table, rows]) =>
      traces.filter((trace) => rows.includes(trace)).map((trace) => `${table}: ${trace}`),
    );
    expect(left).toEqual([]);
    expect((await served()).statusCode).toBe(404);
    // The colleague's account and event stay.
    const events = await app.db.selectFrom('events').select('owner_id').execute();
    expect(events).toEqual([{ owner_id: colleague.user.id }]);
  });
});
