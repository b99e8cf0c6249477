import type { Highlight, HighlightInput, HighlightPatch } from '@livent/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert';
import { ImageField } from '../../../components/forms/image-field';
import { FieldGrid } from '../../../components/forms/save-actions';
import { TextAreaField } from '../../../components/forms/text-area-field';
import { TextInputField } from '../../../components/forms/text-input-field';
import { changedFields } from '../../../lib/forms/changed-fields';
import { lazyResolver } from '../../../lib/forms/lazy-resolver';
import { translateMessage } from '../../../lib/forms/messages';
import { reportFormError } from '../../../lib/forms/report-error';

const FIELDS = ['group', 'title', 'description', 'link', 'image'] as const;

const resolver = lazyResolver<HighlightInput>(
  async () => (await import('@livent/shared')).highlightInputSchema,
);

const EMPTY: HighlightInput = { group: '', title: '', description: '', link: '', image: null };

const valuesOf = (highlight: Highlight | undefined): HighlightInput =>
  highlight
    ? {
        group: highlight.group,
        title: highlight.title,
        description: highlight.description,
        link: highlight.link,
        image: highlight.image,
      }
    : EMPTY;

/** The fields the user changed, for `PATCH …/highlights/{id}` (spec/api.md: changed fields only). */
export function changedHighlight(values: HighlightInput, saved: HighlightInput): HighlightPatch {
  return changedFields(values, saved);
}

/**
 * Creates a highlight or edits one (docs/product-spec.md section 3, "Highlight": group, title, description,
 * link, image), checked by the shared schema; the server's field errors show at the fields.
 * Mount it with a `key` per highlight so that it starts from that highlight's values.
 */
export function HighlightDialog({
  open,
  highlight,
  groups,
  onClose,
  onSave,
}: {
  open: boolean;
  /** The highlight to edit; undefined creates one. */
  highlight?: Highlight;
  /** The groups other highlights use, offered while typing. */
  groups: readonly string[];
  onClose: () => void;
  onSave: (input: HighlightInput | HighlightPatch) => Promise<unknown>;
}) {
  const { t } = useTranslation(['design', 'forms']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const groupsId = useId();
  const saved = valuesOf(highlight);
  const form = useForm<HighlightInput>({ resolver, defaultValues: saved });
  const { errors, isSubmitting, isDirty } = form.formState;
  const serverError = errors.root?.server?.message;
  const fields = {
    title: form.register('title'),
    group: form.register('group'),
    description: form.register('description'),
    link: form.register('link'),
  };

  const close = () => {
    if (!isSubmitting) onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(highlight ? changedHighlight(values, saved) : values);
      onClose();
    } catch (error) {
      await reportFormError(form.setError, error, FIELDS);
    }
  });

  return (
    <Dialog
      open={open}
      // A click beside the dialog must not throw away what was typed.
      onClose={(_event, reason) => {
        if (reason === 'backdropClick' && isDirty) return;
        close();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>
        {highlight ? t('highlights.dialog.editTitle') : t('highlights.dialog.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          {serverError && <FormAlert>{translateMessage(serverError)}</FormAlert>}
          <FieldGrid>
            <TextInputField
              label={t('highlights.fields.title')}
              error={errors.title?.message}
              {...fields.title}
            />
            <TextInputField
              label={t('highlights.fields.group')}
              helperText={t('highlights.fields.groupHint')}
              optional
              list={groupsId}
              autoComplete="off"
              error={errors.group?.message}
              {...fields.group}
            />
          </FieldGrid>
          <datalist id={groupsId}>
            {groups.map((group) => (
              <option key={group} value={group} />
            ))}
          </datalist>
          <TextAreaField
            label={t('highlights.fields.description')}
            optional
            rows={4}
            style={{ minHeight: 110 }}
            error={errors.description?.message}
            {...fields.description}
          />
          <TextInputField
            label={t('highlights.fields.link')}
            helperText={t('highlights.fields.linkHint')}
            optional
            type="url"
            inputMode="url"
            autoComplete="url"
            error={errors.link?.message}
            {...fields.link}
          />
          <ImageField control={form.control} name="image" label={t('highlights.fields.image')} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, pt: 1 }}>
        <Button color="inherit" onClick={close} disabled={isSubmitting}>
          {t('forms:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {highlight ? t('forms:actions.save') : t('highlights.dialog.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
