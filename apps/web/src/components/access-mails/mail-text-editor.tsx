import { fillPlaceholders } from '@livent/shared';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/auth/use-auth';
import {
  accessMailTextsQueryOptions,
  useSendAccessMails,
  type MailList,
} from '../../lib/events/access-mails';
import { translateMessage } from '../../lib/forms/messages';
import { failureMessage } from '../../lib/forms/report-error';
import { notify } from '../../lib/notifications';
import { TextAreaField } from '../forms/text-area-field';
import { TextInputField } from '../forms/text-input-field';

type Kind = 'invitation' | 'registration';
type Target = 'subject' | 'body';

const LIST: Record<Kind, MailList> = { invitation: 'invitations', registration: 'registrations' };
/** The personal link's path on the public page (ADR 026), for the preview's example link. */
const LINK_PATH: Record<Kind, string> = { invitation: '_access/i', registration: '_access/r' };

/**
 * The subject and text of an invitation or registration email (ADR 026) inside an event
 * settings form: placeholders inserted at the cursor, the default text where the organiser's is
 * empty (and a way back to it), a live preview with example values, and a test mail to oneself.
 * Unknown placeholders are refused by the shared schema and by the server, at the field. Needs
 * the `mails` and `forms` namespaces.
 */
export function MailTextEditor<Values extends FieldValues>({
  eventId,
  kind,
  control,
  subjectName,
  bodyName,
  placeholders,
  event,
  disabled = false,
  canSend = true,
  dirty,
}: {
  eventId: string;
  kind: Kind;
  control: Control<Values>;
  subjectName: Path<Values>;
  bodyName: Path<Values>;
  placeholders: readonly string[];
  /** The event's title and public address, for the preview. */
  event: { title: string; fullUrl: string };
  /** The plan does not allow the mails: the fields are shown but cannot be changed. */
  disabled?: boolean;
  /** Whether the plan lets the test mail go out. */
  canSend?: boolean;
  /** Unsaved changes: the test mail would send the saved text, so it waits for the save. */
  dirty: boolean;
}) {
  const { t } = useTranslation('mails');
  const user = useCurrentUser();
  const subject = useController({ control, name: subjectName });
  const body = useController({ control, name: bodyName });
  const { data: defaults, isError: defaultsFailed } = useQuery(
    accessMailTextsQueryOptions(eventId),
  );
  const fallback = defaults?.[kind];
  const send = useSendAccessMails(eventId, LIST[kind]);

  const elements = useRef<Record<Target, HTMLInputElement | HTMLTextAreaElement | null>>({
    subject: null,
    body: null,
  });
  // Where a placeholder goes: the field last typed in, at its cursor; the text's end otherwise.
  const target = useRef<{ name: Target; focused: boolean }>({ name: 'body', focused: false });
  const fields = { subject: subject.field, body: body.field };

  const insert = (placeholder: string) => {
    const { name, focused } = target.current;
    const field = fields[name];
    const element = elements.current[name];
    const value = String(field.value ?? '');
    const start = focused ? (element?.selectionStart ?? value.length) : value.length;
    const end = focused ? (element?.selectionEnd ?? start) : value.length;
    const token = `{${placeholder}}`;
    field.onChange(value.slice(0, start) + token + value.slice(end));
    const cursor = start + token.length;
    target.current = { name, focused: true };
    // After React has put the new value into the field, the cursor goes behind the placeholder.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(cursor, cursor);
    });
  };

  const subjectValue = String(subject.field.value ?? '');
  const bodyValue = String(body.field.value ?? '');
  const custom = subjectValue !== '' || bodyValue !== '';
  const useDefault = () => {
    if (!fallback) return;
    subject.field.onChange(fallback.subject);
    body.field.onChange(fallback.body);
  };
  const reset = () => {
    subject.field.onChange('');
    body.field.onChange('');
  };

  const link = event.fullUrl.replace(/\/$/, '');
  const examples: Record<string, string> = {
    Name: t('editor.example.Name'),
    Username: t('editor.example.Username'),
    Password: t('editor.example.Password'),
    Email: t('editor.example.Email'),
    PersonalLink: `${link}/${LINK_PATH[kind]}/7dE2xQ9pLmK4`,
    EventName: event.title,
    EventLink: link,
  };
  const previewSubject = fillPlaceholders(subjectValue || fallback?.subject || '', examples);
  const previewBody = fillPlaceholders(bodyValue || fallback?.body || '', examples);

  const sendTest = () =>
    send.mutate('test', {
      onSuccess: () =>
        notify({ type: 'success', message: t('editor.testQueued', { email: user.email }) }),
      onError: async (error) =>
        notify({ type: 'error', message: translateMessage(await failureMessage(error)) ?? '' }),
    });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Stack spacing={2.5}>
        <TextInputField
          label={t('editor.subject')}
          helperText={t('editor.defaultHint')}
          optional
          disabled={disabled}
          placeholder={fallback?.subject}
          name={subject.field.name}
          value={subjectValue}
          onChange={(change) => subject.field.onChange(change.target.value)}
          onBlur={subject.field.onBlur}
          ref={(element: HTMLInputElement | null) => {
            subject.field.ref(element);
            elements.current.subject = element;
          }}
          error={subject.fieldState.error?.message}
          onFocus={() => {
            target.current = { name: 'subject', focused: true };
          }}
        />
        <TextAreaField
          label={t('editor.body')}
          helperText={t('editor.defaultHint')}
          optional
          disabled={disabled}
          rows={12}
          placeholder={fallback?.body}
          name={body.field.name}
          value={bodyValue}
          onChange={(change) => body.field.onChange(change.target.value)}
          onBlur={body.field.onBlur}
          ref={(element: HTMLTextAreaElement | null) => {
            body.field.ref(element);
            elements.current.body = element;
          }}
          error={body.fieldState.error?.message}
          onFocus={() => {
            target.current = { name: 'body', focused: true };
          }}
        />
        <Box role="group" aria-labelledby={`${subject.field.name}-placeholders`}>
          <Typography
            id={`${subject.field.name}-placeholders`}
            sx={{ fontSize: '0.875rem', fontWeight: 500 }}
          >
            {t('editor.placeholders')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {t('editor.placeholdersHint')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {placeholders.map((placeholder) => (
              <Chip
                key={placeholder}
                label={`{${placeholder}}`}
                variant="outlined"
                disabled={disabled}
                aria-label={t('editor.insert', { placeholder: `{${placeholder}}` })}
                // Keeps the field's cursor and selection: the chip takes no focus on a click.
                onMouseDown={(mouse) => mouse.preventDefault()}
                onClick={() => insert(placeholder)}
                sx={{ fontFamily: 'monospace' }}
              />
            ))}
          </Stack>
        </Box>
        <Box>
          {custom ? (
            <Button
              type="button"
              startIcon={<RestartAltOutlined />}
              disabled={disabled}
              onClick={reset}
            >
              {t('editor.reset')}
            </Button>
          ) : (
            <Button
              type="button"
              startIcon={<EditNoteOutlined />}
              disabled={disabled || !fallback}
              onClick={useDefault}
            >
              {t('editor.useDefault')}
            </Button>
          )}
        </Box>
      </Stack>
      <Stack spacing={1.5}>
        <Box>
          <Typography component="h3" sx={{ fontSize: '0.875rem', fontWeight: 600 }}>
            {t('editor.preview')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('editor.previewHint')}
          </Typography>
        </Box>
        <Paper
          variant="outlined"
          aria-label={t('editor.preview')}
          role="region"
          sx={{ p: 2, bgcolor: '#FAFAFC', minHeight: 200 }}
        >
          {!fallback && !custom ? (
            <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
              {defaultsFailed ? t('editor.defaultFailed') : t('editor.loadingDefault')}
            </Typography>
          ) : (
            <>
              <Typography sx={{ fontWeight: 600, mb: 1.5, overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, mr: 0.75 }}>
                  {t('editor.previewSubject')}
                </Box>
                {previewSubject}
              </Typography>
              <Typography
                component="div"
                variant="body2"
                sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {previewBody}
              </Typography>
            </>
          )}
        </Paper>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            type="button"
            variant="outlined"
            startIcon={<ForwardToInboxOutlined />}
            disabled={!canSend || dirty}
            loading={send.isPending}
            onClick={sendTest}
          >
            {t('editor.test')}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {!canSend
              ? t('editor.testPlan')
              : dirty
                ? t('editor.testSaveFirst')
                : t('editor.testHint')}
          </Typography>
        </Stack>
      </Stack>
    </Box>
  );
}
