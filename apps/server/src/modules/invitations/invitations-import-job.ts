import {
  invitationImportReportSchema,
  validationMessage,
  type InvitationImportMapping,
  type InvitationImportPreview,
} from '@livent/shared';
import { validationFailed } from '../../lib/errors.js';
import {
  packPlan,
  planImport,
  summary,
  unpackRows,
  type ExistingInvitation,
  type ImportFields,
  type PackedPlan,
  type PackedRows,
} from './invitations-import.js';
import { guessMapping, previewOf, readCsvFile, type ReadFile } from './invitations-import-file.js';

/**
 * The CPU work of an import (ADR 026, "Import"): reading the file, checking the mapping, the plan
 * and the report. It runs in a worker thread (invitations-import-thread.ts, ADR 046) so that a
 * file of 100,000 rows does not stop the server from answering; it touches no database.
 */

export interface ImportJobInput {
  bytes: Uint8Array;
  fields: ImportFields;
  eventId: string;
  /** The event's invitations, read before the job starts (packed: invitations-import.ts). */
  existing: PackedRows;
  now: string;
}

export type ImportJobResult =
  | { preview: InvitationImportPreview }
  | {
      plan: PackedPlan;
      /** The answer, as JSON of `invitationImportReportSchema`, serialised here rather than on the main thread. */
      report: string;
    };

/** Which of the imported tokens invitations of other events hold (a database read: the caller's). */
export type TokensOfOthers = (tokens: string[]) => Promise<ReadonlySet<string>>;

export async function runImportJob(
  input: ImportJobInput,
  tokensOfOthers: TokensOfOthers,
): Promise<ImportJobResult> {
  const { fields } = input;
  const file = readCsvFile(input.bytes, fields.hasHeader);
  // Without a mapping, the one the preview proposes.
  const mapping = fields.mapping ?? guessMapping(file.rows, file.hasHeader);
  if (!fields.preview) checkMapping(file, mapping);
  const rows = file.hasHeader ? file.rows.slice(1) : file.rows;
  const tokenColumn = Object.entries(mapping).find(([, column]) => column === 'token')?.[0];
  const imported =
    fields.tokenMode === 'import' && tokenColumn !== undefined
      ? rows.map((row) => (row.cells[Number(tokenColumn)] ?? '').trim()).filter(Boolean)
      : [];
  const plan = planImport({
    eventId: input.eventId,
    rows,
    mapping,
    fields,
    existing: [...unpackRows<ExistingInvitation>(input.existing)].flat(),
    tokensOfOthers: imported.length > 0 ? await tokensOfOthers(imported) : new Set(),
    now: input.now,
  });
  if (fields.preview) {
    return {
      preview: previewOf(file, plan.report.filter((row) => row.result === 'refused').length),
    };
  }
  // What the route's response schema would do on the main thread: strip, check, serialise.
  const report = JSON.stringify(invitationImportReportSchema.parse(summary(file, plan)));
  return { plan: packPlan(plan), report };
}

/** Every mapped column exists in some row, and one is the email (400 otherwise). */
function checkMapping(file: ReadFile, mapping: InvitationImportMapping): void {
  const width = Math.max(0, ...file.rows.map((row) => row.cells.length));
  const errors: Record<string, string> = {};
  for (const index of Object.keys(mapping)) {
    if (Number(index) >= width) errors[`mapping.${index}`] = validationMessage('invalid');
  }
  if (!Object.values(mapping).includes('email')) {
    errors['mapping.email'] = validationMessage('required');
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}
