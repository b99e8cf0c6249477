import type { MailProps } from '../template-types.js';
import { LinkMail } from './link-mail.js';

/** Sent on "forgot password": the link to choose a new one. */
export function ResetPassword({ t, data }: MailProps<'reset-password'>) {
  return (
    <LinkMail
      t={t}
      name={data.name}
      intro={t('resetPassword.intro')}
      action={t('resetPassword.action')}
      link={data.link}
      closing={[t('resetPassword.validity'), t('resetPassword.notYou')]}
    />
  );
}
