import type {
  InvitationImportMapping,
  InvitationImportPreview,
  InvitationImportReport,
} from '@livent/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostUpload } from '../../../lib/api/typed-api';
import { invitationsQueryKey } from './invitations-api';

/** The invitations CSV import (ADR 026, "Import"): one route, previewing or importing. */

export type ImportMode = 'add' | 'replace';
export type PasswordMode = 'default' | 'import' | 'generate' | 'remove';
export type TokenMode = 'default' | 'import' | 'generate';

export interface ImportPreviewRequest {
  file: File;
  /** Undefined: the server detects whether the first line holds column names. */
  hasHeader?: boolean;
  /** The mapping and modes the preview counts the refused rows with (else its guess, the defaults). */
  mapping?: InvitationImportMapping;
  importMode?: ImportMode;
  passwordMode?: PasswordMode;
  tokenMode?: TokenMode;
  onProgress?: (sent: number) => void;
}

export interface ImportRequest {
  file: File;
  hasHeader: boolean;
  mapping: InvitationImportMapping;
  importMode: ImportMode;
  passwordMode: PasswordMode;
  tokenMode: TokenMode;
  onProgress?: (sent: number) => void;
}

/** One route answers the preview (`preview=true`) or the import's report. */
const IMPORT_PATH = '/events/{id}/invitations/import';

function formOf(fields: Record<string, string | undefined>, file: File): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.append(name, value);
  }
  body.append('file', file, file.name);
  return body;
}

export function useImportPreview(eventId: string) {
  return useMutation({
    mutationFn: ({ file, hasHeader, mapping, onProgress, ...modes }: ImportPreviewRequest) =>
      apiPostUpload<typeof IMPORT_PATH, InvitationImportPreview>(IMPORT_PATH, {
        path: { id: eventId },
        body: formOf(
          {
            preview: 'true',
            hasHeader: hasHeader === undefined ? undefined : String(hasHeader),
            mapping: mapping && JSON.stringify(mapping),
            ...modes,
          },
          file,
        ),
        onProgress,
      }),
  });
}

export function useImportInvitations(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, hasHeader, mapping, onProgress, ...modes }: ImportRequest) =>
      apiPostUpload<typeof IMPORT_PATH, InvitationImportReport>(IMPORT_PATH, {
        path: { id: eventId },
        body: formOf(
          { ...modes, hasHeader: String(hasHeader), mapping: JSON.stringify(mapping) },
          file,
        ),
        onProgress,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(eventId) }),
  });
}
