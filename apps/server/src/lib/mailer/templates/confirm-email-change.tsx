import type { MailProps } from '../template-types.js';
import { LinkMail } from './link-mail.js';

/** Sent to the new address when an account changes its email; the change waits for the click. */
export function ConfirmEmailChange({ t, data }: MailProps<'confirm-email-change'>) {
  return (
    <LinkMail
      t={t}
      name={data.name}
      intro={t('confirmEmailChange.intro', { newEmail: data.newEmail })}
      action={t('confirmEmailChange.action')}
      link={data.link}
      closing={[t('confirmEmailChange.validity'), t('confirmEmailChange.notYou')]}
    />
  );
}
