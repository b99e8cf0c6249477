import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { api, apiPath, searchOf } from './typed-api';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => Response.json(body, { status }));

describe('the typed API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills in the path parameters (encoded) and the defined query values in order', () => {
    expect(
      apiPath('/events/{id}/channels/{channelId}', { path: { id: 'a b', channelId: 'c/d' } }),
    ).toBe('/events/a%20b/channels/c%2Fd');
    expect(searchOf({ page: 2, pageSize: 25, q: '', way: undefined, sort: 'name' })).toBe(
      '?page=2&pageSize=25&sort=name',
    );
    expect(searchOf({ q: undefined })).toBe('');
  });

  it('sends a GET as fetch does by default and a body as JSON with its method', async () => {
    const fetchMock = answer(200, []);
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/events/{id}/invitations', {
      path: { id: 'e1' },
      query: { sort: 'name', order: 'asc', page: 1 },
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/events/e1/invitations?sort=name&order=asc&page=1');
    expect(init.method).toBeUndefined();

    vi.stubGlobal('fetch', answer(201, {}));
    await api.post('/events/{id}/channels', {
      path: { id: 'e1' },
      body: { slug: 'room', title: 'Room' },
    });
    const [postUrl, postInit] = vi.mocked(fetch).mock.calls[0] as unknown as [string, RequestInit];
    expect(postUrl).toBe('/api/events/e1/channels');
    expect(postInit.method).toBe('POST');
    expect(postInit.body).toBe('{"slug":"room","title":"Room"}');
  });

  it('types each call by its documented path, method, parameters and answer', () => {
    // Only checked by the type check (npm run typecheck): these lines never run.
    const calls = async () => {
      const [event] = await api.get('/events');
      expectTypeOf(event?.slug).toEqualTypeOf<string | undefined>();
      expectTypeOf(await api.delete('/events/{id}', { path: { id: 'x' } })).toBeUndefined();
      // @ts-expect-error: no such path
      void api.get('/event');
      // @ts-expect-error: the path documents no PUT
      void api.put('/events');
      // @ts-expect-error: the parameter is `id`
      void api.get('/events/{id}', { path: { eventId: 'x' } });
      // @ts-expect-error: the path parameter is required
      void api.get('/events/{id}');
      // @ts-expect-error: `sort` takes the documented columns only
      void api.get('/events/{id}/invitations', { path: { id: 'x' }, query: { sort: 'colour' } });
      // @ts-expect-error: the body is required and typed
      void api.post('/events', { body: { title: 3 } });
    };
    expect(calls).toBeTypeOf('function');
  });
});
