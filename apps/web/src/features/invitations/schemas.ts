import { invitationCreateSchema, invitationPatchSchema } from '@livent/shared';
import { z } from 'zod';

/**
 * The shared schemas of the invitation forms behind one module that the forms import lazily, so
 * zod stays out of the screen's first chunk (ADR 009; see `lib/forms/schemas.ts`).
 */

/** The form's blank optional fields are absent for the server (username: the email; password: generated). */
const dropBlank = (values: unknown) =>
  Object.fromEntries(
    Object.entries(values as Record<string, string>).filter(([, value]) => value.trim() !== ''),
  );

export const invitationCreateFormSchema = z.preprocess(dropBlank, invitationCreateSchema);
export const invitationEditFormSchema = z.preprocess(dropBlank, invitationPatchSchema);
