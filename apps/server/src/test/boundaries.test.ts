import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintMessages, repositoryRoot } from '../../../../scripts/lint-probe.mjs';

const zoneErrors = (path: string, source: string) =>
  lintMessages('import/no-restricted-paths', `apps/server/src/${path}`, source);

describe('module boundaries of the server (ADR 037)', { timeout: 60_000 }, () => {
  it("refuse a module importing another module's file past its public face", async () => {
    expect(
      await zoneErrors(
        'modules/events/probe.ts',
        "export { requireAuth } from '../auth/authenticate.js';\n",
      ),
    ).toEqual([expect.stringContaining("only through that module's public face")]);
  });

  it('refuse lib/ and db/ importing a module, even its public face', async () => {
    for (const path of ['lib/probe.ts', 'db/probe.ts']) {
      expect(
        await zoneErrors(path, "export { planOf } from '../modules/plans/index.js';\n"),
        path,
      ).toEqual([expect.stringContaining('never import one')]);
    }
  });

  it("let a module import its own files, lib/, db/ and other modules' public faces", async () => {
    expect(
      await zoneErrors(
        'modules/events/probe.ts',
        [
          "export { requireEventRole } from './event-access.js';",
          "export { notFound } from '../../lib/errors.js';",
          "export { likePattern } from '../../db/like-pattern.js';",
          "export { requireAuth } from '../auth/index.js';",
          "export { planOf } from '../plans/index.js';",
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

/**
 * import/no-cycle follows the files on disk, not the text being linted, so the probes are files:
 * two that import each other, in a folder of their own that the tests remove again.
 */
describe('no import cycles (ADR 037)', { timeout: 60_000 }, () => {
  let folder: string;
  const probe = (name: string, source: string) => {
    writeFileSync(`${folder}/${name}`, source);
    return relative(repositoryRoot, `${folder}/${name}`);
  };

  beforeAll(() => {
    folder = mkdtempSync(`${repositoryRoot}apps/server/src/test/cycle-probe-`);
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuse two TypeScript files that import each other by the built name (`./b.js`)', async () => {
    const a = probe('a.ts', "import { b } from './b.js';\n\nexport const a = () => b;\n");
    probe('b.ts', "import { a } from './a.js';\n\nexport const b = () => a;\n");
    expect(await lintMessages('import/no-cycle', a)).toEqual([
      expect.stringContaining('Dependency cycle'),
    ]);
  });

  it('refuse a cycle through a component imported without extension, as the web app does', async () => {
    const form = probe(
      'form.tsx',
      "import { Preview } from './preview';\n\nexport const Form = () => <Preview />;\n",
    );
    probe(
      'preview.tsx',
      "import { FIELDS } from './form';\n\nexport const Preview = () => <>{FIELDS}</>;\n",
    );
    expect(await lintMessages('import/no-cycle', form)).toEqual([
      expect.stringContaining('Dependency cycle'),
    ]);
  });

  it('let type-only imports go both ways: they are gone at run time', async () => {
    const c = probe('c.ts', "import type { D } from './d.js';\n\nexport type C = { d?: D };\n");
    probe('d.ts', "import type { C } from './c.js';\n\nexport type D = { c?: C };\n");
    expect(await lintMessages('import/no-cycle', c)).toEqual([]);
  });
});
