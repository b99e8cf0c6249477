import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerVerified, type SignedInUser } from '../../test/accounts.js';
import { testClock } from '../../test/clock.js';
import { callAs, createEvent, setPlan } from '../../test/events.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { onEventsHost } from '../public/public.fixtures.js';
import { REVALIDATE_MS } from '../public/public-events.js';

// Plan expiry (docs/product-spec.md section 4; ADR 054): existing events stay untouched until
// saved or until a new one is created, then the free limits apply; a renewal restores them.

const clock = testClock();
let test: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  test = await buildTestApp({}, { now: clock.now });
  app = test.app;
});
afterAll(() => test.cleanup());

const POWERED = 'class="lv-powered"';

async function pageOf(slug: string): Promise<string> {
  clock.advance(REVALIDATE_MS);
  const page = await onEventsHost(app, `/${slug}`);
  expect(page.statusCode).toBe(200);
  return page.body;
}

/** A professional account with an event saved without the footer logo, then lapsed. */
async function lapsedWithHiddenLogo(): Promise<{ user: SignedInUser; slug: string; id: string }> {
  const user = await registerVerified(app);
  await setPlan(app, user.user.id, 'professional');
  const event = await createEvent(app, user, 'Keynote');
  const save = await callAs(app, user, 'PATCH', `/event-settings/${event.id}`, {
    hideFooterLogo: true,
  });
  expect(save.statusCode, save.body).toBe(200);
  expect(await pageOf(event.slug)).not.toContain(POWERED);
  await setPlan(app, user.user.id, 'free');
  return { user, slug: event.slug, id: event.id };
}

describe('plan expiry', () => {
  it('leaves the page as saved after the plan lapses, until the event is saved again', async () => {
    const { user, slug, id } = await lapsedWithHiddenLogo();
    expect(await pageOf(slug)).not.toContain(POWERED);

    // The save may send the gated value unchanged; the page no longer honours it.
    const save = await callAs(app, user, 'PATCH', `/event-settings/${id}`, {
      hideFooterLogo: true,
      headline: 'Saved on free',
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await pageOf(slug)).toContain(POWERED);

    // The stored value is kept, so that a renewal restores the page.
    await setPlan(app, user.user.id, 'professional');
    expect(await pageOf(slug)).not.toContain(POWERED);
  });

  it('applies the free limits to every existing page once a new event is created', async () => {
    const { user, slug } = await lapsedWithHiddenLogo();
    expect(await pageOf(slug)).not.toContain(POWERED);
    await createEvent(app, user, 'Another');
    expect(await pageOf(slug)).toContain(POWERED);
  });

  it('leaves other accounts’ pages alone when someone creates an event', async () => {
    const { slug } = await lapsedWithHiddenLogo();
    const other = await registerVerified(app);
    await createEvent(app, other, 'Unrelated');
    expect(await pageOf(slug)).not.toContain(POWERED);
  });
});
