import { MESSAGE_STATUSES, type MessagesQuery } from '@livent/shared';
import type { InboxQuery } from '../api/inbox-api';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The inbox's filters as the screen keeps them; `q` is the search box's text. */
export interface InboxFilterValues {
  status: MessagesQuery['status'] | '';
  read: '' | 'unread' | 'read';
  answered: '' | 'true' | 'false';
  channel: string;
  kind: MessagesQuery['kind'] | '';
  sort: NonNullable<MessagesQuery['sort']>;
  q: string;
}

export const NO_FILTERS: InboxFilterValues = {
  status: '',
  read: '',
  answered: '',
  channel: '',
  kind: '',
  sort: 'newest',
  q: '',
};

export const hasFilters = (filters: InboxFilterValues): boolean =>
  Boolean(
    filters.status ||
    filters.read ||
    filters.answered ||
    filters.channel ||
    filters.kind ||
    filters.q.trim(),
  );

/** The list's query string values of the filters (only the set ones). */
export function toQuery(filters: InboxFilterValues, q: string): InboxQuery {
  return {
    sort: filters.sort,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.read ? { unread: filters.read === 'unread' ? 'true' : 'false' } : {}),
    ...(filters.answered ? { answered: filters.answered } : {}),
    ...(filters.channel ? { channel: filters.channel } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
  };
}

function Filter({
  label,
  value,
  onChange,
  children,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 112, flex: '1 1 120px' }}
      slotProps={{ select: { 'data-testid': testId } as object }}
    >
      {children}
    </TextField>
  );
}

export function InboxFilters({
  filters,
  onChange,
  channels,
  showKind,
  compact = false,
}: {
  filters: InboxFilterValues;
  onChange: (filters: InboxFilterValues) => void;
  /** The event's channels (organisers); absent for guests, who filter by everything else. */
  channels?: readonly { id: string; title: string }[];
  showKind: boolean;
  /** Phones: the search, and the other filters behind a button. */
  compact?: boolean;
}) {
  const { t } = useTranslation('messages');
  const [open, setOpen] = useState(false);
  const selectsId = useId();
  const set =
    <K extends keyof InboxFilterValues>(name: K) =>
    (value: string) =>
      onChange({ ...filters, [name]: value as InboxFilterValues[K] });
  const active = [
    filters.status,
    filters.read,
    filters.answered,
    filters.channel,
    filters.kind,
  ].filter(Boolean).length;
  const search = (
    <TextField
      size="small"
      type="search"
      label={t('filters.search')}
      value={filters.q}
      onChange={(event) => onChange({ ...filters, q: event.target.value })}
      sx={{ flex: '3 1 200px' }}
      slotProps={{
        htmlInput: { maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
  const selects = (
    <>
      <Filter
        label={t('filters.status')}
        value={filters.status ?? ''}
        onChange={set('status')}
        testId="filter-status"
      >
        <MenuItem value="">{t('filters.all')}</MenuItem>
        {MESSAGE_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`status.${status}`)}
          </MenuItem>
        ))}
      </Filter>
      <Filter
        label={t('filters.read')}
        value={filters.read}
        onChange={set('read')}
        testId="filter-read"
      >
        <MenuItem value="">{t('filters.all')}</MenuItem>
        <MenuItem value="unread">{t('filters.unread')}</MenuItem>
        <MenuItem value="read">{t('filters.readOnly')}</MenuItem>
      </Filter>
      <Filter
        label={t('filters.answered')}
        value={filters.answered}
        onChange={set('answered')}
        testId="filter-answered"
      >
        <MenuItem value="">{t('filters.all')}</MenuItem>
        <MenuItem value="true">{t('filters.withAnswer')}</MenuItem>
        <MenuItem value="false">{t('filters.withoutAnswer')}</MenuItem>
      </Filter>
      {channels && channels.length > 0 && (
        <Filter
          label={t('filters.channel')}
          value={filters.channel}
          onChange={set('channel')}
          testId="filter-channel"
        >
          <MenuItem value="">{t('filters.all')}</MenuItem>
          <MenuItem value="main">{t('filters.mainPage')}</MenuItem>
          {channels.map((channel) => (
            <MenuItem key={channel.id} value={channel.id}>
              {channel.title}
            </MenuItem>
          ))}
        </Filter>
      )}
      {showKind && (
        <Filter
          label={t('filters.kind')}
          value={filters.kind ?? ''}
          onChange={set('kind')}
          testId="filter-kind"
        >
          <MenuItem value="">{t('filters.all')}</MenuItem>
          <MenuItem value="viewer">{t('filters.viewer')}</MenuItem>
          <MenuItem value="internal">{t('filters.internal')}</MenuItem>
        </Filter>
      )}
    </>
  );
  if (!compact) {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25 }}>
        {search}
        {selects}
      </Box>
    );
  }
  return (
    <Stack spacing={1.25}>
      <Box sx={{ display: 'flex', gap: 1.25 }}>
        {search}
        <Button
          variant="outlined"
          startIcon={<FilterListOutlined />}
          aria-expanded={open}
          aria-controls={selectsId}
          onClick={() => setOpen(!open)}
          sx={{ flexShrink: 0 }}
        >
          {active ? t('filters.toggleActive', { count: active }) : t('filters.toggle')}
        </Button>
      </Box>
      <Box
        id={selectsId}
        hidden={!open}
        sx={{ display: open ? 'grid' : 'none', gridTemplateColumns: '1fr 1fr', gap: 1.25 }}
      >
        {selects}
      </Box>
    </Stack>
  );
}

/** The list's order: newest first, oldest first, or most votes (Q&A). */
export function InboxSort({
  filters,
  onChange,
}: {
  filters: InboxFilterValues;
  onChange: (filters: InboxFilterValues) => void;
}) {
  const { t } = useTranslation('messages');
  const set =
    <K extends keyof InboxFilterValues>(name: K) =>
    (value: string) =>
      onChange({ ...filters, [name]: value as InboxFilterValues[K] });
  return (
    <Filter
      label={t('filters.sort')}
      value={filters.sort}
      onChange={set('sort')}
      testId="filter-sort"
    >
      <MenuItem value="newest">{t('filters.newest')}</MenuItem>
      <MenuItem value="oldest">{t('filters.oldest')}</MenuItem>
      <MenuItem value="votes">{t('filters.votes')}</MenuItem>
    </Filter>
  );
}
