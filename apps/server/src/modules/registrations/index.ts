/** The registrations module's public face (ADR 037): the viewer's registration, for the gates. */
export type {
  RegisterOutcome,
  RegistrationFieldError,
  RegistrationForm,
  RegistrationsService,
} from './registrations.service.js';
