import {
  INVITATIONS_IMPORT_MAX_BYTES,
  INVITATIONS_IMPORT_MAX_ROWS,
  type InvitationImportMapping,
  type InvitationImportPreview,
  type InvitationImportReport,
} from '@livent/shared';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/forms/form-alert';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/forms/messages';
import { failureMessage } from '../../../lib/forms/report-error';
import { useImportInvitations, useImportPreview } from '../api/import-api';
import { ImportColumnsStep } from './import-columns-step';
import { ImportFileStep } from './import-file-step';
import { ImportOptionsStep, type ImportOptions } from './import-options-step';
import { ImportReportStep } from './import-report-step';

const STEPS = ['file', 'columns', 'options', 'report'] as const;
type StepName = (typeof STEPS)[number];

const MAX_LABEL = `${INVITATIONS_IMPORT_MAX_BYTES / (1024 * 1024)} MB`;
const PERCENT: Intl.NumberFormatOptions = { style: 'percent' };
const DEFAULT_OPTIONS: ImportOptions = {
  importMode: 'add',
  passwordMode: 'default',
  tokenMode: 'default',
};

/**
 * A mapped password or token column is meant to be used, so its mode turns to `import` (until
 * changed); without the column, `import` has nothing to read and falls back to `default`.
 */
function followColumn<Mode extends string>(mode: Mode | 'default' | 'import', mapped: boolean) {
  if (mapped && mode === 'default') return 'import';
  if (!mapped && mode === 'import') return 'default';
  return mode;
}

/**
 * The server's answer to a failed upload in words: its field errors (the file's, a mapped
 * column's) translated, else its message. A 429 has its own notification from the API client.
 */
function useErrorText() {
  const { t } = useTranslation('invitations');
  return async (error: unknown): Promise<string> => {
    const fieldErrors = error instanceof ApiError ? Object.entries(error.errors ?? {}) : [];
    const general = translateMessage(await failureMessage(error)) ?? '';
    if (fieldErrors.length === 0) return general;
    return fieldErrors
      .map(([field, message]) => {
        if (field === 'mapping.email') return t('import.columns.noEmail');
        const column = /^mapping\.(\d+)$/.exec(field)?.[1];
        const text = translateMessage(message) ?? message;
        return column === undefined
          ? text
          : t('import.errors.column', { number: Number(column) + 1, message: text });
      })
      .join(' ');
  };
}

/**
 * The invitations CSV import (ADR 026, "Import") as four steps: a file, uploaded for a preview;
 * its first rows with a target per column; the modes; the per-row report. Nothing is written
 * before the third step's import, and the server writes all valid rows or none.
 */
export function ImportDialog({
  eventId,
  open,
  onClose,
}: {
  eventId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('invitations');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const stepHeadingId = useId();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<StepName>('file');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<InvitationImportPreview | null>(null);
  const [mapping, setMapping] = useState<InvitationImportMapping>({});
  const [options, setOptions] = useState<ImportOptions>(DEFAULT_OPTIONS);
  const [report, setReport] = useState<InvitationImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const previewUpload = useImportPreview(eventId);
  // The same preview, sent again with the chosen mapping and modes: how many rows would be refused.
  const refusalCheck = useImportPreview(eventId);
  const checkRefusals = refusalCheck.mutate;
  // Unknown after a failed check: the import's report still names every refused row.
  const refused = refusalCheck.isPending ? 'checking' : (refusalCheck.data?.refused ?? null);
  const importUpload = useImportInvitations(eventId);
  const errorText = useErrorText();
  const busy = previewUpload.isPending || importUpload.isPending;
  const stepIndex = STEPS.indexOf(step);

  // The options step counts the refused rows anew whenever the mapping or a mode changes.
  useEffect(() => {
    if (step === 'options' && file && preview) {
      checkRefusals({ file, hasHeader: preview.hasHeader, mapping, ...options });
    }
  }, [step, file, preview, mapping, options, checkRefusals]);

  // A new step moves the focus to its heading, so that a screen reader reads where it is.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step) stepHeading.current?.focus();
    shownStep.current = step;
  }, [step]);

  const reset = () => {
    setStep('file');
    setFile(null);
    setPreview(null);
    setMapping({});
    setOptions(DEFAULT_OPTIONS);
    setReport(null);
    setError(null);
    setProgress(null);
    shownStep.current = 'file';
    previewUpload.reset();
    refusalCheck.reset();
    importUpload.reset();
  };
  const close = () => {
    if (!busy) onClose();
  };

  const loadPreview = (chosen: File, hasHeader?: boolean) => {
    setError(null);
    if (chosen.size > INVITATIONS_IMPORT_MAX_BYTES) {
      setError(translateMessage(`validation.fileTooLarge?max=${MAX_LABEL}`) ?? '');
      return;
    }
    setFile(chosen);
    setProgress(0);
    previewUpload.mutate(
      { file: chosen, hasHeader, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setPreview(answer);
          setMapping(answer.mapping);
          setStep('columns');
        },
        onError: async (failure) => setError(await errorText(failure)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const toOptions = () => {
    const columns = Object.values(mapping);
    setOptions((current) => ({
      ...current,
      passwordMode: followColumn(current.passwordMode, columns.includes('password')),
      tokenMode: followColumn(current.tokenMode, columns.includes('token')),
    }));
    setError(null);
    setStep('options');
  };

  const runImport = () => {
    if (!file || !preview) return;
    setConfirming(false);
    setError(null);
    setProgress(0);
    importUpload.mutate(
      { file, hasHeader: preview.hasHeader, mapping, ...options, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setReport(answer);
          setStep('report');
        },
        onError: async (failure) => setError(await errorText(failure)),
        onSettled: () => setProgress(null),
      },
    );
  };

  const hasEmail = Object.values(mapping).includes('email');
  const progressBar = progress !== null && (
    <Box sx={{ mt: 2 }}>
      <LinearProgress
        variant={progress < 1 ? 'determinate' : 'indeterminate'}
        value={Math.round(progress * 100)}
        aria-label={t('import.progress.label')}
      />
      <Typography variant="body2" sx={{ mt: 0.75, color: 'text.secondary' }}>
        {/* Only the phase is announced; the bar itself tells its value to screen readers. */}
        <span role="status">
          {progress < 1 ? t('import.progress.uploading') : t('import.progress.processing')}
        </span>
        {progress < 1 && (
          <span aria-hidden> {new Intl.NumberFormat(i18n.language, PERCENT).format(progress)}</span>
        )}
      </Typography>
    </Box>
  );

  return (
    <>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="md"
        slotProps={{ transition: { onExited: reset } }}
      >
        <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
        <DialogContent dividers>
          <Stepper
            activeStep={stepIndex}
            alternativeLabel={fullScreen}
            aria-label={t('import.steps.label')}
            sx={{ mb: 3 }}
          >
            {STEPS.map((name, index) => (
              <Step key={name} aria-current={index === stepIndex ? 'step' : undefined}>
                <StepLabel>{t(`import.steps.${name}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          <Box role="group" aria-labelledby={stepHeadingId}>
            <Typography
              id={stepHeadingId}
              ref={stepHeading}
              component="h3"
              variant="h6"
              tabIndex={-1}
              sx={{ mb: 1.5, outline: 'none' }}
            >
              {t('import.steps.heading', {
                number: stepIndex + 1,
                count: STEPS.length,
                name: t(`import.steps.${step}`),
              })}
            </Typography>
            {error && (
              <Box sx={{ mb: 2 }}>
                <FormAlert>{error}</FormAlert>
              </Box>
            )}
            {step === 'file' && (
              <>
                <ImportFileStep
                  fileName={file?.name}
                  busy={busy}
                  maxLabel={MAX_LABEL}
                  maxRows={new Intl.NumberFormat(i18n.language).format(INVITATIONS_IMPORT_MAX_ROWS)}
                  onFile={(chosen) => loadPreview(chosen)}
                />
                {progressBar}
              </>
            )}
            {step === 'columns' && preview && (
              <>
                <ImportColumnsStep
                  preview={preview}
                  mapping={mapping}
                  busy={busy}
                  onMapping={setMapping}
                  onHasHeader={(hasHeader) => file && loadPreview(file, hasHeader)}
                />
                {progressBar}
              </>
            )}
            {step === 'options' && preview && (
              <>
                <ImportOptionsStep
                  options={options}
                  rows={preview.totalRows}
                  refused={refused}
                  hasPasswordColumn={Object.values(mapping).includes('password')}
                  hasTokenColumn={Object.values(mapping).includes('token')}
                  busy={busy}
                  onChange={setOptions}
                />
                {progressBar}
              </>
            )}
            {step === 'report' && report && <ImportReportStep report={report} />}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
          {step === 'report' ? (
            <Button variant="contained" onClick={close}>
              {t('import.actions.done')}
            </Button>
          ) : (
            <>
              <Button color="inherit" onClick={close} disabled={busy}>
                {t('dialog.cancel')}
              </Button>
              <Box sx={{ flex: 1 }} />
              {step !== 'file' && (
                <Button
                  disabled={busy}
                  onClick={() => {
                    setError(null);
                    setStep(step === 'options' ? 'columns' : 'file');
                  }}
                >
                  {t('import.actions.back')}
                </Button>
              )}
              {step === 'columns' && (
                <Button variant="contained" disabled={busy || !hasEmail} onClick={toOptions}>
                  {t('import.actions.next')}
                </Button>
              )}
              {step === 'options' && (
                <Button
                  variant="contained"
                  color={options.importMode === 'replace' ? 'error' : 'primary'}
                  loading={importUpload.isPending}
                  onClick={() =>
                    options.importMode === 'replace' ? setConfirming(true) : runImport()
                  }
                >
                  {t('import.actions.import', { count: preview?.totalRows ?? 0 })}
                </Button>
              )}
            </>
          )}
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t('import.confirmReplace.title')}
        message={t('import.confirmReplace.text')}
        confirmLabel={t('import.confirmReplace.confirm')}
        destructive
        onConfirm={runImport}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** Opens the import: in the list's toolbar and in its empty state. */
export function ImportButton({ onClick, sx }: { onClick: () => void; sx?: SxProps<Theme> }) {
  const { t } = useTranslation('invitations');
  return (
    <Button startIcon={<UploadFileOutlined />} onClick={onClick} sx={sx}>
      {t('import.open')}
    </Button>
  );
}
