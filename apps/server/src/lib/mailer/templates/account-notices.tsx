import { Paragraph } from '../mail-layout.js';
import type { MailProps } from '../template-types.js';
import { LinkMail } from './link-mail.js';

/**
 * To an address an enterprise admin invited (ADR 028, "Enterprise"). It may have no account
 * yet, so it greets without a name; accepting happens signed in with that verified address.
 */
export function EnterpriseInvitation({ t, data }: MailProps<'enterprise-invitation'>) {
  return (
    <LinkMail
      t={t}
      name={data.name}
      intro={t('enterpriseInvitation.intro', {
        adminName: data.adminName,
        adminEmail: data.adminEmail,
      })}
      action={t('enterpriseInvitation.action')}
      link={data.link}
      closing={[t('enterpriseInvitation.noAccount'), t('enterpriseInvitation.notWanted')]}
    />
  );
}

/**
 * To the old address once an email change took effect: the owner learns of it even when someone
 * else made it, and whom to tell. It carries no link: a mail that acts on the account from an
 * address the account no longer has would be the next thing to phish.
 */
export function EmailChanged({ t, data }: MailProps<'email-changed'>) {
  return (
    <>
      <Paragraph>{t('layout.greeting', { name: data.name })}</Paragraph>
      <Paragraph>{t('emailChanged.intro', { newEmail: data.newEmail })}</Paragraph>
      <Paragraph>{t('emailChanged.notYou', { supportEmail: data.supportEmail })}</Paragraph>
    </>
  );
}

/**
 * To the owner of a webhook endpoint that Livent paused because its deliveries kept failing
 * (docs/decisions/072-webhooks.md): what stopped, and where to look and resume.
 */
export function WebhookPaused({ t, data }: MailProps<'webhook-paused'>) {
  return (
    <LinkMail
      t={t}
      name={data.name}
      intro={t('webhookPaused.intro', { url: data.url })}
      action={t('webhookPaused.action')}
      link={data.link}
      closing={[t('webhookPaused.resume')]}
    />
  );
}
