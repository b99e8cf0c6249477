import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/clock.js';
import { StatsViewTokens } from './view-tokens.js';

// A registrant's or invitee's page binds them in its view token and view id (ADR 066), checked
// without shared state like the anonymous ones (ADR 045).

const clock = testClock('2026-11-22T10:00:05.000Z');
const tokens = new StatsViewTokens('a secret of the installation', clock.now);
const EVENT = 'event-1';
const PERSON = 'r:0b8f6c2e-4a61-4c3e-9d1f-2f4b5a6c7d8e';

describe('view tokens bound to a person', () => {
  it('keep the anonymous token as it was, and answer it as anonymous', () => {
    const token = tokens.pageToken(EVENT, '', tokens.window());
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{22}$/);
    expect(tokens.checkPageToken(token, EVENT, '')).toBe('');
    const signed = tokens.signView('3f0c1d2e-0000-4000-8000-000000000001', EVENT, '');
    expect(signed.split('.')).toHaveLength(3);
    expect(tokens.checkView(signed, EVENT, '')).toEqual({
      viewId: '3f0c1d2e-0000-4000-8000-000000000001',
      attendee: undefined,
    });
  });

  it('carry the person through the page token to the view id', () => {
    const token = tokens.pageToken(EVENT, '', tokens.window(), PERSON);
    expect(token.endsWith(`.${PERSON}`)).toBe(true);
    expect(tokens.checkPageToken(token, EVENT, '')).toBe(PERSON);
    const signed = tokens.signView('3f0c1d2e-0000-4000-8000-000000000002', EVENT, '', PERSON);
    expect(tokens.checkView(signed, EVENT, '')).toEqual({
      viewId: '3f0c1d2e-0000-4000-8000-000000000002',
      attendee: PERSON,
    });
  });

  it('refuse a token or id whose person was changed, added or removed', () => {
    const anonymous = tokens.pageToken(EVENT, '', tokens.window());
    const bound = tokens.pageToken(EVENT, '', tokens.window(), PERSON);
    const other = 'i:0b8f6c2e-4a61-4c3e-9d1f-000000000000';
    expect(tokens.checkPageToken(`${anonymous}.${PERSON}`, EVENT, '')).toBeUndefined();
    expect(tokens.checkPageToken(bound.replace(PERSON, other), EVENT, '')).toBeUndefined();
    expect(
      tokens.checkPageToken(bound.slice(0, bound.lastIndexOf('.')), EVENT, ''),
    ).toBeUndefined();
    // Another event's or page's token binds nobody here.
    expect(tokens.checkPageToken(bound, 'event-2', '')).toBeUndefined();
    expect(tokens.checkPageToken(bound, EVENT, 'channel-1')).toBeUndefined();

    const viewId = '3f0c1d2e-0000-4000-8000-000000000003';
    const signed = tokens.signView(viewId, EVENT, '', PERSON);
    expect(tokens.checkView(signed.replace(PERSON, other), EVENT, '')).toBeUndefined();
    expect(tokens.checkView(signed.slice(0, signed.lastIndexOf('.')), EVENT, '')).toBeUndefined();
    const plain = tokens.signView(viewId, EVENT, '');
    expect(tokens.checkView(`${plain}.${PERSON}`, EVENT, '')).toBeUndefined();
  });

  it('never binds anything but a registration or an invitation', () => {
    expect(() => tokens.pageToken(EVENT, '', tokens.window(), 'x:someone')).toThrow();
    expect(() => tokens.pageToken(EVENT, '', tokens.window(), 'r:a.b')).toThrow();
  });
});
