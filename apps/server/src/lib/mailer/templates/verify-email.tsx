import type { MailProps } from '../template-types.js';
import { LinkMail } from './link-mail.js';

/** Sent after sign-up and on request: confirms that the address belongs to the account. */
export function VerifyEmail({ t, data }: MailProps<'verify-email'>) {
  return (
    <LinkMail
      t={t}
      name={data.name}
      intro={t('verifyEmail.intro')}
      action={t('verifyEmail.action')}
      link={data.link}
      closing={[t('verifyEmail.validity'), t('verifyEmail.notYou')]}
    />
  );
}
