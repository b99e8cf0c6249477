// @ts-check
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** The repository's root, where eslint.config.js lives. */
export const repositoryRoot = `${resolve(import.meta.dirname, '..')}/`;

/**
 * The messages of the rule `ruleId` for the file at `path` (relative to the repository's root)
 * as the repository's real config lints it: the file on disk, or `source` as if it were that file.
 * The tests that prove a lint rule fires use it (ADR 022, ADR 037). ESLint runs as its own
 * process, as `npm run lint` runs it: loading its config inside the test runner's module system
 * hangs.
 *
 * @param {string} ruleId
 * @param {string} path
 * @param {string} [source]
 * @returns {Promise<string[]>}
 */
export async function lintMessages(ruleId, path, source) {
  const eslint = `${repositoryRoot}node_modules/eslint/bin/eslint.js`;
  const file = `${repositoryRoot}${path}`;
  const running = promisify(execFile)(
    process.execPath,
    source === undefined
      ? [eslint, '--format', 'json', file]
      : [eslint, '--format', 'json', '--stdin', '--stdin-filename', file],
    { cwd: repositoryRoot },
  );
  running.child.stdin?.end(source ?? '');
  // ESLint exits with 1 when it reports an error; its report is on stdout all the same.
  const { stdout } = await running.catch((/** @type {{ stdout?: string }} */ failure) => ({
    stdout: failure.stdout ?? '',
  }));
  /** @type {{ messages: { ruleId: string | null; message: string }[] }[]} */
  const [result] = JSON.parse(stdout);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}
