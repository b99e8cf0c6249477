import type { TestProject } from 'vitest/node';
import { startHost } from './host-process.js';
import { inProcessOnlyFiles } from './in-process-only.js';
import { HOSTS_KEY } from './protocol.js';

/**
 * Under `TEST_INSTANCES=2`: two host processes for the whole run (./host.ts), so that each test
 * app's two instances are built in milliseconds by processes that loaded the server once.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const { file, reason } of inProcessOnlyFiles()) {
    process.stdout.write(`two instances: left out ${file}: ${reason}\n`);
  }
  const started = await Promise.all([startHost(), startHost()]);
  project.provide(
    HOSTS_KEY,
    started.map((host) => host.control),
  );
  return async () => {
    await Promise.all(started.map((host) => host.stop()));
  };
}
