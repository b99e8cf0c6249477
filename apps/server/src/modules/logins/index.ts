/** The logins module's public face (ADR 037): a viewer's login, as the gates record it. */
export { recordLogin, ssoLabel } from './logins.repository.js';
