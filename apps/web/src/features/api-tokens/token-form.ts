import { apiTokenCreateSchema, type ApiTokenCreate, type ApiTokenScope } from '@livent/shared';
import { z } from 'zod';

/** The expiry select's choices: days, or "never". */
export const EXPIRY_CHOICES = ['30', '90', '365', 'never'] as const;

export interface TokenFormValues {
  name: string;
  scopes: ApiTokenScope[];
  expiry: (typeof EXPIRY_CHOICES)[number];
}

/** The create dialog's schema: the server's, with the expiry as the select's text. */
export const tokenFormSchema = apiTokenCreateSchema
  .omit({ expiresInDays: true })
  .extend({ expiry: z.enum(EXPIRY_CHOICES) });

export function toCreateBody(values: TokenFormValues): ApiTokenCreate {
  return {
    name: values.name,
    scopes: values.scopes,
    expiresInDays: values.expiry === 'never' ? null : (Number(values.expiry) as 30 | 90 | 365),
  };
}
