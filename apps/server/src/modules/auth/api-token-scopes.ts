import type { ApiTokenScope } from '@livent/shared';

/**
 * The one table of what a personal API token may reach (docs/decisions/070-personal-api-tokens.md):
 * each dashboard route a token may call, as `METHOD url` the way Fastify registered it, with the
 * scope it needs. Whatever is not named here refuses every token with 403, whichever its scopes.
 * `api-token-scopes.test.ts` walks every registered route that authenticates and fails on one that
 * is neither here nor in {@link API_TOKEN_REFUSED_ROUTES}, so that a new route is decided on.
 */
export const API_TOKEN_ROUTE_SCOPES: Readonly<Record<string, ApiTokenScope>> = {
  // Events and their settings, highlights, channels, images and single sign-on.
  'GET /api/events': 'events:read',
  'GET /api/events/:id': 'events:read',
  'GET /api/event-settings/:id': 'events:read',
  'GET /api/events/:id/highlights': 'events:read',
  'GET /api/events/:id/channels': 'events:read',
  'GET /api/events/:id/channels/:channelId': 'events:read',
  'GET /api/events/:id/reminders': 'events:read',
  'GET /api/events/:id/sso': 'events:read',
  // An event's audit log (docs/decisions/069-audit-log.md): who changed it, for a SIEM or a CRM.
  'GET /api/events/:id/audit': 'events:read',
  'GET /api/events/:id/audit.csv': 'events:read',
  'POST /api/events': 'events:write',
  'PATCH /api/event-settings/:id': 'events:write',
  'POST /api/events/:id/remote-reload': 'events:write',
  'POST /api/events/:id/cache-purge': 'events:write',
  'POST /api/events/:id/highlights': 'events:write',
  'PUT /api/events/:id/highlights/order': 'events:write',
  'PATCH /api/events/:id/highlights/:highlightId': 'events:write',
  'DELETE /api/events/:id/highlights/:highlightId': 'events:write',
  'POST /api/events/:id/channels': 'events:write',
  'PATCH /api/events/:id/channels/:channelId': 'events:write',
  'DELETE /api/events/:id/channels/:channelId': 'events:write',
  'PATCH /api/events/:id/sso': 'events:write',
  'POST /api/uploads': 'events:write',

  // Registrations, invitations, their mails and the login list.
  'GET /api/events/:id/registrations': 'attendees:read',
  'GET /api/events/:id/registrations/export': 'attendees:read',
  'GET /api/events/:id/invitations': 'attendees:read',
  'GET /api/events/:id/invitations/export': 'attendees:read',
  'GET /api/events/:id/mail-texts': 'attendees:read',
  'GET /api/events/:id/time-change-notices': 'attendees:read',
  'GET /api/events/:id/logins': 'attendees:read',
  'GET /api/events/:id/logins/export': 'attendees:read',
  'DELETE /api/events/:id/registrations/:registrationId': 'attendees:write',
  'POST /api/events/:id/registrations/send': 'attendees:write',
  'POST /api/events/:id/invitations': 'attendees:write',
  'POST /api/events/:id/invitations/import': 'attendees:write',
  'PATCH /api/events/:id/invitations/:invitationId': 'attendees:write',
  'DELETE /api/events/:id/invitations/:invitationId': 'attendees:write',
  'POST /api/events/:id/invitations/send': 'attendees:write',
  'POST /api/events/:id/time-change-notices': 'attendees:write',
  'POST /api/events/:id/follow-up': 'attendees:write',

  // Messages and polls: reading and moderating are one job.
  'GET /api/events/:id/messages': 'messages:manage',
  'GET /api/events/:id/messages/export': 'messages:manage',
  'GET /api/events/:id/messages/stream': 'messages:manage',
  'GET /api/events/:id/messages/:messageId': 'messages:manage',
  'POST /api/events/:id/messages': 'messages:manage',
  'PATCH /api/events/:id/messages/:messageId': 'messages:manage',
  'DELETE /api/events/:id/messages/:messageId': 'messages:manage',
  'GET /api/events/:id/polls': 'messages:manage',
  'POST /api/events/:id/polls': 'messages:manage',
  'PUT /api/events/:id/polls/order': 'messages:manage',
  'PATCH /api/events/:id/polls/:pollId': 'messages:manage',
  'DELETE /api/events/:id/polls/:pollId': 'messages:manage',
  'POST /api/events/:id/polls/:pollId/launch': 'messages:manage',
  'POST /api/events/:id/polls/:pollId/close': 'messages:manage',
  'GET /api/events/:id/polls/:pollId/results': 'messages:manage',
  'PATCH /api/events/:id/polls/:pollId/answers/:answerId': 'messages:manage',
  'GET /api/events/:id/polls.csv': 'messages:manage',

  // Statistics.
  'GET /api/events/:id/stats': 'stats:read',
  'GET /api/events/:id/stats/live': 'stats:read',
  'GET /api/events/:id/stats/pageviews.csv': 'stats:read',
  'GET /api/events/:id/stats/concurrent.csv': 'stats:read',
  'GET /api/events/:id/stats/reactions.csv': 'stats:read',

  // Webhooks (docs/decisions/072-webhooks.md).
  'GET /api/webhooks': 'webhooks:manage',
  'POST /api/webhooks': 'webhooks:manage',
  'GET /api/webhooks/:id': 'webhooks:manage',
  'PATCH /api/webhooks/:id': 'webhooks:manage',
  'DELETE /api/webhooks/:id': 'webhooks:manage',
  'POST /api/webhooks/:id/test': 'webhooks:manage',
  'POST /api/webhooks/:id/rotate-secret': 'webhooks:manage',
  'GET /api/webhooks/:id/deliveries': 'webhooks:manage',
  'POST /api/webhooks/:id/deliveries/:deliveryId/retry': 'webhooks:manage',
};

/**
 * Routes that authenticate but refuse every API token, by decision: the account itself (profile,
 * email, password, sessions, deletion and everything under `/api/account`), settings, billing,
 * custom domains, enterprise, sharing and owner changes, sign-out of sessions, and deleting an
 * event, which stays with its owner in the dashboard. A stolen token can thus neither lock its
 * owner out nor make itself new tokens nor destroy an event.
 */
export const API_TOKEN_REFUSED_ROUTES: readonly (string | RegExp)[] = [
  /^[A-Z]+ \/api\/account(\/|$)/,
  /^[A-Z]+ \/api\/auth\//,
  /^[A-Z]+ \/api\/enterprise(\/|$)/,
  /^[A-Z]+ \/api\/domains(\/|$)/,
  /^[A-Z]+ \/api\/permissions(\/|$)/,
  /^[A-Z]+ \/api\/owner-changes\//,
  /^[A-Z]+ \/api\/events\/:id\/owner-change$/,
  'DELETE /api/events/:id',
  'PATCH /api/settings',
  'POST /api/feedback',
  'GET /api/changelog',
];

/** The scope a token needs for a route (`method` upper case, `url` as registered); none: refused. */
export function scopeForRoute(method: string, url: string | undefined): ApiTokenScope | undefined {
  if (url === undefined) return undefined;
  // Fastify answers HEAD with the GET route.
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  return Object.hasOwn(API_TOKEN_ROUTE_SCOPES, key) ? API_TOKEN_ROUTE_SCOPES[key] : undefined;
}

/** Whether a route is refused to every token by decision (the route test's other half). */
export function isRefusedToApiTokens(key: string): boolean {
  return API_TOKEN_REFUSED_ROUTES.some((rule) =>
    typeof rule === 'string' ? rule === key : rule.test(key),
  );
}
