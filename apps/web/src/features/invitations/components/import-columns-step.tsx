import {
  INVITATION_IMPORT_COLUMNS,
  type InvitationImportColumn,
  type InvitationImportMapping,
  type InvitationImportPreview,
} from '@livent/shared';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export type ColumnTarget = InvitationImportColumn | 'ignore';
const TARGETS: readonly ColumnTarget[] = [...INVITATION_IMPORT_COLUMNS, 'ignore'];

/** The number of columns the preview shows: its widest row or header. */
export const columnCount = (preview: InvitationImportPreview): number =>
  Math.max(preview.headers?.length ?? 0, ...preview.rows.map((row) => row.length), 0);

/** Gives a column a target; a target is one column's only, so another column holding it lets go. */
export function assignColumn(
  mapping: InvitationImportMapping,
  index: number,
  target: ColumnTarget,
): InvitationImportMapping {
  const next: InvitationImportMapping = {};
  for (const [key, column] of Object.entries(mapping)) {
    if (key !== String(index) && column !== target) next[key] = column;
  }
  if (target !== 'ignore') next[String(index)] = target;
  return next;
}

const DELIMITER_KEYS = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;

/** The import's second step: what was detected, the first rows, and a target per column. */
export function ImportColumnsStep({
  preview,
  mapping,
  busy,
  onMapping,
  onHasHeader,
}: {
  preview: InvitationImportPreview;
  mapping: InvitationImportMapping;
  busy: boolean;
  onMapping: (mapping: InvitationImportMapping) => void;
  onHasHeader: (hasHeader: boolean) => void;
}) {
  const { t } = useTranslation('invitations');
  const columns = Array.from({ length: columnCount(preview) }, (_, index) => index);
  const hasEmail = Object.values(mapping).includes('email');
  const columnName = (index: number) =>
    preview.headers?.[index]?.trim() || t('import.columns.column', { number: index + 1 });
  return (
    <Stack sx={{ gap: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('import.columns.detected', {
          count: preview.totalRows,
          delimiter: t(`import.delimiters.${DELIMITER_KEYS[preview.delimiter]}`),
          encoding: t(`import.encodings.${preview.encoding}`),
        })}
      </Typography>
      {preview.replacedCharacters && (
        <Alert severity="warning" role="status">
          {t('import.columns.replacedCharacters')}
        </Alert>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={preview.hasHeader}
            disabled={busy}
            onChange={(event) => onHasHeader(event.target.checked)}
          />
        }
        label={t('import.columns.hasHeader')}
      />
      <Typography variant="body2">{t('import.columns.mappingHint')}</Typography>
      {!hasEmail && <Alert severity="error">{t('import.columns.noEmail')}</Alert>}
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('import.columns.tableLabel')}>
          <TableHead>
            <TableRow>
              {columns.map((index) => (
                <TableCell key={index} sx={{ minWidth: 160, verticalAlign: 'bottom' }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label={columnName(index)}
                    value={mapping[String(index)] ?? 'ignore'}
                    disabled={busy}
                    onChange={(event) =>
                      onMapping(assignColumn(mapping, index, event.target.value as ColumnTarget))
                    }
                  >
                    {TARGETS.map((target) => (
                      <MenuItem key={target} value={target}>
                        {t(`import.targets.${target}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row, rowIndex) => (
              <TableRow key={rowIndex}>
                {columns.map((index) => (
                  <TableCell
                    key={index}
                    sx={{
                      maxWidth: 240,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                      color: mapping[String(index)] ? 'text.primary' : 'text.secondary',
                    }}
                  >
                    {row[index] ?? ''}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {preview.totalRows > preview.rows.length && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('import.columns.firstRows', { shown: preview.rows.length, count: preview.totalRows })}
        </Typography>
      )}
    </Stack>
  );
}
