import { validationMessage } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors.js';
import type { ImportFields } from './invitations-import.js';
import { inImportWorker, workerFile } from './invitations-import-thread.js';

// The import's worker thread (ADR 046), from the sources here; the bench runs the build's.

const FIELDS: ImportFields = {
  importMode: 'add',
  passwordMode: 'default',
  tokenMode: 'import',
  preview: false,
};

const job = (csv: string) => ({
  bytes: Buffer.from(csv),
  fields: FIELDS,
  eventId: 'event',
  existing: [],
  now: '2026-11-28T06:00:00.000Z',
});

describe('the import worker', { timeout: 30_000 }, () => {
  it('is the .js file beside the module in the build and the .ts file in the sources', () => {
    expect(
      workerFile('file:///srv/dist/modules/invitations/invitations-import-thread.js').href,
    ).toBe('file:///srv/dist/modules/invitations/invitations-import.worker.js');
    expect(workerFile(import.meta.url).pathname).toMatch(/\/invitations-import\.worker\.ts$/);
  });

  it('plans in the worker, asking this thread which tokens other events hold', async () => {
    const token = 'T'.repeat(43);
    const asked: string[][] = [];
    const result = await inImportWorker(
      job(`name,email,token\nAnn,ann@example.com,${token}\nBen,ben@example.com,\n`),
      async (tokens) => {
        asked.push(tokens);
        return new Set(tokens);
      },
    );
    expect(asked).toEqual([[token]]);
    if (!('plan' in result)) throw new Error('a plan was expected');
    const report = JSON.parse(result.report) as { added: number; refused: number };
    expect(report).toMatchObject({ added: 1, refused: 1 });
    expect(result.plan.inserts).toHaveLength(1);
  });

  it("answers a refusal as the job's HttpError, and the next job runs", async () => {
    const refused = inImportWorker(
      job('name,email\n"unclosed,a@example.com\n'),
      async () => new Set(),
    );
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      errors: { file: validationMessage('csvInvalid', { line: 2 }) },
    });
    const next = await inImportWorker(
      job('name,email\nAnn,ann@example.com\n'),
      async () => new Set(),
    );
    expect('plan' in next).toBe(true);
  });
});
