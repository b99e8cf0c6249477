/**
 * The retention module's public face (ADR 037): the pass over events' viewer data, for the app;
 * the deletion of the mails to an event's people, for the account's deletion.
 */
export { retentionLoop, RetentionService } from './retention.service.js';
export { deletePeoplesMails } from './retention.repository.js';
