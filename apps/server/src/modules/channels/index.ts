/** The channels module's public face (ADR 037): an event's channels and the routing of viewers. */
export { PRIVATE_PAGE_HEADERS, type RoutableEvent } from './channel-router.js';
export { listChannels } from './channels.repository.js';
