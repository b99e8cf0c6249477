import {
  SSO_BUTTON_LABEL_MAX_LENGTH,
  SSO_CLIENT_ID_MAX_LENGTH,
  SSO_CLIENT_SECRET_MAX_LENGTH,
  SSO_ISSUER_MAX_LENGTH,
  SSO_SCOPES_MAX_LENGTH,
  type SsoSettings,
  type SsoSettingsPatch,
} from '@livent/shared';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { FieldGrid, SaveActions } from '../../../components/forms/save-actions';
import { TextInputField } from '../../../components/forms/text-input-field';
import { SectionCard } from '../../../components/page/section-card';
import { changedFields } from '../../../lib/forms/changed-fields';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { ssoQueryOptions, useUpdateSso } from '../api/sso-api';

interface SsoValues {
  issuer: string;
  clientId: string;
  /** Empty keeps the stored secret: it is never sent to the browser. */
  clientSecret: string;
  scopes: string;
  buttonLabel: string;
}
const FIELDS = ['issuer', 'clientId', 'clientSecret', 'scopes', 'buttonLabel'] as const;

const valuesOf = (settings: SsoSettings | undefined): SsoValues => ({
  issuer: settings?.issuer ?? '',
  clientId: settings?.clientId ?? '',
  clientSecret: '',
  scopes: settings?.scopes ?? '',
  buttonLabel: settings?.buttonLabel ?? '',
});

/** The redirect URI to register at the provider, read-only with a copy button. */
function RedirectUri({ value }: { value: string }) {
  const { t } = useTranslation('editor');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify({ type: 'success', message: t('access.sso.copied') });
    } catch {
      notify({ type: 'error', message: t('access.sso.copyFailed') });
    }
  };
  return (
    <TextInputField
      label={t('access.sso.redirectUri')}
      helperText={t('access.sso.redirectUriHint')}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      sx={{ fontFamily: 'ui-monospace, monospace', fontSize: '0.8125rem' }}
      endAdornment={
        <Tooltip title={t('access.sso.copy')}>
          <IconButton size="small" aria-label={t('access.sso.copy')} onClick={copy}>
            <ContentCopyOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      }
    />
  );
}

/**
 * The OpenID provider of the single sign-on way in (ADR 026): a resource of its own beside the
 * settings document, so that the client secret is write-only (the form only says whether one is
 * set). Changing it needs CUSTOM_ACCESS; the server refuses otherwise.
 */
export function SsoSettingsCard({ eventId, locked }: { eventId: string; locked: boolean }) {
  const { t } = useTranslation('editor');
  const query = useQuery(ssoQueryOptions(eventId));
  const form = useForm<SsoValues>({ values: valuesOf(query.data) });
  const { errors, isDirty, isSubmitting } = form.formState;
  const update = useUpdateSso(eventId);
  const serverError = errors.root?.server?.message;
  const fields = {
    issuer: form.register('issuer'),
    clientId: form.register('clientId'),
    clientSecret: form.register('clientSecret'),
    scopes: form.register('scopes'),
    buttonLabel: form.register('buttonLabel'),
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const { clientSecret, ...rest } = values;
    const patch: SsoSettingsPatch = changedFields(rest, valuesOf(query.data));
    if (clientSecret !== '') patch.clientSecret = clientSecret;
    try {
      if (Object.keys(patch).length > 0) await update.mutateAsync(patch);
      notify({ type: 'success', message: t('access.sso.saved') });
    } catch (error) {
      await reportFormError(form.setError, error, FIELDS);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="sso-settings">
      <SectionCard
        title={t('access.sso.title')}
        description={t('access.sso.description')}
        footer={
          <SaveActions
            dirty={isDirty && !locked}
            submitting={isSubmitting}
            onDiscard={() => form.reset(valuesOf(query.data))}
          />
        }
      >
        <Stack spacing={2.5}>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          {query.data && <RedirectUri value={query.data.redirectUri} />}
          <TextInputField
            label={t('access.sso.issuer')}
            helperText={t('access.sso.issuerHint')}
            type="url"
            inputMode="url"
            spellCheck={false}
            maxLength={SSO_ISSUER_MAX_LENGTH}
            disabled={locked}
            error={errors.issuer?.message}
            {...fields.issuer}
          />
          <FieldGrid>
            <TextInputField
              label={t('access.sso.clientId')}
              autoComplete="off"
              spellCheck={false}
              maxLength={SSO_CLIENT_ID_MAX_LENGTH}
              disabled={locked}
              error={errors.clientId?.message}
              {...fields.clientId}
            />
            <TextInputField
              label={t('access.sso.clientSecret')}
              helperText={
                query.data?.clientSecretSet
                  ? t('access.sso.clientSecretSet')
                  : t('access.sso.clientSecretUnset')
              }
              type="password"
              autoComplete="new-password"
              optional
              maxLength={SSO_CLIENT_SECRET_MAX_LENGTH}
              disabled={locked}
              error={errors.clientSecret?.message}
              {...fields.clientSecret}
            />
          </FieldGrid>
          <FieldGrid>
            <TextInputField
              label={t('access.sso.scopes')}
              helperText={t('access.sso.scopesHint')}
              spellCheck={false}
              maxLength={SSO_SCOPES_MAX_LENGTH}
              disabled={locked}
              error={errors.scopes?.message}
              {...fields.scopes}
            />
            <TextInputField
              label={t('access.sso.buttonLabel')}
              helperText={t('access.sso.buttonLabelHint')}
              optional
              maxLength={SSO_BUTTON_LABEL_MAX_LENGTH}
              disabled={locked}
              error={errors.buttonLabel?.message}
              {...fields.buttonLabel}
            />
          </FieldGrid>
        </Stack>
      </SectionCard>
    </Box>
  );
}
