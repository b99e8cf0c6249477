/** Where the last row read stands in (created_at, id) order: the next batch starts past it. */
export interface RowPosition {
  created_at: string;
  id: string;
}

/**
 * Rows read in batches of `batchSize`, at most `max`, each batch past the last row of the one
 * before (keyset paging on created_at and id, in the order `batch` sorts), so that an export of
 * any size holds one batch in memory at a time. `batch` answers up to `limit` rows past `after`
 * (all from the start when undefined).
 */
export async function* keysetBatches<Row extends RowPosition>(
  batch: (after: RowPosition | undefined, limit: number) => Promise<Row[]>,
  batchSize: number,
  max: number,
): AsyncGenerator<Row> {
  let after: RowPosition | undefined;
  let count = 0;
  while (count < max) {
    const rows = await batch(after, Math.min(batchSize, max - count));
    for (const row of rows) yield row;
    count += rows.length;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}
