import type { InvitationImportReport, InvitationImportReportRow } from '@livent/shared';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/auth/use-auth';
import { saveBlob } from '../../../lib/download';
import { translateMessage } from '../../../lib/forms/messages';
import { reportCsv } from '../import-report-csv';

/** A file may refuse thousands of rows: the dialog shows the first, the CSV holds them all. */
const REFUSED_SHOWN = 100;
const COUNTS = ['added', 'updated', 'unchanged', 'refused', 'removed'] as const;

/** The import's last step: the counts, the refused rows with their reasons, and the report as CSV. */
export function ImportReportStep({ report }: { report: InvitationImportReport }) {
  const { t } = useTranslation('invitations');
  const user = useCurrentUser();
  const refused = report.report.filter((row) => row.result === 'refused');
  const reason = (row: InvitationImportReportRow) =>
    row.reason
      ? t('import.report.reason', {
          field: row.field ? t(`import.targets.${row.field}`, { defaultValue: row.field }) : '',
          reason: translateMessage(row.reason),
        })
      : '';
  const download = () =>
    saveBlob(
      new Blob(
        [
          reportCsv(report.report, user.settings.csvDelimiter, {
            headers: [
              t('import.report.line'),
              t('fields.email'),
              t('fields.name'),
              t('import.report.result'),
              t('import.report.reasonHeader'),
            ],
            result: (row) => t(`import.results.${row.result}`),
            reason,
          }),
        ],
        { type: 'text/csv;charset=utf-8' },
      ),
      t('import.report.filename'),
    );
  // The removed count only means something in the replace mode, where it may be zero.
  const counts = COUNTS.filter((count) => count !== 'removed' || report.removed > 0);
  return (
    <Stack sx={{ gap: 2.5 }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: `repeat(${counts.length}, 1fr)` },
          gap: 1.5,
          m: 0,
        }}
      >
        {counts.map((count) => (
          <Box
            key={count}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.5, py: 1.25 }}
          >
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', order: 1 }}>
              {t(`import.results.${count}`)}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontSize: '1.5rem',
                fontWeight: 500,
                color: count === 'refused' && report.refused > 0 ? 'error.dark' : 'text.primary',
              }}
            >
              {report[count]}
            </Typography>
          </Box>
        ))}
      </Box>
      {refused.length > 0 ? (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {t('import.report.refusedTitle', { count: refused.length })}
          </Typography>
          <TableContainer
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320 }}
          >
            <Table
              size="small"
              stickyHeader
              aria-label={t('import.report.refusedTitle', { count: refused.length })}
            >
              <TableHead>
                <TableRow>
                  <TableCell align="right">{t('import.report.line')}</TableCell>
                  <TableCell>{t('fields.email')}</TableCell>
                  <TableCell>{t('import.report.reasonHeader')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {refused.slice(0, REFUSED_SHOWN).map((row) => (
                  <TableRow key={row.line}>
                    <TableCell align="right">{row.line}</TableCell>
                    <TableCell>{row.email}</TableCell>
                    <TableCell>{reason(row)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {refused.length > REFUSED_SHOWN && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('import.report.moreRefused', { shown: REFUSED_SHOWN, count: refused.length })}
            </Typography>
          )}
        </>
      ) : (
        <Typography>{t('import.report.noneRefused')}</Typography>
      )}
      <Box>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={download}>
          {t('import.report.download')}
        </Button>
      </Box>
    </Stack>
  );
}
