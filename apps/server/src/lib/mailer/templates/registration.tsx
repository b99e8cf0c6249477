import { ActionButton, Paragraph } from '../mail-layout.js';
import type { MailProps } from '../template-types.js';

/**
 * To a viewer who registered for a protected event (ADR 026): the personal link that opens the
 * page. In the verify mode it is also what confirms the address; in the send mode a confirmation.
 */
export function RegistrationLink({
  t,
  data,
}: MailProps<'registration-verify' | 'registration-confirm'>) {
  const key = data.verify ? 'registrationVerify' : 'registrationConfirm';
  return (
    <>
      <Paragraph>{t('layout.greeting', { name: data.name })}</Paragraph>
      <Paragraph>{t(`${key}.intro`, { eventName: data.eventName })}</Paragraph>
      <ActionButton
        label={t(`${key}.action`)}
        url={data.link}
        fallback={t('layout.buttonFallback')}
      />
      <Paragraph>{t('registration.keep')}</Paragraph>
      <Paragraph>{t('registration.eventLink', { eventLink: data.eventLink })}</Paragraph>
      <Paragraph>{t('registration.notYou')}</Paragraph>
    </>
  );
}
