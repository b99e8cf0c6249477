import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error';
import { uploadImage } from '../../lib/events/uploads';
import { failureMessage } from '../../lib/forms/report-error';
import { FormFieldFrame } from './form-field';

/** The message key of a failed upload: the server's field error, else its message. */
async function uploadFailureKey(error: unknown): Promise<string> {
  if (error instanceof ApiError) {
    const fieldError = error.errors?.file ?? Object.values(error.errors ?? {})[0];
    if (fieldError) return fieldError;
  }
  return failureMessage(error);
}

/**
 * An image setting (ADR 015): choose a file or drop it here; large images are resized and
 * converted to JPG in the browser (docs/product-spec.md section 5) and uploaded to `POST /api/uploads`. Shows a
 * preview and a remove button. The value is the stored image's path, or null. Bound to a
 * react-hook-form field by `control` and `name`. Needs the `events` namespace.
 */
export function ImageField<Values extends FieldValues>({
  control,
  name,
  label,
  helperText,
  disabled = false,
}: {
  control: Control<Values>;
  name: Path<Values>;
  label: string;
  helperText?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation('events');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const { field, fieldState } = useController({ control, name });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const value = field.value as string | null;

  const upload = async (file: File | undefined) => {
    if (!file || disabled) return;
    setUploadError(undefined);
    setUploading(true);
    try {
      const stored = await uploadImage(file);
      field.onChange(stored.url);
    } catch (error) {
      setUploadError(await uploadFailureKey(error));
    } finally {
      setUploading(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <FormFieldFrame
      id={id}
      label={label}
      helperText={helperText ?? t('image.hint')}
      error={uploadError ?? fieldState.error?.message}
    >
      <Box
        onDragOver={(event) => {
          if (disabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          p: 1.5,
          border: '1px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          bgcolor: dragging ? 'rgba(63, 81, 181, 0.06)' : '#FAFAFC',
          opacity: disabled ? 0.6 : 1,
          flexWrap: 'wrap',
        }}
      >
        <Box
          sx={{
            width: 96,
            height: 72,
            flexShrink: 0,
            borderRadius: 1.5,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            backgroundImage:
              'linear-gradient(45deg, #f1f5f9 25%, transparent 25%), linear-gradient(-45deg, #f1f5f9 25%, transparent 25%)',
            backgroundSize: '12px 12px',
          }}
        >
          {uploading ? (
            <CircularProgress size={24} aria-label={t('image.uploading')} />
          ) : value ? (
            <Box
              component="img"
              src={value}
              alt={t('image.preview', { label })}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <ImageOutlined sx={{ color: 'text.disabled' }} />
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              aria-label={t(value ? 'image.replaceFor' : 'image.chooseFor', { label })}
              variant="outlined"
              size="small"
              startIcon={<CloudUploadOutlined />}
              disabled={disabled || uploading}
              onClick={() => fileInput.current?.click()}
            >
              {value ? t('image.replace') : t('image.choose')}
            </Button>
            {value && (
              <Button
                aria-label={t('image.removeFor', { label })}
                size="small"
                color="inherit"
                startIcon={<DeleteOutlineOutlined />}
                disabled={disabled || uploading}
                onClick={() => field.onChange(null)}
              >
                {t('image.remove')}
              </Button>
            )}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
            {uploading ? t('image.uploading') : t('image.dropHere')}
          </Typography>
        </Box>
        {/* The label points here: clicking it opens the file picker, like the button. */}
        <input
          id={id}
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hidden
          disabled={disabled || uploading}
          onChange={(event) => {
            void upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
    </FormFieldFrame>
  );
}
