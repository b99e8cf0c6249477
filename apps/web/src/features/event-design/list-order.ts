import { LAYOUT_ITEMS, type LayoutItem } from '@livent/shared';

/**
 * Ordering of the screens' lists (highlights, menu items, the custom layout order): pure
 * functions, so that the buttons, the optimistic cache update and the tests share one logic.
 */

export type Direction = 'up' | 'down';

/** The list with the item at `from` moved to `to`; out-of-range moves answer the list as is. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The index one step up or down from `index`, or undefined at the list's ends. */
export function neighbourIndex(length: number, index: number, direction: Direction) {
  const target = direction === 'up' ? index - 1 : index + 1;
  return target >= 0 && target < length ? target : undefined;
}

/** The ids in their new order after moving `id` one step; undefined when it cannot move. */
export function moveId(
  ids: readonly string[],
  id: string,
  direction: Direction,
): string[] | undefined {
  const index = ids.indexOf(id);
  if (index < 0) return undefined;
  const target = neighbourIndex(ids.length, index, direction);
  return target === undefined ? undefined : moveItem(ids, index, target);
}

/**
 * Puts positioned items (highlights) into the order of `ids` and renumbers their positions,
 * as the server does on `PUT …/order`; items missing from `ids` keep their place at the end.
 */
export function applyOrder<T extends { id: string; position: number }>(
  items: readonly T[],
  ids: readonly string[],
): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items]
    .sort(
      (a, b) =>
        (rank.get(a.id) ?? ids.length + a.position) - (rank.get(b.id) ?? ids.length + b.position),
    )
    .map((item, position) => (item.position === position ? item : { ...item, position }));
}

/**
 * The custom layout order as the list shows it: the saved items first, then any block the
 * saved order leaves out, so that every block can be placed.
 */
export function completeLayoutOrder(order: readonly LayoutItem[]): LayoutItem[] {
  return [...order, ...LAYOUT_ITEMS.filter((item) => !order.includes(item))];
}

/**
 * The "use custom order" switch (docs/product-spec.md section 3, "custom layout order"): on starts from the
 * standard order of the blocks, off is null (the layout's own order).
 */
export function toggleLayoutOrder(
  current: readonly LayoutItem[] | null,
  enabled: boolean,
): LayoutItem[] | null {
  if (!enabled) return null;
  return current ? completeLayoutOrder(current) : [...LAYOUT_ITEMS];
}
