import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified } from '../../test/accounts.js';
import { createEvent } from '../../test/events.js';
import { seedMessage } from '../../test/messages.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { listInboxInBatches } from './inbox.repository.js';

describe('inbox repository', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let eventId: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    app = testApp.app;
    const owner = await registerVerified(app);
    eventId = (await createEvent(app, owner, 'Batches')).id;
    for (let index = 0; index < 7; index += 1) {
      await seedMessage(app, eventId, { text: `m${index}` });
    }
  });
  afterAll(async () => testApp.cleanup());

  const texts = async (limit: number, batchSize: number) => {
    const seen: string[] = [];
    const query = { page: 1, pageSize: 25, sort: 'oldest' as const };
    for await (const row of listInboxInBatches(
      app.db,
      { eventId, viewerOnly: false },
      query,
      limit,
      batchSize,
    )) {
      seen.push(row.text);
    }
    return seen;
  };

  it('reads the whole list batch after batch, in order, up to the cap', async () => {
    const all = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6'];
    expect(await texts(100, 2)).toEqual(all);
    expect(await texts(100, 7)).toEqual(all);
    expect(await texts(100, 500)).toEqual(all);
    expect(await texts(5, 2)).toEqual(all.slice(0, 5));
    expect(await texts(4, 2)).toEqual(all.slice(0, 4));
  });
});
