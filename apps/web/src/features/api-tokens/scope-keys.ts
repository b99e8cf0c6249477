import type { ApiTokenScope } from '@livent/shared';

/**
 * Each scope's key in the `apiTokens` catalogue (`scopes.<key>.label` and `.hint`): the scopes'
 * own names hold a colon, which i18next reads as a namespace separator.
 */
export const SCOPE_KEYS = {
  'events:read': 'eventsRead',
  'events:write': 'eventsWrite',
  'attendees:read': 'attendeesRead',
  'attendees:write': 'attendeesWrite',
  'messages:manage': 'messagesManage',
  'stats:read': 'statsRead',
  'webhooks:manage': 'webhooksManage',
} as const satisfies Record<ApiTokenScope, string>;
