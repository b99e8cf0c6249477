/** The repository's root, where eslint.config.js lives. */
export const repositoryRoot: string;

/** The messages of `ruleId` for the file at `path` (from the root), or for `source` as that file. */
export function lintMessages(ruleId: string, path: string, source?: string): Promise<string[]>;
