/** The invitations module's public face (ADR 037): the viewer's access by invitation. */
export type { InvitationAccess } from './invitation-access.js';
