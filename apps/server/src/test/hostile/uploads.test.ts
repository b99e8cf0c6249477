import { crc32, deflateSync } from 'node:zlib';
import { ERROR_MESSAGES, type UploadResponse } from '@livent/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_NAME_PATTERN } from '../../modules/uploads/uploads.service.js';
import { registerVerified, type SignedInUser } from '../accounts.js';
import { buildTestApp, type TestApp } from '../test-app.js';
import { multipartFile, testPng } from '../uploads.js';

/**
 * Hostile uploads (docs/architecture.md, "Security requirements": an allow-list by magic bytes,
 * pixel caps, every image re-encoded). Bytes that are no image, whatever their name and type say,
 * headers that claim a decompression bomb's dimensions and polyglots that are no valid image are
 * refused with 400 "Image type not supported" and store nothing. The client's file name is never
 * used: path-like, NUL-carrying or very long names change nothing about where an image goes, and
 * a valid image that carries HTML or script elsewhere in its bytes is stored re-encoded, without
 * them.
 */

let test: TestApp;
let app: FastifyInstance;
let user: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp();
  app = test.app;
  user = await registerVerified(app);
});
afterAll(() => test.cleanup());

function upload(bytes: Buffer, filename = 'image.png', contentType = 'image/png') {
  const { payload, headers } = multipartFile(bytes, filename, contentType);
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, ...user.headers },
  });
}

const storedRows = () => app.db.selectFrom('uploads').selectAll().execute();

/** A PNG chunk: length, type, data and the CRC over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A well-formed PNG head that claims `width`×`height` pixels, with one tiny compressed row. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF head whose logical screen and image claim 65535×65535 pixels. */
function gifClaimingHuge(): Buffer {
  const side = [0xff, 0xff];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...side,
    ...side,
    0x00,
    0x00,
    0x00,
    0x2c,
    0x00,
    0x00,
    0x00,
    0x00,
    ...side,
    ...side,
    0x00,
    0x02,
    0x02,
    0x44,
    0x01,
    0x00,
    0x3b,
  ]);
}

/** A JPEG head (SOF0) that claims 65500×65500 pixels. */
function jpegClaimingHuge(): Buffer {
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0xff, 0xdc, 0xff, 0xdc, 0x03, 0x01, 0x22, 0x00, 0x02,
    0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
  ]);
}

/** A ZIP archive's local file header (what a JAR, DOCX or a GIFAR's tail starts with). */
const zipBytes = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00]),
  Buffer.from('evil.html<script>alert(1)</script>'),
  Buffer.from([0x50, 0x4b, 0x05, 0x06]),
  Buffer.alloc(18),
]);

const PAYLOAD = '<script>alert(1)</script>';

describe('hostile uploads', () => {
  it.each([
    ['HTML named as a PNG', Buffer.from(`<!doctype html><html><body>${PAYLOAD}</body></html>`)],
    ['SVG with a script', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${PAYLOAD}</svg>`)],
    ['a ZIP archive', zipBytes],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')],
    ['empty bytes', Buffer.alloc(0)],
    [
      'a PNG signature and nothing else',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ],
    ['a PNG of 100000×100000 pixels (decompression bomb)', pngClaiming(100_000, 100_000)],
    ['a PNG of 1×4000000000 pixels', pngClaiming(1, 4_000_000_000)],
    ['a GIF of 65535×65535 pixels', gifClaimingHuge()],
    ['a JPEG of 65500×65500 pixels', jpegClaimingHuge()],
    ['a GIF/JavaScript polyglot', Buffer.from(`GIF89a/*\x00\x00\x00\x00*/=1;${PAYLOAD}`)],
    ['a GIF head followed by a ZIP (GIFAR)', Buffer.concat([Buffer.from('GIF89a'), zipBytes])],
  ])('refuses %s with 400 and stores nothing', async (_name, bytes) => {
    const before = await storedRows();
    const response = await upload(bytes);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: ERROR_MESSAGES.imageNotSupported });
    expect(await storedRows()).toEqual(before);
  });

  it.each([
    ['../../etc/passwd.png'],
    ['..\\..\\windows\\win.ini.png'],
    ['/etc/passwd.png'],
    ['image\u0000.html.png'],
    ['%2e%2e%2fescape.png'],
    [`${'a'.repeat(5000)}.png`],
    ['<img src=x onerror=alert(1)>.png'],
  ])('refuses HTML bytes named %j, and stores nothing', async (filename) => {
    const before = await storedRows();
    const response = await upload(Buffer.from(`<html>${PAYLOAD}</html>`), filename, 'image/png');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ code: number }>().code).toBe(400);
    expect(await storedRows()).toEqual(before);
  });

  it.each([
    ['../../etc/passwd.png'],
    ['..\\x.png'],
    ['image\u0000.html.png'],
    [`${'a'.repeat(5000)}.png`],
    ['"; filename=evil.html'],
  ])('stores a real image named %j under a generated name only', async (filename) => {
    const before = (await storedRows()).length;
    const response = await upload(await testPng(), filename, 'text/html');
    if (response.statusCode === 400) {
      // The multipart parser may refuse the header itself: then in the one shape, storing nothing.
      expect(response.json<{ code: number }>().code).toBe(400);
      expect((await storedRows()).length).toBe(before);
      return;
    }
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<UploadResponse>();
    const name = url.slice('/uploads/'.length);
    expect(url.startsWith('/uploads/')).toBe(true);
    expect(name).toMatch(UPLOAD_NAME_PATTERN);
    const rows = await storedRows();
    expect(rows.length).toBe(before + 1);
    const row = rows.find((stored) => stored.name === name)!;
    // Judged by its bytes, not by the type the client claimed.
    expect(row.content_type).toBe('image/png');
    expect(JSON.stringify({ ...row, data: undefined })).not.toContain('passwd');
    expect(JSON.stringify({ ...row, data: undefined })).not.toContain('evil');
  });

  it('re-encodes a valid image that carries HTML in a text chunk and after its end', async () => {
    const png = await testPng();
    const iend = png.length - 12;
    const polyglot = Buffer.concat([
      png.subarray(0, iend),
      chunk('tEXt', Buffer.from(`Comment\u0000${PAYLOAD}`, 'latin1')),
      png.subarray(iend),
      Buffer.from(`<html>${PAYLOAD}</html>`),
    ]);
    const response = await upload(polyglot, 'x.html', 'text/html');
    expect(response.statusCode, response.body).toBe(201);
    const served = await app.inject({ method: 'GET', url: response.json<UploadResponse>().url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes('<script')).toBe(false);
    expect(served.rawPayload.includes('<html')).toBe(false);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 40, 30]);
  });

  it('answers 404 to path-like names on the image route', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '..%5Cx.png', 'x%00.png', 'a'.repeat(99)]) {
      const response = await app.inject({ method: 'GET', url: `/uploads/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.json<{ code: number }>().code).toBe(404);
    }
  });
});
