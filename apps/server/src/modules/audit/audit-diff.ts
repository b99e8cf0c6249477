import { AUDIT_MASK, type AuditChange } from '@livent/shared';

/** How much of a long text (an HTML introduction, a mail body) the log keeps of each side. */
export const AUDIT_TEXT_MAX = 200;

export interface DiffOptions {
  /** Fields whose values never enter the log (an access code, a client secret): masked. */
  secrets?: ReadonlySet<string>;
}

/**
 * The fields that differ between two versions of settings, nested objects and arrays by dotted
 * path (`menuItems.0.label`), in the order of the fields (docs/decisions/069-audit-log.md). A
 * secret is recorded as changed with each side masked (or null where there was none); long texts
 * are cut.
 */
export function diffSettings(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  options: DiffOptions = {},
): AuditChange[] {
  const changes: AuditChange[] = [];
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const field of fields) {
    if (options.secrets?.has(field)) {
      if (!isEqual(before[field], after[field])) {
        changes.push({ field, from: masked(before[field]), to: masked(after[field]) });
      }
      continue;
    }
    collect(field, before[field], after[field], changes);
  }
  return changes;
}

function collect(path: string, from: unknown, to: unknown, changes: AuditChange[]): void {
  // An item added or removed is compared with an empty one: its fields show one by one.
  if (isContainer(from) && (to === undefined || to === null)) to = Array.isArray(from) ? [] : {};
  if (isContainer(to) && (from === undefined || from === null)) from = Array.isArray(to) ? [] : {};
  if (isContainer(from) && isContainer(to) && Array.isArray(from) === Array.isArray(to)) {
    const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
    for (const key of keys) {
      collect(
        `${path}.${key}`,
        (from as Record<string, unknown>)[key],
        (to as Record<string, unknown>)[key],
        changes,
      );
    }
    return;
  }
  if (isEqual(from, to)) return;
  changes.push({ field: path, from: loggable(from), to: loggable(to) });
}

/** A secret as the log shows it: that there was one, or none. */
function masked(value: unknown): string | null {
  return value === undefined || value === null || value === '' ? null : AUDIT_MASK;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

function isEqual(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A value as the log keeps it: nothing missing (null instead), long texts cut. */
function loggable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string' && value.length > AUDIT_TEXT_MAX) {
    return `${value.slice(0, AUDIT_TEXT_MAX)}…`;
  }
  if (isContainer(value)) {
    const text = JSON.stringify(value);
    return text.length > AUDIT_TEXT_MAX ? `${text.slice(0, AUDIT_TEXT_MAX)}…` : value;
  }
  return value;
}
