/**
 * The messages module's public face (ADR 037): the change log that live streams follow, and the
 * service through which viewers' pages submit, list and vote on messages (ADR 036), and the
 * guest moderators' share link, which opens the event's polls too (ADR 058).
 */
export { appendMessageChange, type MessageNotifier } from './message-log.js';
export { type SubmittedMessage, ViewerMessagesService } from './viewer-messages.service.js';
export { guestTokenOf, requireMessagesGuest } from './guest-access.js';
