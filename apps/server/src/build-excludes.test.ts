import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const server = join(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** The server's own files that `npm run build` compiles into dist, relative to `src`. */
async function builtSources(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    tsc,
    '--listFilesOnly',
    '-p',
    join(server, 'tsconfig.json'),
  ]);
  const src = join(server, 'src');
  return stdout
    .split('\n')
    .filter((file) => file.startsWith(`${src}/`))
    .map((file) => relative(src, file));
}

/** Code that only tests and the crash harness run: it never ships in the production build. */
const TEST_ONLY = [/\.test\.tsx?$/, /\.fixtures\.ts$/, /^test\//, /^ops\/crash-harness\.ts$/];

describe('the production build (tsconfig.json)', { timeout: 60_000 }, () => {
  it('compiles the server and its tools, and no test, fixture or crash harness', async () => {
    const built = await builtSources();
    // The list is the real one: the entry points and the operator's tools are in it.
    expect(built).toEqual(
      expect.arrayContaining(['main.ts', 'app.ts', 'backup-cli.ts', 'ops/backup.ts']),
    );
    expect(built.filter((file) => TEST_ONLY.some((pattern) => pattern.test(file)))).toEqual([]);
  });
});
