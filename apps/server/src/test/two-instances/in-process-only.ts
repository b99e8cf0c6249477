import { relative } from 'node:path';

/**
 * The tests that cannot run against two server processes (TEST_INSTANCES=2), and why: they
 * reach into the app in the test's own process (its services, its routes as registered, its
 * lifecycle, its logger) or add routes to it. Everything else runs unchanged through the proxy.
 */
const LIST: { file: string; test?: RegExp; reason: string }[] = [];

const ROOT = new URL('../../', import.meta.url).pathname;

/** The reason a test runs in process only, or undefined. */
export function inProcessOnly(filepath: string, name: string): string | undefined {
  const file = relative(ROOT, filepath);
  return LIST.find((entry) => entry.file === file && (entry.test?.test(name) ?? true))?.reason;
}
