import { describe, expect, it } from 'vitest';
import { lintMessages } from '../../../../scripts/lint-probe.mjs';

/** The boundary rule's messages for `source` linted as if it were the file at `path`. */
function boundaryErrors(path: string, source: string): Promise<string[]> {
  return lintMessages('import/no-restricted-paths', `apps/web/src/${path}`, source);
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
