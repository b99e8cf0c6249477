import { useEffect, useRef, useState } from 'react';

export type SortOrder = 'asc' | 'desc';

/** What a server-paged list asks for: the page, its size, the sort, the search and any filters. */
export interface ServerTableQuery<Sort extends string, Filter extends object> {
  page: number;
  pageSize: number;
  sort: Sort;
  order: SortOrder;
  q: string;
  filter: Filter;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** The search asks the server once the typing pauses, not on every key. */
export const SEARCH_DELAY_MS = 300;

/**
 * The state of a list that is paged, sorted, searched and filtered on the server: each change
 * that can move the rows (sort, search, filter, page size) starts again at the first page.
 */
export function useServerTable<
  Sort extends string,
  Filter extends object = Record<never, never>,
>(initial: { sort: Sort; order: SortOrder; filter?: Filter; pageSize?: number }) {
  const [query, setQuery] = useState<ServerTableQuery<Sort, Filter>>(() => ({
    page: 1,
    pageSize: initial.pageSize ?? 25,
    sort: initial.sort,
    order: initial.order,
    q: '',
    filter: initial.filter ?? ({} as Filter),
  }));
  const [initialFilter] = useState(() => JSON.stringify(initial.filter ?? {}));
  const [search, setSearchText] = useState('');
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);

  return {
    query,
    /** The search as typed (the query's `q` follows after a pause). */
    search,
    setSearch(value: string) {
      setSearchText(value);
      clearTimeout(searchTimer.current);
      searchTimer.current = setTimeout(
        () => setQuery((current) => ({ ...current, q: value, page: 1 })),
        SEARCH_DELAY_MS,
      );
    },
    /**
     * Sorts by a column: a new column starts with its first direction, the active one goes to
     * the next of its directions (a column with one direction stays there).
     */
    sortBy(sort: Sort, directions: readonly SortOrder[] = ['asc', 'desc']) {
      setQuery((current) => {
        const first = directions[0] ?? 'asc';
        const next =
          current.sort === sort
            ? (directions[(directions.indexOf(current.order) + 1) % directions.length] ?? first)
            : first;
        return { ...current, sort, order: next, page: 1 };
      });
    },
    setPage(page: number) {
      setQuery((current) => ({ ...current, page }));
    },
    setPageSize(pageSize: number) {
      setQuery((current) => ({ ...current, pageSize, page: 1 }));
    },
    setFilter(filter: Partial<Filter>) {
      setQuery((current) => ({ ...current, filter: { ...current.filter, ...filter }, page: 1 }));
    },
    /** Whether a search or a filter narrows the list (an empty answer then is no empty list). */
    narrowed: query.q !== '' || JSON.stringify(query.filter) !== initialFilter,
  };
}

export type ServerTableControl<Sort extends string, Filter extends object> = ReturnType<
  typeof useServerTable<Sort, Filter>
>;

/**
 * The list's whole count (no search, no filter), kept while a search narrows the list: what an
 * action on the whole list ("send to all") reaches. Undefined until an unnarrowed page arrived.
 */
export function useWholeTotal(
  narrowed: boolean,
  answer: { total: number } | undefined,
  isPlaceholderData: boolean,
): number | undefined {
  const [whole, setWhole] = useState<number>();
  if (!narrowed && !isPlaceholderData && answer && answer.total !== whole) setWhole(answer.total);
  return whole;
}
