import { hasFeature, INVITATION_MAIL_PLACEHOLDERS } from '@livent/shared';
import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MailTextEditor } from '../../../components/access-mails/mail-text-editor';
import { SettingsForm } from '../../../components/forms/settings-form';
import { PlanFeatureNotice } from '../../../components/page/plan-feature-notice';
import { SectionCard } from '../../../components/page/section-card';
import { usePlanAllowance } from '../../../lib/auth/use-plan-allowance';
import { useSettingsForm } from '../../../lib/events/use-settings-form';

const FIELDS = ['invitationMailSubject', 'invitationMailBody'] as const;

/**
 * The invitation email (docs/product-spec.md sections 4-5, access/invitations; ADR 026): its
 * subject and text with placeholders, saved with the event's settings. Sending needs the plan
 * feature INVITATION_EMAILS; without it the text can still be prepared.
 */
export function InvitationMailSection({ eventId }: { eventId: string }) {
  const { t } = useTranslation('mails');
  const settingsForm = useSettingsForm(eventId, FIELDS);
  const { form, settings, dirty, missingFeature } = settingsForm;
  const canSend = hasFeature(usePlanAllowance(), 'INVITATION_EMAILS');
  // Should the server gate the texts themselves, the fields lock like every gated setting.
  const locked = Boolean(missingFeature('invitationMailSubject'));

  return (
    <SettingsForm settingsForm={settingsForm}>
      {!canSend && <PlanFeatureNotice>{t('invitation.plan')}</PlanFeatureNotice>}
      <SectionCard title={t('invitation.title')} description={t('invitation.description')}>
        <MailTextEditor
          eventId={eventId}
          kind="invitation"
          control={form.control as unknown as Control<FieldValues>}
          subjectName="invitationMailSubject"
          bodyName="invitationMailBody"
          placeholders={INVITATION_MAIL_PLACEHOLDERS}
          event={settings}
          disabled={locked}
          canSend={canSend}
          dirty={dirty}
        />
      </SectionCard>
    </SettingsForm>
  );
}
