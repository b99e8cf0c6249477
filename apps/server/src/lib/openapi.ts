import { apiErrorSchema } from '@livent/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
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

/**
 * A 2xx answer that is no JSON (a CSV download, an HTML page): declared under its own media type,
 * so that the route's JSON error answers keep `application/json` (a route-wide `produces` would
 * declare every answer as that type). Fastify sends the handler's string or stream as it is.
 */
export function textResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string() } } };
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
    description:
      'The access token of login, register or refresh-tokens (15 minutes), or a personal API token (`lvt_…`) on the routes its scopes allow (403 elsewhere).',
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

/**
 * The document's `multipart/form-data` request body of a route whose handler reads the parts
 * itself (`@fastify/multipart`): Fastify validates no body there, so the route states the parts
 * for the document only, as `schema.multipartBody`, and {@link transformRouteSchema} writes them.
 */
export interface MultipartBody {
  /** The file parts (all required) and what each holds; documented as `format: binary`. */
  files: Record<string, string>;
  /** The text parts, as the handler validates them. */
  fields?: z.ZodObject;
}

declare module 'fastify' {
  interface FastifySchema {
    multipartBody?: MultipartBody;
  }
}

type SwaggerTransform = typeof jsonSchemaTransform;

function multipartSchema({ files, fields }: MultipartBody) {
  const text = fields
    ? (z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      })
    : {};
  const fileParts = Object.fromEntries(
    Object.entries(files).map(([name, description]) => [
      name,
      { type: 'string', format: 'binary', description },
    ]),
  );
  return {
    type: 'object',
    properties: { ...fileParts, ...text.properties },
    required: [...Object.keys(files), ...(text.required ?? [])],
  };
}

/**
 * The swagger plugin's per-route transform: the zod schemas to JSON Schema
 * (`fastify-type-provider-zod`), then a declared multipart body as the operation's request body.
 */
export const transformRouteSchema: SwaggerTransform = (input) => {
  const multipartBody = input.schema?.multipartBody;
  const transformed = jsonSchemaTransform(input);
  if (!multipartBody || transformed.schema.hide) return transformed;
  const { multipartBody: _declared, ...schema } = transformed.schema as Record<string, unknown>;
  const body = { content: { 'multipart/form-data': { schema: multipartSchema(multipartBody) } } };
  return { ...transformed, schema: { ...schema, body } };
};
