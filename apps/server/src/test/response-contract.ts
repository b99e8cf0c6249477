import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';

/**
 * The API's answers checked against the served OpenAPI document (ADR 039), in every test that
 * builds an app: each `/api` JSON answer of a documented status must match the schema the
 * document states for it (what `@fastify/swagger` made of the zod schema, so a gap between the
 * two shows too), and a 2xx the document does not list is a mismatch. The mismatches are
 * collected here and fail the test in `setup.ts`.
 */
export const responseMismatches: string[] = [];

interface MediaType {
  schema?: object;
}
interface OpenApiDocument {
  paths?: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, MediaType> }> }>
  >;
}

// OpenAPI 3.1 schemas are JSON Schema 2020-12. Unknown keywords (`example`) are the document's own.
const ajv = new Ajv2020({ strict: false, logger: false });
addFormats.default(ajv);

/** Compiled once per schema text: every test app of a file serves the same document. */
const validatorsByText = new Map<string, ValidateFunction>();
/** And found again by the schema object of an app's (cached) document without serializing it. */
const validatorsBySchema = new WeakMap<object, ValidateFunction>();

function validatorOf(schema: object): ValidateFunction {
  let validate = validatorsBySchema.get(schema);
  if (validate) return validate;
  const text = JSON.stringify(schema);
  validate = validatorsByText.get(text) ?? ajv.compile(schema);
  validatorsByText.set(text, validate);
  validatorsBySchema.set(schema, validate);
  return validate;
}

/** `/api/events/:id` as the document writes it: `/api/events/{id}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * The documents by the routes they describe. Building one takes an app 100–150 ms, more than
 * starting it; the apps of a test file mostly have the same routes and so the same document.
 */
const documents = new Map<string, OpenApiDocument>();

/**
 * The check of one app's answers. `onRoute` adds it to each `/api` route; `document` (the app's
 * `swagger()`) is read when the first answer is sent, once the app is ready.
 */
export function answerCheck(document: () => unknown): { onRoute(route: RouteOptions): void } {
  const routes: string[] = [];
  let key: string | undefined;
  const paths = () => {
    key ??= routes.sort().join('\n');
    let known = documents.get(key);
    if (!known) {
      known = document() as OpenApiDocument;
      documents.set(key, known);
    }
    return known.paths;
  };
  return {
    onRoute(route) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const [routeMethod] = methods;
      if (!route.url.startsWith('/api/') || methods.length !== 1 || !routeMethod) return;
      if (routeMethod === 'HEAD') return;
      const method = routeMethod.toLowerCase();
      const path = documentPath(route.url);
      routes.push(`${method} ${path}`);
      const check: onSendHookHandler = async (request, reply, payload) => {
        if (typeof payload === 'string' && payload !== '' && isJson(reply)) {
          checkAnswer(request, reply.statusCode, payload, paths()?.[path]?.[method]);
        }
        return payload;
      };
      route.onSend = [...[route.onSend ?? []].flat(), check];
    },
  };
}

function checkAnswer(
  request: FastifyRequest,
  status: number,
  payload: string,
  operation: { responses?: Record<string, { content?: Record<string, MediaType> }> } | undefined,
): void {
  if (!operation) return; // Hidden from the document (development pages, the docs themselves).
  const where = `${request.method} ${request.url} → ${String(status)}`;
  const response = operation.responses?.[String(status)];
  if (!response) {
    if (status < 300) responseMismatches.push(`${where}: the document lists no such answer`);
    return;
  }
  const schema = response.content?.['application/json']?.schema;
  if (!schema) {
    responseMismatches.push(`${where}: the document declares no JSON for this answer`);
    return;
  }
  const validate = validatorOf(schema);
  if (!validate(JSON.parse(payload))) {
    responseMismatches.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  }
}
