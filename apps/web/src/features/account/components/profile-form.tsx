import type { ProfilePatch, User } from '@livent/shared';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextInputField } from '../../../components/forms/text-input-field';
import { FieldGrid, SaveActions } from '../../../components/forms/save-actions';
import { SectionCard } from '../../../components/page/section-card';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard';
import { changedFields } from '../../../lib/forms/changed-fields';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useUpdateProfile } from '../api/account-api';

interface ProfileValues {
  name: string;
  company: string;
  initials: string;
}

const resolver = lazyResolver<ProfileValues>(
  async () => (await import('../../../lib/forms/schemas')).profilePatchSchema,
);
const FIELDS = ['name', 'company', 'initials'] as const;

const valuesOf = (user: User): ProfileValues => ({
  name: user.name,
  company: user.company ?? '',
  initials: user.initials,
});

/** Only what the user changed (spec/api.md: "changes are PATCH with only the changed fields"). */
export function changedProfile(values: ProfileValues, saved: User): ProfilePatch {
  return changedFields(
    { name: values.name, company: values.company.trim() || null, initials: values.initials },
    saved,
  );
}

/** Name, company or brand and initials (docs/product-spec.md section 3, "Account"); asks before leaving unsaved. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation(['account', 'forms']);
  const form = useForm<ProfileValues>({ resolver, defaultValues: valuesOf(user) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const updateProfile = useUpdateProfile();
  const guard = useUnsavedChangesGuard(isDirty && !isSubmitting);
  const serverError = errors.root?.server?.message;
  const fields = {
    name: form.register('name'),
    company: form.register('company'),
    initials: form.register('initials'),
  };
  const initials =
    useWatch({ control: form.control, name: 'initials' }).trim().toUpperCase() || user.initials;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await updateProfile.mutateAsync(changedProfile(values, user));
      form.reset(valuesOf(saved));
      notify({ type: 'success', message: t('forms:saved') });
    } catch (error) {
      await reportFormError(form.setError, error, FIELDS);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <SectionCard
        title={t('profile.details.title')}
        description={t('profile.details.description')}
        footer={
          <SaveActions dirty={isDirty} submitting={isSubmitting} onDiscard={() => form.reset()} />
        }
      >
        <Stack spacing={2.5}>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              aria-hidden="true"
              sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontWeight: 600 }}
            >
              {initials}
            </Avatar>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('profile.details.avatarHint')}
            </Typography>
          </Stack>
          <FieldGrid>
            <TextInputField
              label={t('profile.fields.name')}
              autoComplete="name"
              error={errors.name?.message}
              {...fields.name}
            />
            <TextInputField
              label={t('profile.fields.company')}
              optional
              autoComplete="organization"
              error={errors.company?.message}
              {...fields.company}
            />
            <TextInputField
              label={t('profile.fields.initials')}
              helperText={t('profile.fields.initialsHint')}
              maxLength={3}
              autoComplete="off"
              sx={{ textTransform: 'uppercase', maxWidth: 120 }}
              error={errors.initials?.message}
              {...fields.initials}
            />
          </FieldGrid>
        </Stack>
      </SectionCard>
      {guard}
    </Box>
  );
}
