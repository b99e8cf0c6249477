import type { EventCreate, EventListItem } from '@livent/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { TextInputField } from '../../../components/forms/text-input-field';
import { TextLink } from '../../../components/links/text-link';
import { SectionCard } from '../../../components/page/section-card';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';
import { notify } from '../../../lib/notifications';
import { useCreateEvent } from '../api/events-api';
import { slugFromTitle } from '@livent/shared/slug';

interface CreateValues {
  title: string;
  slug: string;
}

const resolver = lazyResolver<CreateValues>(
  async () => (await import('../event-schemas')).eventCreateFormSchema,
);

/** The public pages' address before the slug, taken from an existing event's link. */
export function linkBase(events: readonly EventListItem[]): string | undefined {
  for (const event of events) {
    if (event.fullUrl.endsWith(`/${event.slug}`)) {
      return event.fullUrl.slice(0, -event.slug.length);
    }
  }
  return undefined;
}

/** What `POST /events` gets: the slug only when the user chose one. */
export const createBody = (values: CreateValues): EventCreate => ({
  title: values.title.trim(),
  ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
});

/**
 * Create an event (docs/product-spec.md section 2, `/events/add`): a title and, optionally, its own address
 * (the slug, previewed as the link); then the new event's overview. At the plan's limit the
 * server's "Event limit reached" shows with a link to the plans.
 */
export function CreateEventForm({ events }: { events: readonly EventListItem[] }) {
  const { t } = useTranslation(['events', 'forms']);
  const navigate = useNavigate();
  const form = useForm<CreateValues>({ resolver, defaultValues: { title: '', slug: '' } });
  const { errors, isSubmitting } = form.formState;
  const fields = { title: form.register('title'), slug: form.register('slug') };
  const createEvent = useCreateEvent();
  const [title, slug] = useWatch({ control: form.control, name: ['title', 'slug'] });
  const previewSlug = slug.trim() || slugFromTitle(title) || t('create.slugPlaceholder');
  const base = linkBase(events) ?? '/';
  const serverError = errors.root?.server?.message;
  const limitReached = serverError === 'serverErrors.eventLimitReached';

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await createEvent.mutateAsync(createBody(values));
      notify({ type: 'success', message: t('create.created') });
      await navigate({ to: '/events/$eventid', params: { eventid: created.id } });
    } catch (error) {
      await reportFormError(form.setError, error, ['title', 'slug']);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 720 }}>
      <SectionCard
        title={t('create.title')}
        description={t('create.description')}
        footer={
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('create.submit')}
          </Button>
        }
      >
        <Stack spacing={2.5}>
          {serverError && (
            <FormAlert
              action={
                limitReached ? (
                  <TextLink to="/account/plan">{t('create.limitAction')}</TextLink>
                ) : undefined
              }
            >
              {translateMessage(serverError)}
              {limitReached && ` ${t('create.limitText')}`}
            </FormAlert>
          )}
          <TextInputField
            label={t('create.fields.title')}
            autoComplete="off"
            maxLength={100}
            error={errors.title?.message}
            {...fields.title}
          />
          <TextInputField
            label={t('create.fields.slug')}
            optional
            helperText={t('create.fields.slugHint')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={100}
            error={errors.slug?.message}
            {...fields.slug}
          />
          <Box
            sx={{
              px: 1.75,
              py: 1.25,
              borderRadius: 2,
              bgcolor: '#F5F6FA',
              border: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="body2" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
              {t('create.linkPreview')}
            </Typography>
            <Typography
              data-testid="slug-preview"
              sx={{
                fontFamily: 'ui-monospace, monospace',
                fontSize: '0.875rem',
                wordBreak: 'break-all',
              }}
            >
              {base}
              <Box component="strong" sx={{ color: 'primary.main' }}>
                {previewSlug}
              </Box>
            </Typography>
          </Box>
        </Stack>
      </SectionCard>
    </Box>
  );
}
