import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { IMMUTABLE_CACHE_CONTROL, isApiPath } from './web-app.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("dashboard");';
const html = { accept: 'text/html,application/xhtml+xml,application/xhtml+xml;q=0.9,*/*;q=0.8' };

describe('dashboard serving', () => {
  let webDist: string;
  let testApp: TestApp;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'livent-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(webDist, '.env'), 'SECRET=1');
    writeFileSync(join(webDist, 'assets', 'app-abc.js'), APP_JS);
    writeFileSync(join(webDist, 'assets', 'app-abc.js.br'), brotliCompressSync(APP_JS));
    testApp = await buildTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await testApp.cleanup();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/events/123/general', '/login?redirect=%2Fevents'])(
    'answers the navigation %s with index.html, always revalidated',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('keeps the share link of guest moderators out of Referer, and only there', async () => {
    const shared = await testApp.app.inject({
      method: 'GET',
      url: '/shared/messages/event-1?token=secret',
      headers: html,
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toBe(INDEX_HTML);
    expect(shared.headers['referrer-policy']).toBe('no-referrer');
    const other = await testApp.app.inject({ method: 'GET', url: '/events/1', headers: html });
    expect(other.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const sharedLookalike = await testApp.app.inject({
      method: 'GET',
      url: '/sharedx/messages',
      headers: html,
    });
    expect(sharedLookalike.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers HEAD navigations too', async () => {
    const response = await testApp.app.inject({ method: 'HEAD', url: '/events/1', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(response.body).toBe(APP_JS);
  });

  it('serves the precompressed sibling to clients that accept it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
  });

  it('revalidates files outside /assets/', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('never serves dotfiles', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/.env' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('SECRET');
  });

  it.each(['/assets/missing.js', '/assets/', '/assets'])(
    'answers %s with 404, never index.html',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<html');
    },
  );

  it('answers unknown API paths with JSON even for browsers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nope', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, message: 'Not found' });
  });

  it('answers requests that do not want HTML, or do not read, with 404', async () => {
    const json = await testApp.app.inject({
      method: 'GET',
      url: '/events/1',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    const post = await testApp.app.inject({ method: 'POST', url: '/events/1', headers: html });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ code: 404, message: 'Not found' });
  });
});

describe('dashboard not built', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.cleanup();
    testApp = undefined;
  });

  it('answers navigations with 503 and how to build it, while the API works', async () => {
    const emptyDist = mkdtempSync(join(tmpdir(), 'livent-web-empty-'));
    try {
      testApp = await buildTestApp({ WEB_DIST: emptyDist });
      const page = await testApp.app.inject({ method: 'GET', url: '/events/1', headers: html });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/plain/);
      expect(page.body).toContain('npm run build');

      const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      rmSync(emptyDist, { recursive: true, force: true });
    }
  });
});

describe('isApiPath', () => {
  it.each([
    ['/api', true],
    ['/api/', true],
    ['/api/events/1', true],
    ['/api?x=1', true],
    ['/apis', false],
    ['/apiary/api', false],
    ['/events/api', false],
    ['/', false],
  ])('%s -> %s', (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });
});
