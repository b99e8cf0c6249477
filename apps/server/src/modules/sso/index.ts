/** The single sign-on module's public face (ADR 037): the viewer's sign-in flow, for the gates. */
export {
  SSO_FLOW_COOKIE,
  SSO_FLOW_MAX_AGE_S,
  type SsoFailure,
  type SsoService,
} from './sso.service.js';
