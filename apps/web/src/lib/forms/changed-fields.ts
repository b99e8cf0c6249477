/**
 * The entries of `values` that differ from `saved`: the body of a `PATCH` that takes only the
 * changed fields (spec/api.md). Compared by value, so a field changed and changed back is not
 * sent, and lists and objects (menu items, highlight ids) are sent whole when any part changed.
 * Names in `skip` (e.g. settings the plan locks) are never sent.
 */
export function changedFields<V extends object>(
  values: V,
  saved: { readonly [N in keyof V]?: unknown },
  skip: readonly (keyof V)[] = [],
): Partial<V> {
  const patch: Partial<V> = {};
  for (const name of Object.keys(values) as (keyof V)[]) {
    if (skip.includes(name)) continue;
    if (!sameValue(values[name], saved[name])) patch[name] = values[name];
  }
  return patch;
}

/** Equal as JSON would send them; object keys in any order. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a, sortedKeys) === JSON.stringify(b, sortedKeys);
}

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
