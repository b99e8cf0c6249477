/**
 * Whether a database error is a unique-constraint violation, on either dialect: the last word
 * when two requests race for the same email or token, after the friendly check has passed.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY; pg: SQLSTATE 23505 unique_violation.
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/**
 * Whether the database refused a text value itself: PostgreSQL stores no NUL character in text
 * (SQLSTATE 22021, "invalid byte sequence for encoding UTF8: 0x00") nor characters its encoding
 * lacks (22P05). Such a value came from the request (an id in the path, a query parameter, a
 * field no text rule covers), so the answer is the client's 400, not a server error.
 */
export function isRefusedText(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}
