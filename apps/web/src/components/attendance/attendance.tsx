import type { Attendance } from '@livent/shared';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTimeFormat } from '../../lib/format/date-time';
import type { TableColumn } from '../data-table/data-table';
import type { RowAction } from '../data-table/row-actions';

/**
 * A registrant's or invitee's attendance in their list (ADR 066): three columns, a row action
 * and the detail dialog it opens. The registrations and invitations lists share them.
 */
export interface AttendeeRow {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  attendance: Attendance | null;
}

/** Minutes watched as people say them: "45 min", "1 h 12 min". */
export function useWatchedText(): (minutes: number) => string {
  const { t } = useTranslation('lists');
  return (minutes) =>
    minutes < 60
      ? t('attendance.minutes', { minutes })
      : t('attendance.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

const NONE = '—';

/** The columns Watched, Joined and Last seen; "—" for someone who never joined. */
export function useAttendanceColumns<Row extends AttendeeRow, Sort extends string>(): TableColumn<
  Row,
  Sort
>[] {
  const { t } = useTranslation('lists');
  const dates = useDateTimeFormat();
  const watched = useWatchedText();
  return [
    {
      id: 'watched',
      header: t('attendance.watched'),
      nowrap: true,
      align: 'right',
      cell: (row) => (row.attendance ? watched(row.attendance.minutesWatched) : NONE),
    },
    {
      id: 'joined',
      header: t('attendance.joined'),
      nowrap: true,
      hideOnPhone: true,
      cell: (row) => (row.attendance ? dates.dateTime(row.attendance.firstJoinAt) : NONE),
    },
    {
      id: 'lastSeen',
      header: t('attendance.lastSeen'),
      nowrap: true,
      hideOnPhone: true,
      cell: (row) => (row.attendance ? dates.dateTime(row.attendance.lastSeenAt) : NONE),
    },
  ];
}

/**
 * The row action that opens a person's attendance, and the dialog to render once beside the
 * list. `since` names what `createdAt` is: registered or invited.
 */
export function useAttendanceDetail<Row extends AttendeeRow>(since: 'registeredAt' | 'invitedAt') {
  const { t } = useTranslation('lists');
  const [shown, setShown] = useState<Row>();
  const [open, setOpen] = useState(false);
  const action: RowAction<Row> = {
    id: 'attendance',
    icon: InsightsOutlined,
    title: t('attendance.show'),
    label: (row) => t('attendance.showOf', { name: row.name }),
    run: (row) => {
      setShown(row);
      setOpen(true);
    },
  };
  const dialog = (
    <AttendanceDialog open={open} row={shown} since={since} onClose={() => setOpen(false)} />
  );
  return { action, dialog };
}

function AttendanceDialog({
  open,
  row,
  since,
  onClose,
}: {
  open: boolean;
  row: AttendeeRow | undefined;
  since: 'registeredAt' | 'invitedAt';
  onClose: () => void;
}) {
  const { t } = useTranslation('lists');
  const dates = useDateTimeFormat();
  const watched = useWatchedText();
  const titleId = useId();
  const attendance = row?.attendance ?? null;
  const facts: [string, string][] = row
    ? [
        [t('attendance.email'), row.email],
        [t(`attendance.${since}`), dates.dateTime(row.createdAt)],
        ...(attendance
          ? ([
              [t('attendance.firstJoin'), dates.dateTime(attendance.firstJoinAt)],
              [t('attendance.lastSeen'), dates.dateTime(attendance.lastSeenAt)],
              [t('attendance.watched'), watched(attendance.minutesWatched)],
              [t('attendance.questions'), String(attendance.questions)],
              [t('attendance.polls'), String(attendance.polls)],
            ] as [string, string][])
          : []),
      ]
    : [];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{row ? t('attendance.title', { name: row.name }) : ''}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ m: 0 }}>
          {facts.map(([term, value]) => (
            <Box
              key={term}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 2,
                py: 0.75,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {term}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          {attendance ? t('attendance.note') : t('attendance.notJoined', { name: row?.name ?? '' })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('attendance.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
