import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The import's first step: a file by the button or dropped onto the zone. The zone is only the
 * mouse's shortcut; the button is the keyboard's and the screen reader's way.
 */
export function ImportFileStep({
  fileName,
  busy,
  maxLabel,
  maxRows,
  onFile,
}: {
  fileName: string | undefined;
  busy: boolean;
  maxLabel: string;
  /** The row cap, formatted for the language. */
  maxRows: string;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation('invitations');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
        borderRadius: 2,
        px: 2,
        py: { xs: 3, sm: 4 },
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <UploadFileOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      {/* Phones have no files to drag: the button alone there. */}
      <Typography sx={{ mt: 1, display: { xs: 'none', sm: 'block' } }}>
        {t('import.file.drop')}
      </Typography>
      <Button
        variant="contained"
        disabled={busy}
        sx={{ mt: 1.5 }}
        startIcon={<UploadFileOutlined />}
        onClick={() => input.current?.click()}
      >
        {t('import.file.choose')}
      </Button>
      {/* Not in the tab order and not read: the button above is its one way in. */}
      <input
        ref={input}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it) fires again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {fileName && (
        <Typography variant="body2" sx={{ mt: 1.5, wordBreak: 'break-all' }}>
          {t('import.file.chosen', { name: fileName })}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
        {t('import.file.hint', { max: maxLabel, rows: maxRows })}
      </Typography>
    </Box>
  );
}
