import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageAssets } from './page-data.js';

/** A file the events origin serves under `/_livent/` (ADR 017). */
export interface PublicAsset {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** The path prefix of the page's own files; no event slug can start with `_`. */
export const ASSET_PREFIX = '/_livent/';

const require = createRequire(import.meta.url);
/** `apps/viewer/dist`, from `apps/server/{src,dist}/modules/public/page`. */
const VIEWER_DIST = fileURLToPath(new URL('../../../../../viewer/dist/', import.meta.url));
/**
 * The page's stylesheet and default icon live beside its components in `src` (the TypeScript
 * build copies no other files); the path is the same from `src` and from `dist`.
 */
const PAGE_FILES = fileURLToPath(new URL('../../../../src/modules/public/page/', import.meta.url));

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  wasm: 'application/wasm',
};

function packageDir(name: string): string | undefined {
  try {
    return dirname(require.resolve(name));
  } catch {
    return undefined;
  }
}

/**
 * The page's stylesheet and icon, the viewer script (apps/viewer), video.js and the Amazon IVS player with its workers, read once
 * at start. Each URL carries a hash of its content, so browsers and CDNs keep it for a year.
 * A file that is missing (apps/viewer not built) is left out and its URL answers 404.
 */
export class PublicAssets {
  readonly files = new Map<string, PublicAsset>();
  readonly urls: PageAssets;

  constructor(viewerDist = VIEWER_DIST, pageFiles = PAGE_FILES) {
    const videoJs = packageDir('video.js');
    const ivs = packageDir('amazon-ivs-player');
    const sources: Record<string, string | undefined> = {
      'page.css': join(pageFiles, 'page.css'),
      'favicon.svg': join(pageFiles, 'favicon.svg'),
      'viewer.js': join(viewerDist, 'viewer.js'),
      'ivs.js': join(viewerDist, 'ivs.js'),
      'video.min.js': videoJs && join(videoJs, 'video.min.js'),
      'video-js.min.css': videoJs && join(videoJs, 'video-js.min.css'),
      'amazon-ivs-wasmworker.min.js': ivs && join(ivs, 'assets/amazon-ivs-wasmworker.min.js'),
      'amazon-ivs-wasmworker.min.wasm': ivs && join(ivs, 'assets/amazon-ivs-wasmworker.min.wasm'),
    };
    const versions = new Map<string, string>();
    for (const [name, path] of Object.entries(sources)) {
      if (!path || !existsSync(path)) continue;
      const body = readFileSync(path);
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
      const extension = name.slice(name.lastIndexOf('.') + 1);
      this.files.set(name, {
        body,
        contentType: TYPES[extension] ?? 'application/octet-stream',
        etag: `"${hash}"`,
      });
      versions.set(name, hash);
    }
    const url = (name: string) =>
      `${ASSET_PREFIX}${name}${versions.has(name) ? `?v=${versions.get(name) ?? ''}` : ''}`;
    this.urls = {
      stylesheet: url('page.css'),
      favicon: url('favicon.svg'),
      viewerScript: url('viewer.js'),
      videoJsScript: url('video.min.js'),
      videoJsStyles: url('video-js.min.css'),
      ivsScript: url('ivs.js'),
    };
  }

  /** Whether the viewer script was found (a warning at start otherwise). */
  get viewerBuilt(): boolean {
    return this.files.has('viewer.js');
  }
}
