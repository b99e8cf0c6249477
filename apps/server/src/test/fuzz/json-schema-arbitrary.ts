import fc, { type Arbitrary } from 'fast-check';

/**
 * fast-check arbitraries from a route's JSON Schema (what zod 4's `z.toJSONSchema` makes of the
 * route's zod schema, as Fastify documents it). No maintained generator supports zod 4 yet
 * (zod-fast-check stops at zod 3), and the JSON Schema is what clients see, so this small one
 * covers the keywords the routes use: types, enum/const, anyOf/oneOf, string lengths, formats
 * and patterns, number bounds, arrays, objects with required and additional properties, $ref.
 *
 * Values are mostly valid; now and then a value anywhere in the tree is replaced by any JSON
 * value, so that the server sees wrong types deep inside otherwise valid bodies.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
}

/** Longer strings than this are generated only at their boundary, not at random lengths. */
const RANDOM_LENGTH_CAP = 60;

/** Any JSON value, shallow: the "wrong type" a client might send. */
export const anyJson: Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

export function arbitraryOf(schema: JsonSchema, root: JsonSchema = schema): Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: validish(schema, root) },
    { weight: 1, arbitrary: anyJson },
  );
}

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace(/^#\/\$defs\//, '');
  if (schema.$ref === '#') return root;
  return root.$defs?.[name] ?? {};
}

function validish(input: JsonSchema, root: JsonSchema): Arbitrary<unknown> {
  const schema = resolve(input, root);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) {
    return fc.oneof(...variants.map((variant) => arbitraryOf(variant, root)));
  }
  if (schema.allOf && schema.allOf.length > 0) return validish(schema.allOf[0]!, root);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => validish({ ...schema, type }, root)));
  }
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({
        min: bound(schema.minimum, schema.exclusiveMinimum, 1, -1_000_000),
        max: bound(schema.maximum, schema.exclusiveMaximum, -1, 1_000_000),
      });
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e9,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e9,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayOf(schema, root);
    case 'object':
      return objectOf(schema, root);
    default:
      return anyJson;
  }
}

function bound(
  inclusive: number | undefined,
  exclusive: number | undefined,
  step: number,
  fallback: number,
): number {
  if (inclusive !== undefined) return Math.max(Math.min(inclusive, 1e9), -1e9);
  if (exclusive !== undefined) return exclusive + step;
  return fallback;
}

function stringOf(schema: JsonSchema): Arbitrary<string> {
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= (schema.maxLength ?? 254));
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'uri':
      return fc.webUrl();
    default:
      break;
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? min + RANDOM_LENGTH_CAP;
  if (schema.pattern) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      pattern = undefined;
    }
    let matching: Arbitrary<string> | undefined;
    try {
      // Only the schema's own maximum bounds a pattern's strings: the cap for random text would
      // filter out every string of a pattern longer than it (a signed view id), for ever.
      const patternMax = schema.maxLength ?? Number.POSITIVE_INFINITY;
      matching =
        pattern && fc.stringMatching(pattern).filter((value) => value.length <= patternMax);
    } catch {
      // fast-check cannot generate from every pattern (lookaheads): random text then.
      matching = undefined;
    }
    if (matching) {
      return fc.oneof({ weight: 4, arbitrary: matching }, { weight: 1, arbitrary: fc.string() });
    }
  }
  const random = fc.string({
    minLength: min,
    maxLength: Math.min(max, min + RANDOM_LENGTH_CAP),
    unit: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...'abcXYZ09 -_.@<>"\'&/\\') },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    ),
  });
  // The boundaries: exactly the longest accepted text, and one character more.
  const boundaries = [max, max + 1].map((length) => 'x'.repeat(length));
  return fc.oneof(
    { weight: 8, arbitrary: random },
    { weight: 1, arbitrary: fc.constantFrom(...boundaries) },
  );
}

function arrayOf(schema: JsonSchema, root: JsonSchema): Arbitrary<unknown[]> {
  if (schema.prefixItems) {
    return fc.tuple(...schema.prefixItems.map((item) => arbitraryOf(item, root)));
  }
  const minLength = schema.minItems ?? 0;
  return fc.array(arbitraryOf(schema.items ?? {}, root), {
    minLength,
    maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, minLength + 4)),
  });
}

function objectOf(schema: JsonSchema, root: JsonSchema): Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const known = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value, root)]),
    ),
    { requiredKeys: [...required].filter((key) => key in properties) },
  );
  const extra = schema.additionalProperties;
  if (extra === undefined || extra === false) return known;
  const values = extra === true ? anyJson : arbitraryOf(extra, root);
  return fc
    .tuple(known, fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), values, { maxKeys: 3 }))
    .map(([record, more]) => ({ ...more, ...record }));
}
