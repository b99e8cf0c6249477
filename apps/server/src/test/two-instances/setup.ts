import { beforeEach } from 'vitest';
import { inProcessOnly } from './in-process-only.js';

// Under TEST_INSTANCES=2: the tests that need the app in the test's own process are skipped,
// each with its reason printed (./in-process-only.ts).
beforeEach((context) => {
  const reason = inProcessOnly(context.task.file.filepath, context.task.name);
  if (reason === undefined) return;
  process.stdout.write(`two instances: skipped "${context.task.name}": ${reason}\n`);
  context.skip(reason);
});
