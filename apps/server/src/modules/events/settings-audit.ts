import { AUDIT_MASK, type AuditChange, type EventSettings } from '@livent/shared';
import { diffSettings, type AuditActor, type AuditRecord } from '../audit/index.js';

/**
 * The settings that decide who may see the page: a save that changes one is recorded as
 * `event.access_changed` with these fields, the rest of the save as `event.settings_changed`,
 * so that no field of a save is recorded twice (docs/decisions/069-audit-log.md).
 */
const ACCESS_FIELDS: ReadonlySet<string> = new Set(['accessMode', 'accessCode']);
/** Never written to the log: recorded as changed, both sides masked. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['accessCode']);

/** The audit entries of one save of an event's settings: none when nothing changed. */
export function settingsAuditEntries(
  before: EventSettings,
  after: EventSettings,
  guestToken: 'renew' | null | undefined,
  context: { accountId: string; eventId: string; actor: AuditActor; hadGuestToken: boolean },
): AuditRecord[] {
  const changes = diffSettings(before, after, { secrets: SECRET_FIELDS });
  if (guestToken !== undefined) {
    // The messages guest link is a secret too: that it was renewed or removed is what counts.
    changes.push({
      field: 'messagesGuestToken',
      from: context.hadGuestToken ? AUDIT_MASK : null,
      to: guestToken === 'renew' ? AUDIT_MASK : null,
    });
  }
  const access = changes.filter((change) => ACCESS_FIELDS.has(topField(change)));
  const settings = changes.filter((change) => !ACCESS_FIELDS.has(topField(change)));
  const { accountId, eventId, actor } = context;
  const entry = (action: AuditRecord['action'], list: AuditChange[]): AuditRecord[] =>
    list.length === 0 ? [] : [{ accountId, eventId, actor, action, details: { changes: list } }];
  return [...entry('event.settings_changed', settings), ...entry('event.access_changed', access)];
}

function topField(change: AuditChange): string {
  const dot = change.field.indexOf('.');
  return dot === -1 ? change.field : change.field.slice(0, dot);
}
