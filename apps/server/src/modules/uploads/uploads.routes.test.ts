import {
  ERROR_MESSAGES,
  IMAGE_MAX_PIXELS,
  UPLOAD_PATH_PATTERN,
  validationMessage,
  type UploadResponse,
} from '@livent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abuseLimits } from '../../lib/abuse-limits.js';
import { register, registerVerified, type SignedInUser } from '../../test/accounts.js';
import { buildTestApp, RELAXED_ABUSE_LIMITS, type TestApp } from '../../test/test-app.js';
import { multipartFile, testPng } from '../../test/uploads.js';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } });

describe('uploads API', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let user: SignedInUser;

  beforeAll(async () => {
    testApp = await buildTestApp({
      PUBLIC_URL: 'https://dashboard.example.com',
      EVENTS_URL: 'https://events.example.com',
    });
    app = testApp.app;
    user = await registerVerified(app);
  });
  afterAll(async () => testApp.cleanup());

  const upload = (
    bytes: Buffer,
    filename?: string,
    contentType?: string,
    fieldname?: string,
    as: SignedInUser = user,
  ) => {
    const { payload, headers } = multipartFile(bytes, filename, contentType, fieldname);
    return app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, ...as.headers },
    });
  };
  const uploaded = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UploadResponse>();
  };
  const served = (url: string, host = 'dashboard.example.com') =>
    app.inject({ method: 'GET', url, headers: { host } });

  it('stores a PNG under a generated name and serves it on both hosts', async () => {
    const body = uploaded(await upload(await testPng(40, 30), 'My Logo.PNG'));
    expect(body.url).toMatch(UPLOAD_PATH_PATTERN);
    expect(body.url).toMatch(/\.png$/);
    expect(body.url).not.toContain('Logo');
    expect(body).toMatchObject({ width: 40, height: 30 });

    for (const host of ['dashboard.example.com', 'events.example.com']) {
      const response = await served(body.url, host);
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
      expect(response.rawPayload.length).toBe(body.bytes);
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });
    }
    const row = await app.db
      .selectFrom('uploads')
      .select(['owner_id', 'name'])
      .where('name', '=', body.url.slice('/uploads/'.length))
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(user.user.id);
  });

  it('turns a JPEG upright and strips its EXIF metadata (GPS, camera)', async () => {
    const jpeg = await solid(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'SpyCam', Copyright: 'Secret Person' },
        IFD3: { GPSLatitudeRef: 'N' },
      })
      .toBuffer();
    expect(jpeg.includes(Buffer.from('SpyCam'))).toBe(true);
    const original = await sharp(jpeg).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);

    const body = uploaded(await upload(jpeg, 'photo.jpg', 'image/jpeg'));
    expect(body.url).toMatch(/\.jpg$/);
    // Orientation 6 is a quarter turn: the stored image is upright.
    expect(body).toMatchObject({ width: 20, height: 40 });
    const response = await served(body.url);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(response.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
    expect(response.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false);
  });

  it('keeps WebP, turns GIF into PNG and scales large images down', async () => {
    const webp = uploaded(await upload(await solid(20, 20).webp().toBuffer(), 'a.webp'));
    expect(webp.url).toMatch(/\.webp$/);
    const gif = uploaded(await upload(await solid(20, 10).gif().toBuffer(), 'a.gif'));
    expect(gif.url).toMatch(/\.png$/);
    expect((await served(gif.url)).headers['content-type']).toBe('image/png');
    const wide = uploaded(await upload(await solid(5000, 100).png().toBuffer()));
    expect(wide).toMatchObject({ width: 3840, height: 77 });
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, this is not an image'), 'evil.png'],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
    ],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png'],
    [
      'a truncated PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
      'x.png',
    ],
  ])('refuses %s', async (_name, bytes, filename) => {
    const response = await upload(bytes, filename, 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: ERROR_MESSAGES.imageNotSupported });
  });

  it('refuses images with more pixels than the cap', async () => {
    const side = Math.ceil(Math.sqrt(IMAGE_MAX_PIXELS)) + 1;
    const huge = await sharp({
      create: { width: side, height: side, channels: 3, background: { r: 0, g: 0, b: 0 } },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await upload(huge);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ERROR_MESSAGES.imageNotSupported);
  });

  it('refuses files over 10 MB at the file field', async () => {
    const big = Buffer.concat([await testPng(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const response = await upload(big);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: ERROR_MESSAGES.validationFailed,
      errors: { file: validationMessage('fileTooLarge', { max: '10 MB' }) },
    });
  });

  it('needs a file in the field `file`, a verified account and a session', async () => {
    const wrongField = await upload(await testPng(), 'a.png', 'image/png', 'image');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toEqual({ file: 'validation.required' });
    const json = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: user.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);

    const unverified = await register(app);
    expect(
      (await upload(await testPng(), undefined, undefined, undefined, unverified)).statusCode,
    ).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      ...multipartFile(await testPng()),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  const uploadsStored = async () =>
    Number(
      (
        await app.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rawUpload = (payload: Buffer | string, contentType: string) =>
    app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...user.headers, 'content-type': contentType },
    });

  it('answers 400 in the one error shape to a multipart body without boundary or cut short', async () => {
    const { payload } = multipartFile(await testPng());
    const before = await uploadsStored();
    const cases: Array<[string, Buffer | string, string]> = [
      ['no boundary', payload, 'multipart/form-data'],
      ['empty boundary', payload, 'multipart/form-data; boundary='],
      ['another boundary', payload, 'multipart/form-data; boundary=other'],
      [
        'truncated in the file',
        payload.subarray(0, payload.length - 40),
        'multipart/form-data; boundary=livent-test-boundary',
      ],
      [
        'truncated in the headers',
        '--livent-test-boundary\r\nContent-Disposition: form-data; name="fi',
        'multipart/form-data; boundary=livent-test-boundary',
      ],
      ['empty', '', 'multipart/form-data; boundary=livent-test-boundary'],
    ];
    for (const [label, body, contentType] of cases) {
      const response = await rawUpload(body, contentType);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(response.json(), label).toMatchObject({
        code: 400,
        message: ERROR_MESSAGES.validationFailed,
        errors: { file: expect.any(String) },
      });
    }
    expect(await uploadsStored()).toBe(before);
  });

  it('refuses parts after the file', async () => {
    const png = await testPng();
    const { payload, headers } = multipartFile(png);
    const end = Buffer.from('--livent-test-boundary--\r\n');
    const withoutEnd = payload.subarray(0, payload.length - end.length);
    const before = await uploadsStored();
    for (const [label, extra] of [
      [
        'a field',
        '--livent-test-boundary\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n',
      ],
      [
        'a second file',
        '--livent-test-boundary\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\nxyz\r\n',
      ],
    ] as const) {
      const response = await rawUpload(
        Buffer.concat([withoutEnd, Buffer.from(extra), end]),
        headers['content-type'] ?? '',
      );
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(response.json().errors, label).toEqual({
        file: validationMessage('maxEntries', { max: 1 }),
      });
    }
    expect(await uploadsStored()).toBe(before);
  });

  it('answers 404 JSON for unknown names, also to browsers', async () => {
    for (const url of [
      '/uploads/00000000-0000-4000-8000-000000000000.png',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/short.png',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: ERROR_MESSAGES.notFound });
    }
  });
});

describe('upload limit per account', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp(
      {},
      {
        abuseLimits: {
          ...RELAXED_ABUSE_LIMITS,
          uploadsPerAccount: abuseLimits({ uploadsPerAccount: 2 }).uploadsPerAccount,
        },
      },
    );
  });
  afterAll(async () => testApp.cleanup());

  it('answers 429 beyond the limit', async () => {
    const { app } = testApp;
    const user = await registerVerified(app);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const { payload, headers } = multipartFile(await testPng());
      const response = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { ...headers, ...user.headers },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});
