import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintMessages, repositoryRoot } from '../../../../scripts/lint-probe.mjs';

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
