import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@livent/shared';
import {
  ApiError,
  apiFetch,
  apiResponse,
  setApiAuth,
  setTwoFactorRequiredHandler,
} from './api-client';
import { getNotifications } from './notifications/notification-store';

function answer(status: number, body?: unknown) {
  return vi.fn(async () =>
    body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
  );
}

describe('apiFetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiAuth(undefined);
  });

  it('sends and parses JSON under /api', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends FormData as it is, leaving its multipart Content-Type to the browser', async () => {
    const fetchMock = answer(200, { url: '/uploads/abcdefgh.jpg' });
    vi.stubGlobal('fetch', fetchMock);
    const body = new FormData();
    body.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiFetch('/uploads', { method: 'POST', body });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(body);
    expect(init.headers as Record<string, string>).not.toHaveProperty('Content-Type');
  });

  it("throws an ApiError with the server's code, message and field errors", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        code: 400,
        message: 'Validation failed',
        errors: { email: 'validation.email' },
      }),
    );
    const error = await apiFetch('/things').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 400,
      status: 400,
      message: 'Validation failed',
      errors: { email: 'validation.email' },
    });
  });

  it('falls back to the status when the body is not the error shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(apiFetch('/things')).rejects.toMatchObject({ code: 502, message: 'Bad Gateway' });
  });

  it('shows the "Too many requests" notification on 429 (spec section 8)', async () => {
    vi.stubGlobal(
      'fetch',
      answer(429, { code: 429, message: 'Too many requests, please try again later.' }),
    );
    await expect(apiFetch('/things')).rejects.toMatchObject({ code: 429 });
    expect(getNotifications()).toEqual([
      expect.objectContaining({
        type: 'error',
        message: 'Too many requests, please try again later.',
      }),
    ]);
  });

  it('sends a member whose enterprise requires two-factor sign-in to its setup (ADR 071)', async () => {
    const handler = vi.fn();
    setTwoFactorRequiredHandler(handler);
    vi.stubGlobal('fetch', answer(403, { code: 403, message: 'Forbidden' }));
    await expect(apiFetch('/events')).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', answer(403, { code: 403, message: ERROR_MESSAGES.twoFactorRequired }));
    await expect(apiFetch('/events')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledOnce();
    setTwoFactorRequiredHandler(() => {});
  });

  it('adds auth headers and retries once after a successful refresh', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(null, { status: 401 }))
      .mockResolvedValueOnce(new Response('{"user":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    let token = 'old';
    setApiAuth({
      headers: () => ({ Authorization: `Bearer ${token}` }),
      refresh: async () => {
        token = 'new';
        return true;
      },
    });
    await expect(apiFetch('/auth/self')).resolves.toEqual({ user: 1 });
    const headers = fetchMock.mock.calls.map(
      ([, init]) => (init as RequestInit).headers as Record<string, string>,
    );
    expect(headers.map((h) => h.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });
});

describe('apiResponse', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiAuth(undefined);
  });

  it('answers the response as it is, after one refresh and retry with the new token', async () => {
    let token = 'old';
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const sent = (init?.headers as Record<string, string>).Authorization;
      return sent === 'Bearer new'
        ? new Response('id: 1\ndata: {}\n\n', {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
          })
        : new Response(null, { status: 401 });
    });
    vi.stubGlobal('fetch', fetchMock);
    setApiAuth({
      headers: () => ({ Authorization: `Bearer ${token}` }),
      refresh: async () => {
        token = 'new';
        return true;
      },
    });
    const response = await apiResponse('/events/e1/messages/stream', {
      headers: { Accept: 'text/event-stream', 'Last-Event-ID': '7' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('id: 1\ndata: {}\n\n');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, retried] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(retried.headers).toMatchObject({
      Accept: 'text/event-stream',
      'Last-Event-ID': '7',
      Authorization: 'Bearer new',
    });
  });

  it('does not throw on an error status: the caller reads it', async () => {
    vi.stubGlobal('fetch', answer(404, { code: 404, message: 'Token expired' }));
    const response = await apiResponse('/shared/messages/e1/stream', { anonymous: true });
    expect(response.status).toBe(404);
  });
});
