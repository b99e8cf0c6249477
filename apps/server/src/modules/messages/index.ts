/** The messages module's public face (ADR 037): the change log that live streams follow. */
export { appendMessageChange, type MessageNotifier } from './message-log.js';
