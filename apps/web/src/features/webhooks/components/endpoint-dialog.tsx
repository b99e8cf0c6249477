import {
  createWebhookEndpointSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextInputField } from '../../../components/forms/text-input-field';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { eventChoicesQueryOptions, useAddWebhook, useUpdateWebhook } from '../api/webhooks-api';

/** The types an organiser chooses from: the test goes on demand, attendance is not sent yet. */
export const CHOOSABLE_TYPES = WEBHOOK_EVENT_TYPES.filter(
  (type) => type !== 'webhook.test' && type !== 'attendance.updated',
);

/**
 * "All" or some of a list: a box for all, and once it is cleared the options to tick (starting
 * from every option unless `startWith` says otherwise). `null` stands for all.
 */
function ChoiceGroup<T extends string>({
  legend,
  allLabel,
  missingText,
  options,
  chosen,
  onChange,
  startWith,
}: {
  legend: string;
  allLabel: string;
  missingText: string;
  options: { value: T; label: string }[];
  chosen: T[] | null;
  onChange: (chosen: T[] | null) => void;
  startWith?: T[];
}) {
  const toggle = (value: T) =>
    onChange(
      chosen?.includes(value)
        ? chosen.filter((item) => item !== value)
        : [...(chosen ?? []), value],
    );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {legend}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={chosen === null}
            onChange={(event) =>
              onChange(
                event.target.checked ? null : (startWith ?? options.map(({ value }) => value)),
              )
            }
          />
        }
        label={allLabel}
      />
      {chosen !== null && (
        <FormGroup sx={{ pl: 3.5 }}>
          {options.map((option) => (
            <FormControlLabel
              key={option.value}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.includes(option.value)}
                  onChange={() => toggle(option.value)}
                />
              }
              label={option.label}
            />
          ))}
          {chosen.length === 0 && <FormHelperText error>{missingText}</FormHelperText>}
        </FormGroup>
      )}
    </Box>
  );
}

interface TextValues {
  url: string;
  description: string;
}

const resolver = lazyResolver<TextValues>(async () =>
  createWebhookEndpointSchema.pick({ url: true, description: true }),
);

/** The URL's field errors that get this screen's own words. */
const URL_MESSAGES = {
  'validation.internalAddress': 'form.urlInternal',
  'validation.url': 'form.urlInvalid',
} as const;

/**
 * Adds an endpoint or edits one: its URL and description, the event types it receives (all, or
 * the ticked ones) and the events it is limited to (all, or the ticked ones of the account's).
 */
export function EndpointDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const titleId = useId();
  const add = useAddWebhook();
  const update = useUpdateWebhook();
  const events = useQuery(eventChoicesQueryOptions());
  const ownEvents = (events.data ?? []).filter((event) => event.role === 'owner');
  const form = useForm<TextValues>({
    resolver,
    defaultValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '' },
  });
  const [types, setTypes] = useState<WebhookEventType[] | null>(endpoint?.eventTypes ?? null);
  const [eventIds, setEventIds] = useState<string[] | null>(endpoint?.eventIds ?? null);
  const { errors, isSubmitting } = form.formState;
  const serverError = errors.root?.server?.message;
  const urlField = form.register('url');
  const urlMessage = errors.url?.message;
  const urlError =
    urlMessage !== undefined && urlMessage in URL_MESSAGES
      ? t(URL_MESSAGES[urlMessage as keyof typeof URL_MESSAGES])
      : urlMessage;
  const descriptionField = form.register('description');
  const typesMissing = types !== null && types.length === 0;
  const eventsMissing = eventIds !== null && eventIds.length === 0;

  const onSubmit = form.handleSubmit(async (values) => {
    if (typesMissing || eventsMissing) return;
    const body = {
      url: values.url,
      description: values.description,
      eventTypes: types,
      eventIds,
    };
    try {
      if (endpoint) await update.mutateAsync({ id: endpoint.id, ...body });
      else await add.mutateAsync(body);
      notify({ type: 'success', message: t(endpoint ? 'notices.saved' : 'notices.added') });
      onClose();
    } catch (error) {
      await reportFormError(form.setError, error, ['url', 'description']);
    }
  });

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t(endpoint ? 'form.editTitle' : 'form.addTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          <TextInputField
            label={t('form.url')}
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            helperText={t('form.urlHint')}
            error={urlError}
            {...urlField}
          />
          <TextInputField
            label={t('form.description')}
            optional
            helperText={t('form.descriptionHint')}
            error={errors.description?.message}
            {...descriptionField}
          />
          <ChoiceGroup
            legend={t('form.eventTypes')}
            allLabel={t('form.allTypes')}
            missingText={t('form.noTypesChosen')}
            options={CHOOSABLE_TYPES.map((type) => ({
              value: type,
              label: t(`eventTypes.${type}`),
            }))}
            chosen={types}
            onChange={setTypes}
          />
          <ChoiceGroup
            legend={t('form.liventEvents')}
            allLabel={t('form.allLiventEvents')}
            missingText={t('form.noEventsChosen')}
            options={ownEvents.map((event) => ({ value: event.id, label: event.title }))}
            chosen={eventIds}
            onChange={setEventIds}
            /* Unticking "all" starts from none: an account may have many events. */
            startWith={[]}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t(endpoint ? 'form.save' : 'form.add')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
