// npm run generate:api: writes apps/web/src/lib/api/schema.gen.ts, the web app's types of the
// API, from the OpenAPI document the server serves (ADR 039). Run it after changing a route's
// schema; test/api-schema.test.ts fails until the file matches the document again.
import { tsImport } from 'tsx/esm/api';

const { writeApiSchema, API_SCHEMA_FILE } = await tsImport(
  '../apps/server/src/test/api-schema.ts',
  import.meta.url,
);
await writeApiSchema();
console.log(`Wrote ${API_SCHEMA_FILE}`);
