import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../test/fake-xhr';
import { ApiError, apiUpload, setApiAuth } from './api-client';

const formData = () => {
  const body = new FormData();
  body.append('file', new Blob(['a,b']), 'a.csv');
  return body;
};

describe('apiUpload', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiAuth(undefined);
  });

  it('posts the form under /api with the credentials, reports progress and parses the JSON', async () => {
    setApiAuth({ headers: () => ({ Authorization: 'Bearer one' }), refresh: async () => false });
    const calls = stubXhr(() => undefined);
    const progress: number[] = [];
    const body = formData();
    const answer = apiUpload<{ ok: boolean }>('/things/import', {
      body,
      onProgress: (sent) => progress.push(sent),
    });
    const call = calls[0];
    expect(call).toMatchObject({ method: 'POST', url: '/api/things/import', body });
    expect(call?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer one' });
    call?.progress(50, 200);
    call?.progress(200, 200);
    call?.respond(200, { ok: true });
    await expect(answer).resolves.toEqual({ ok: true });
    expect(progress).toEqual([0.25, 1]);
  });

  it('refreshes once after a 401 and sends again with the new token', async () => {
    let token = 'old';
    setApiAuth({
      headers: () => ({ Authorization: `Bearer ${token}` }),
      refresh: async () => {
        token = 'new';
        return true;
      },
    });
    const calls = stubXhr((call) =>
      call.headers.Authorization === 'Bearer new'
        ? call.respond(200, { done: 1 })
        : call.respond(401, { code: 401, message: 'Unauthorized' }),
    );
    await expect(apiUpload('/x', { body: formData() })).resolves.toEqual({ done: 1 });
    expect(calls).toHaveLength(2);
  });

  it("throws the server's error with its field errors", async () => {
    stubXhr((call) =>
      call.respond(413, {
        code: 413,
        message: 'Validation failed',
        errors: { file: 'validation.fileTooLarge?max=20%20MB' },
      }),
    );
    const error = await apiUpload('/x', { body: formData() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 413,
      errors: { file: 'validation.fileTooLarge?max=20%20MB' },
    });
  });

  it('rejects like fetch when the server cannot be reached, and when aborted', async () => {
    stubXhr((call) => call.fail());
    await expect(apiUpload('/x', { body: formData() })).rejects.toBeInstanceOf(TypeError);

    const calls = stubXhr(() => undefined);
    const controller = new AbortController();
    const answer = apiUpload('/x', { body: formData(), signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });
});
