import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** The repository's root, where eslint.config.js lives. */
const root = `${resolve(import.meta.dirname, '../../../..')}/`;

interface LintResult {
  messages: { ruleId: string | null; message: string }[];
}

/**
 * The boundary rule's messages for `source` linted as if it were the file at `path`. ESLint runs
 * as its own process, as `npm run lint` runs it: loading its config inside the test runner's
 * module system hangs.
 */
async function boundaryErrors(path: string, source: string): Promise<string[]> {
  const running = promisify(execFile)(
    process.execPath,
    [
      `${root}node_modules/eslint/bin/eslint.js`,
      '--format',
      'json',
      '--stdin',
      '--stdin-filename',
      `${root}apps/web/src/${path}`,
    ],
    { cwd: root },
  );
  running.child.stdin?.end(source);
  // ESLint exits with 1 when it reports an error; its report is on stdout all the same.
  const { stdout } = await running.catch((failure: { stdout?: string }) => ({
    stdout: failure.stdout ?? '',
  }));
  const [result] = JSON.parse(stdout) as LintResult[];
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
    .map((message) => message.message);
}

describe('import boundaries of the dashboard (ADR 022)', { timeout: 60_000 }, () => {
  it('refuse a feature importing another feature by a relative path', async () => {
    const errors = await boundaryErrors(
      'features/events/components/probe.ts',
      "export { channelsQueryOptions } from '../../channels/api/channels-api';\n",
    );
    expect(errors).toEqual([expect.stringContaining('does not import another feature')]);
  });

  it('refuse lib/ and components/ importing a feature', async () => {
    for (const path of ['lib/probe.ts', 'components/page/probe.ts']) {
      const up = path.startsWith('lib') ? '../' : '../../';
      const errors = await boundaryErrors(
        path,
        `export { eventsQueryOptions } from '${up}features/events/api/events-api';\n`,
      );
      expect(errors, path).toEqual([expect.stringContaining('never import one')]);
    }
  });

  it('let a feature import its own files, lib/ and components/, and routes import features', async () => {
    expect(
      await boundaryErrors(
        'features/events/components/probe.ts',
        [
          "export { eventsQueryOptions } from '../api/events-api';",
          "export { apiFetch } from '../../../lib/api-client';",
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'routes/probe.ts',
        "export { eventsQueryOptions } from '../features/events/api/events-api';\n",
      ),
    ).toEqual([]);
  });
});
