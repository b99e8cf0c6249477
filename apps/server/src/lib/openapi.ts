import { apiErrorSchema } from '@livent/shared';
import { z } from 'zod';

/** The error answers a route documents, all `{ code, message, errors? }`. */
export function errorResponses<const C extends number>(
  ...codes: C[]
): Record<C, typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<
    C,
    typeof apiErrorSchema
  >;
}

/** A 204 answer. */
export const noContent = z.undefined().describe('No content');

/** OpenAPI security requirement of routes behind `app.authenticate`. */
export const bearerAuth = [{ bearerAuth: [] }];

/** OpenAPI security requirement of the guest moderators' routes (`Token-Authorization`). */
export const guestTokenAuth = [{ guestToken: [] }];

/**
 * OpenAPI security requirement of public routes: none, stated explicitly, so that a route that
 * forgets to declare its security fails the document's lint (lib/openapi.test.ts).
 */
export const publicAccess: Record<string, string[]>[] = [];

/** The OpenAPI security schemes (components.securitySchemes). */
export const securitySchemes = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of login, register or refresh-tokens (15 minutes).',
  },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'lvnt.auth.refresh',
    description: 'The HttpOnly refresh-token cookie (30 days, rotated on every use).',
  },
  guestToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Token-Authorization',
    description:
      "The token of an event's share link for guest moderators (docs/product-spec.md section 6); it opens that event's viewer messages only.",
  },
} as const;
