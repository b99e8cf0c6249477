import { readFileSync } from 'node:fs';

// src/lib and dist/lib both sit two levels below apps/server, whose package.json holds the
// version. Read at run time: importing it would pull a file outside `rootDir` into the build.
const packageJson = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

/** The server package's version, as reported by /api/health and the OpenAPI document. */
export const SERVER_VERSION = packageJson.version;
