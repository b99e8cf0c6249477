/**
 * The messages module's public face (ADR 037): the change log that live streams follow, and the
 * service through which viewers' pages submit, list and vote on messages (ADR 036).
 */
export { appendMessageChange, type MessageNotifier } from './message-log.js';
export { type SubmittedMessage, ViewerMessagesService } from './viewer-messages.service.js';
