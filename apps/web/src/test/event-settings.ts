import { DEFAULT_EVENT_SETTINGS, type EventSettingsResponse } from '@livent/shared';

/** An event's saved settings as `GET /api/event-settings/e1` answers them, for editor tests. */
export const savedSettings = (
  overrides: Partial<EventSettingsResponse> = {},
): EventSettingsResponse => ({
  ...DEFAULT_EVENT_SETTINGS,
  id: 'e1',
  messagesGuestToken: null,
  title: 'Product launch',
  slug: 'product-launch',
  fullUrl: 'http://events.test/product-launch',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
