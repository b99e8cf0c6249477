/** The retention module's public face (ADR 037): the pass over events' viewer data, for the app. */
export { retentionLoop, RetentionService } from './retention.service.js';
