/**
 * The two-factor module's public face (ADR 037): its routes and service. Auth asks it for the
 * sign-in's second step; the authentication hook asks whether a member lacks a required setup.
 */
export { twoFactorRoutes } from './two-factor.routes.js';
export { TwoFactorService } from './two-factor.service.js';
