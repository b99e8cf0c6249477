import { randomUUID } from 'node:crypto';
import {
  HIGHLIGHTS_MAX,
  validationMessage,
  type Highlight,
  type HighlightInput,
  type HighlightPatch,
} from '@livent/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, HighlightsTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { setPositions } from '../../db/positions.js';
import { notFound, validationFailed } from '../../lib/errors.js';
import { checkReorder } from '../../lib/reorder.js';
import type { AuthContext } from '../auth/index.js';
import { type AccessibleEvent, requireEventRole, updateEvent } from '../events/index.js';
import {
  deleteHighlight,
  findHighlight,
  insertHighlight,
  listHighlights,
  removeHighlightFromChannels,
  updateHighlight,
  type HighlightRow,
} from './highlights.repository.js';

export interface HighlightsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
}

/**
 * An event's highlights (docs/product-spec.md section 3, "Highlight"): ordered by `position`. Every change
 * bumps the event's version (the public page's cache key) in the same transaction; the event
 * row is locked on PostgreSQL so that parallel changes number positions one after another.
 */
export class HighlightsService {
  constructor(private readonly deps: HighlightsDependencies) {}

  async list(auth: AuthContext, eventId: string): Promise<Highlight[]> {
    const event = await requireEventRole(this.deps.db, auth, eventId);
    return (await listHighlights(this.deps.db, event.id)).map(toHighlight);
  }

  async create(auth: AuthContext, eventId: string, input: HighlightInput): Promise<Highlight> {
    return this.change(auth, eventId, async (trx, event, at) => {
      const existing = await listHighlights(trx, event.id);
      if (existing.length >= HIGHLIGHTS_MAX) {
        throw validationFailed({
          highlights: validationMessage('maxEntries', { max: HIGHLIGHTS_MAX }),
        });
      }
      const row: HighlightRow = {
        id: randomUUID(),
        event_id: event.id,
        position: existing.length === 0 ? 0 : Math.max(...existing.map((h) => h.position)) + 1,
        group_name: input.group,
        title: input.title,
        description: input.description,
        link: input.link,
        image: input.image,
        created_at: at,
        updated_at: at,
      };
      await insertHighlight(trx, row);
      return toHighlight(row);
    });
  }

  async update(
    auth: AuthContext,
    eventId: string,
    highlightId: string,
    patch: HighlightPatch,
  ): Promise<Highlight> {
    return this.change(auth, eventId, async (trx, event, at) => {
      const highlight = await this.highlightOf(trx, event, highlightId);
      const changes: Updateable<HighlightsTable> = {
        ...(patch.group === undefined ? {} : { group_name: patch.group }),
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.link === undefined ? {} : { link: patch.link }),
        ...(patch.image === undefined ? {} : { image: patch.image }),
        updated_at: at,
      };
      return toHighlight(await updateHighlight(trx, highlight.id, changes));
    });
  }

  async remove(auth: AuthContext, eventId: string, highlightId: string): Promise<void> {
    await this.change(auth, eventId, async (trx, event, at) => {
      const highlight = await this.highlightOf(trx, event, highlightId);
      await deleteHighlight(trx, highlight.id);
      await removeHighlightFromChannels(trx, event.id, highlight.id, at);
      const rest = await listHighlights(trx, event.id);
      await setPositions(
        trx,
        'highlights',
        rest.map((row) => row.id),
        at,
      );
    });
  }

  /** `ids` must be exactly the event's highlights, each once, in the new order. */
  async reorder(auth: AuthContext, eventId: string, ids: readonly string[]): Promise<Highlight[]> {
    return this.change(auth, eventId, async (trx, event, at) => {
      const existing = await listHighlights(trx, event.id);
      checkReorder(
        ids,
        existing.map((row) => row.id),
      );
      await setPositions(trx, 'highlights', ids, at);
      return (await listHighlights(trx, event.id)).map(toHighlight);
    });
  }

  /** Runs `action` in a transaction on the owner's event and bumps the event's version. */
  private async change<T>(
    auth: AuthContext,
    eventId: string,
    action: (trx: Kysely<Database>, event: AccessibleEvent, at: string) => Promise<T>,
  ): Promise<T> {
    const { db, dialect, now } = this.deps;
    return db.transaction().execute(async (trx) => {
      const event = await requireEventRole(trx, auth, eventId, { lock: dialect });
      const at = now().toISOString();
      const result = await action(trx, event, at);
      await updateEvent(trx, event.id, at);
      return result;
    });
  }

  private async highlightOf(
    db: Kysely<Database>,
    event: AccessibleEvent,
    highlightId: string,
  ): Promise<HighlightRow> {
    const highlight = await findHighlight(db, event.id, highlightId);
    if (!highlight) throw notFound();
    return highlight;
  }
}

/** A highlight as the API and the public page show it; the columns it reads, no more. */
export function toHighlight(
  row: Pick<
    HighlightRow,
    'id' | 'position' | 'group_name' | 'title' | 'description' | 'link' | 'image'
  >,
): Highlight {
  return {
    id: row.id,
    position: row.position,
    group: row.group_name,
    title: row.title,
    description: row.description,
    link: row.link,
    image: row.image,
  };
}
