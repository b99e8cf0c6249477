import { describe, expect, it } from 'vitest';
import { keysetBatches, type RowPosition } from './keyset-batches.js';

// Exports read their rows in batches past the last row read (keyset paging).

const rows: RowPosition[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ created_at: '2026', id }));

async function read(batchSize: number, max: number) {
  const asked: (string | undefined)[] = [];
  const batch = async (after: RowPosition | undefined, limit: number) => {
    asked.push(after?.id);
    return rows.filter((row) => !after || row.id > after.id).slice(0, limit);
  };
  const seen: string[] = [];
  for await (const row of keysetBatches(batch, batchSize, max)) seen.push(row.id);
  return { seen, asked };
}

describe('keysetBatches', () => {
  it('reads every row once, each batch past the last one read', async () => {
    expect(await read(2, 100)).toEqual({
      seen: ['a', 'b', 'c', 'd', 'e'],
      asked: [undefined, 'b', 'd'],
    });
  });

  it('stops at the maximum, asking the last batch for no more than is left', async () => {
    expect((await read(2, 3)).seen).toEqual(['a', 'b', 'c']);
  });
});
