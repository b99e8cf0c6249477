import { describe, expect, it } from 'vitest';
import { generateApiSchema, readApiSchema } from './api-schema.js';

describe("the web app's generated API types", () => {
  // Building the app, the document and the types takes a few seconds (more on a busy machine).
  it(
    'match the served OpenAPI document (run `npm run generate:api` after changing a route)',
    {
      timeout: 30_000,
    },
    async () => {
      // A plain comparison: a diff of a 10,000-line file would bury the message.
      const matches = (await generateApiSchema()) === readApiSchema();
      expect(
        matches,
        'apps/web/src/lib/api/schema.gen.ts is out of date: npm run generate:api',
      ).toBe(true);
    },
  );
});
