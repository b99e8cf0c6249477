import { ActionButton, Paragraph } from '../mail-layout.js';
import type { MailProps } from '../template-types.js';

/**
 * The mails of sharing and owner changes (ADR 031). They link to the dashboard, never carry a
 * token: accepting happens signed in, on the shared permissions page.
 */

/** To the account an owner shared an event with: the invitation waits on the permissions page. */
export function PermissionInvitation({ t, data }: MailProps<'permission-invitation'>) {
  return (
    <>
      <Paragraph>{t('layout.greeting', { name: data.name })}</Paragraph>
      <Paragraph>
        {t('permissionInvitation.intro', {
          ownerName: data.ownerName,
          ownerEmail: data.ownerEmail,
          eventTitle: data.eventTitle,
        })}
      </Paragraph>
      <ActionButton
        label={t('permissionInvitation.action')}
        url={data.link}
        fallback={t('layout.buttonFallback')}
      />
      <Paragraph>{t('permissionInvitation.notWanted')}</Paragraph>
    </>
  );
}

/** To the proposed new owner: the change waits for them to accept it. */
export function OwnerChangeRequest({ t, data }: MailProps<'owner-change-request'>) {
  return (
    <>
      <Paragraph>{t('layout.greeting', { name: data.name })}</Paragraph>
      <Paragraph>
        {t('ownerChangeRequest.intro', {
          fromName: data.fromName,
          fromEmail: data.fromEmail,
          eventTitle: data.eventTitle,
        })}
      </Paragraph>
      <ActionButton
        label={t('ownerChangeRequest.action')}
        url={data.link}
        fallback={t('layout.buttonFallback')}
      />
      <Paragraph>{t('ownerChangeRequest.notWanted')}</Paragraph>
    </>
  );
}

/** To the previous owner once the change is accepted: they no longer have access. */
export function OwnerChangePrevious({ t, data }: MailProps<'owner-change-previous'>) {
  return (
    <>
      <Paragraph>{t('layout.greeting', { name: data.name })}</Paragraph>
      <Paragraph>
        {t('ownerChangePrevious.intro', {
          toName: data.toName,
          toEmail: data.toEmail,
          eventTitle: data.eventTitle,
        })}
      </Paragraph>
      <Paragraph>{t('ownerChangePrevious.access')}</Paragraph>
    </>
  );
}

/** To the new owner once the change is accepted: the event is theirs, under their plan. */
export function OwnerChangeNew({ t, data }: MailProps<'owner-change-new'>) {
  return (
    <>
      <Paragraph>{t('layout.greeting', { name: data.name })}</Paragraph>
      <Paragraph>
        {t('ownerChangeNew.intro', { fromName: data.fromName, eventTitle: data.eventTitle })}
      </Paragraph>
      <ActionButton
        label={t('ownerChangeNew.action')}
        url={data.link}
        fallback={t('layout.buttonFallback')}
      />
      <Paragraph>{t('ownerChangeNew.plan')}</Paragraph>
    </>
  );
}
