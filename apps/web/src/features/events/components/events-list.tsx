import AddOutlined from '@mui/icons-material/AddOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import type { EventListItem } from '@livent/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInputField } from '../../../components/forms/text-input-field';
import { ButtonLink } from '../../../components/links/button-link';
import { LinkAnchor, TextLink } from '../../../components/links/text-link';
import { EmptyState } from '../../../components/page/empty-state';
import { visuallyHidden } from '../../../components/visually-hidden';
import { displayUrl, formatDate } from '../format';

export const EVENTS_PAGE_SIZE = 20;

const PAGE_LABELS = {
  first: 'list.first',
  last: 'list.last',
  next: 'list.next',
  previous: 'list.previous',
} as const;

/** Events whose title or address contains the search text (case-insensitive). */
export function filterEvents(events: readonly EventListItem[], search: string): EventListItem[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...events];
  return events.filter(
    (event) =>
      event.title.toLocaleLowerCase().includes(needle) ||
      event.slug.toLocaleLowerCase().includes(needle),
  );
}

/**
 * The events list (docs/product-spec.md section 2, `/events`): title (with "Shared with you" on
 * another account's event), public link (new tab) and creation date in the user's time zone,
 * with a search box and pages of 20; its empty state leads to creating one.
 */
export function EventsList({
  events,
  timeZone,
}: {
  events: readonly EventListItem[];
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);

  if (events.length === 0) {
    return (
      <EmptyState icon={EventOutlined} title={t('list.emptyTitle')} text={t('list.emptyText')}>
        <ButtonLink to="/events/add" variant="outlined" startIcon={<AddOutlined />}>
          {t('list.create')}
        </ButtonLink>
      </EmptyState>
    );
  }

  const found = filterEvents(events, deferredSearch);
  const pages = Math.max(1, Math.ceil(found.length / EVENTS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = found.slice((current - 1) * EVENTS_PAGE_SIZE, current * EVENTS_PAGE_SIZE);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ maxWidth: 360 }}>
        <TextInputField
          label={t('list.search')}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          placeholder={t('list.searchPlaceholder')}
          autoComplete="off"
          endAdornment={<SearchOutlined fontSize="small" sx={{ color: 'text.secondary', mr: 1 }} />}
        />
      </Box>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box
          aria-hidden="true"
          sx={{
            display: { xs: 'none', md: 'grid' },
            gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 2fr) 140px',
            gap: 2,
            px: 3,
            py: 1.25,
            bgcolor: '#FAFAFC',
            borderBottom: 1,
            borderColor: 'divider',
            fontSize: '0.75rem',
            fontWeight: 600,
            letterSpacing: '0.04em',
            textTransform: 'uppercase',
            color: 'text.secondary',
          }}
        >
          <span>{t('list.columns.title')}</span>
          <span>{t('list.columns.link')}</span>
          <span>{t('list.columns.created')}</span>
        </Box>
        {shown.length === 0 ? (
          <Typography role="status" sx={{ px: 3, py: 4, color: 'text.secondary' }}>
            {t('list.noneFound')}
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('common:headings.events')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {shown.map((event) => (
              <Box
                component="li"
                key={event.id}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 2fr) 140px' },
                  gap: { xs: 0.5, md: 2 },
                  alignItems: 'center',
                  px: { xs: 2.5, md: 3 },
                  py: 1.75,
                  '& + &': { borderTop: 1, borderColor: 'divider' },
                  '&:hover': { bgcolor: 'rgba(15, 23, 42, 0.02)' },
                }}
              >
                <Box
                  sx={{
                    minWidth: 0,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    flexWrap: 'wrap',
                  }}
                >
                  <TextLink
                    to="/events/$eventid"
                    params={{ eventid: event.id }}
                    underline="hover"
                    sx={{ fontWeight: 600, fontSize: '0.9375rem', color: 'text.primary' }}
                  >
                    {event.title}
                  </TextLink>
                  {/* Another account's event, shared with this one (ADR 031). */}
                  {event.role === 'shared' && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color="primary"
                      label={t('list.shared')}
                      data-testid="event-shared"
                    />
                  )}
                </Box>
                <Box sx={{ minWidth: 0, display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <LinkAnchor
                    href={event.fullUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    underline="hover"
                    sx={{
                      fontSize: '0.875rem',
                      fontWeight: 400,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {displayUrl(event.fullUrl)}
                    <span style={visuallyHidden}> ({t('common:app.opensInNewTab')})</span>
                  </LinkAnchor>
                  <OpenInNewOutlined sx={{ fontSize: 14, color: 'primary.main', flexShrink: 0 }} />
                </Box>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  <Box component="span" sx={{ display: { md: 'none' } }}>
                    {t('list.columns.created')}:{' '}
                  </Box>
                  {formatDate(event.createdAt, i18n.language, timeZone)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Paper>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={current}
          onChange={(_event, value) => setPage(value)}
          sx={{ alignSelf: 'center' }}
          getItemAriaLabel={(type, value) =>
            type === 'page' || !(type in PAGE_LABELS)
              ? t('list.page', { page: value })
              : t(PAGE_LABELS[type as keyof typeof PAGE_LABELS])
          }
        />
      )}
    </Box>
  );
}
