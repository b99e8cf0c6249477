/**
 * A search text as a LIKE pattern that finds it anywhere: `%`, `_` and the escape character
 * itself match literally. Queries pass `escape '\'` with it (both dialects take it).
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
