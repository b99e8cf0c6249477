import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportMode, PasswordMode, TokenMode } from '../api/import-api';

export interface ImportOptions {
  importMode: ImportMode;
  passwordMode: PasswordMode;
  tokenMode: TokenMode;
}

const IMPORT_MODES: readonly ImportMode[] = ['add', 'replace'];
const PASSWORD_MODES: readonly PasswordMode[] = ['default', 'import', 'generate', 'remove'];
const TOKEN_MODES: readonly TokenMode[] = ['default', 'import', 'generate'];

interface Choice<Mode extends string> {
  value: Mode;
  label: string;
  hint: string;
}

/** One mode's choices, each with its name and the one line that says what it does. */
function ModeGroup<Mode extends string>({
  label,
  choices,
  value,
  disabled,
  unavailable,
  onChange,
}: {
  label: string;
  choices: readonly Choice<Mode>[];
  value: Mode;
  disabled: boolean;
  /** Modes that need a column the mapping lacks. */
  unavailable: readonly Mode[];
  onChange: (mode: Mode) => void;
}) {
  const { t } = useTranslation('invitations');
  const labelId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel
        component="legend"
        id={labelId}
        sx={{ fontWeight: 500, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}
      >
        {label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as Mode)}
      >
        {choices.map((choice) => (
          <FormControlLabel
            key={choice.value}
            value={choice.value}
            disabled={unavailable.includes(choice.value)}
            control={<Radio size="small" />}
            sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
            label={
              <>
                <Typography component="span" sx={{ display: 'block' }}>
                  {choice.label}
                </Typography>
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ display: 'block', color: 'text.secondary' }}
                >
                  {unavailable.includes(choice.value)
                    ? t('import.options.needsColumn')
                    : choice.hint}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** The import's third step: how the file meets the list, and where passwords and links come from. */
export function ImportOptionsStep({
  options,
  rows,
  refused,
  hasPasswordColumn,
  hasTokenColumn,
  busy,
  onChange,
}: {
  options: ImportOptions;
  rows: number;
  /** Rows the import would refuse with this mapping and these modes; null: unknown. */
  refused: number | 'checking' | null;
  hasPasswordColumn: boolean;
  hasTokenColumn: boolean;
  busy: boolean;
  onChange: (options: ImportOptions) => void;
}) {
  const { t } = useTranslation('invitations');
  return (
    <Stack sx={{ gap: 2.5 }}>
      <Typography variant="body2">{t('import.options.rows', { count: rows })}</Typography>
      {/* Announced when the count arrives; a note, not a status: the upload's status is the one. */}
      <div aria-live="polite">
        {refused === 'checking' && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('import.options.checking')}
          </Typography>
        )}
        {refused === 0 && (
          <Alert severity="success" role="note">
            {t('import.options.refusedNone')}
          </Alert>
        )}
        {typeof refused === 'number' && refused > 0 && (
          <Alert severity="warning" role="note">
            {t('import.options.refused', { count: refused })}
          </Alert>
        )}
      </div>
      <ModeGroup
        label={t('import.options.importMode.label')}
        choices={IMPORT_MODES.map((mode) => ({
          value: mode,
          label: t(`import.options.importMode.${mode}`),
          hint: t(`import.options.importMode.${mode}Hint`),
        }))}
        value={options.importMode}
        disabled={busy}
        unavailable={[]}
        onChange={(importMode) => onChange({ ...options, importMode })}
      />
      {options.importMode === 'replace' && (
        <Alert severity="warning" role="status">
          {t('import.options.replaceWarning')}
        </Alert>
      )}
      <ModeGroup
        label={t('import.options.passwordMode.label')}
        choices={PASSWORD_MODES.map((mode) => ({
          value: mode,
          label: t(`import.options.passwordMode.${mode}`),
          hint: t(`import.options.passwordMode.${mode}Hint`),
        }))}
        value={options.passwordMode}
        disabled={busy}
        unavailable={hasPasswordColumn ? [] : ['import']}
        onChange={(passwordMode) => onChange({ ...options, passwordMode })}
      />
      <ModeGroup
        label={t('import.options.tokenMode.label')}
        choices={TOKEN_MODES.map((mode) => ({
          value: mode,
          label: t(`import.options.tokenMode.${mode}`),
          hint: t(`import.options.tokenMode.${mode}Hint`),
        }))}
        value={options.tokenMode}
        disabled={busy}
        unavailable={hasTokenColumn ? [] : ['import']}
        onChange={(tokenMode) => onChange({ ...options, tokenMode })}
      />
    </Stack>
  );
}
