import type { CustomDomain } from '@livent/shared';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithNotice } from '../../../lib/clipboard';
import { isLikelyApex } from '../format';

export interface DnsRecord {
  type: 'CNAME' | 'TXT' | 'CAA';
  name: string;
  value: string;
}

/**
 * The records the user sets at their DNS provider: the CNAME to our target and the TXT that
 * proves ownership, and when a CAA record set blocks the certificate, the CAA record to add.
 */
export function recordsToSet(domain: CustomDomain): DnsRecord[] {
  const records: DnsRecord[] = [
    { type: 'CNAME', ...domain.records.cname },
    { type: 'TXT', ...domain.records.txt },
  ];
  if (domain.status === 'caa_blocked') {
    records.push({ type: 'CAA', name: domain.records.caa.name, value: domain.records.caa.value });
  }
  return records;
}

/** Copies one value; the icon turns into a tick for a moment, the notification says "Copied". */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('domains');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const copy = async () => {
    await copyWithNotice(text, { copied: t('records.copied'), failed: t('records.copyFailed') });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Tooltip title={copied ? t('records.copied') : t('records.copy')}>
      <IconButton size="small" aria-label={label} onClick={() => void copy()}>
        {copied ? (
          <CheckRounded fontSize="small" color="success" />
        ) : (
          <ContentCopyOutlined fontSize="small" />
        )}
      </IconButton>
    </Tooltip>
  );
}

/** A record's name or value: monospace, broken anywhere (a TXT token has no spaces), with its copy button. */
function Copyable({ text, label }: { text: string; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Box
        component="code"
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.8125rem',
          // Tokens and long names fill each line rather than breaking at their hyphens.
          wordBreak: 'break-all',
          minWidth: 0,
          flexGrow: 1,
        }}
      >
        {text}
      </Box>
      <Box sx={{ flexShrink: 0 }}>
        <CopyButton text={text} label={label} />
      </Box>
    </Box>
  );
}

/**
 * The DNS records to set, as a table (type, name, value) with copy buttons; on phones each
 * record is a small card of its own, since three columns of long names do not fit.
 */
export function DnsRecords({ domain }: { domain: CustomDomain }) {
  const { t } = useTranslation('domains');
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const records = recordsToSet(domain);
  const label = t('records.label', { name: domain.name });
  const apexHint = isLikelyApex(domain.name) && (
    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
      {t('records.apex', { target: domain.records.cname.value })}
    </Typography>
  );

  if (isPhone) {
    return (
      <>
        <Box
          component="ul"
          aria-label={label}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {records.map((record) => (
            <Box
              component="li"
              key={record.type}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                p: 1.5,
                display: 'grid',
                gap: 0.75,
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {record.type}
              </Typography>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('records.name')}
                </Typography>
                <Copyable
                  text={record.name}
                  label={t('records.copyName', { type: record.type, domain: domain.name })}
                />
              </Box>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('records.value')}
                </Typography>
                <Copyable
                  text={record.value}
                  label={t('records.copyValue', { type: record.type, domain: domain.name })}
                />
              </Box>
            </Box>
          ))}
        </Box>
        {apexHint}
      </>
    );
  }

  return (
    <>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
        <Table size="small" aria-label={label} sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 88 }}>{t('records.type')}</TableCell>
              <TableCell>{t('records.name')}</TableCell>
              <TableCell>{t('records.value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((record) => (
              <TableRow key={record.type} sx={{ '&:last-child td': { borderBottom: 0 } }}>
                <TableCell sx={{ fontWeight: 600 }}>{record.type}</TableCell>
                <TableCell>
                  <Copyable
                    text={record.name}
                    label={t('records.copyName', { type: record.type, domain: domain.name })}
                  />
                </TableCell>
                <TableCell>
                  <Copyable
                    text={record.value}
                    label={t('records.copyValue', { type: record.type, domain: domain.name })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {apexHint}
    </>
  );
}
