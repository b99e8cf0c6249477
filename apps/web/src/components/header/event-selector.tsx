import AddOutlined from '@mui/icons-material/AddOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButtonLink } from '../links/icon-button-link';

/** What the selector needs of an event (docs/product-spec.md section 3: "In the event list and selector"). */
export interface EventOption {
  id: string;
  title: string;
  /** The public event page. */
  fullUrl: string;
  /** 'shared': another account's event shared with this one (ADR 031). */
  role?: 'owner' | 'shared';
}

/**
 * The open event's title, for the header on small screens where the selector does not fit: on
 * a phone, the event section pages would otherwise not say which event is being edited.
 */
export function CurrentEventTitle({ events }: { events: readonly EventOption[] }) {
  const { eventid } = useParams({ strict: false });
  const current = events.find((event) => event.id === eventid);
  if (!current) return null;
  return (
    <Typography
      component="p"
      noWrap
      title={current.title}
      data-testid="current-event-title"
      sx={{ fontWeight: 600, minWidth: 0, color: 'text.primary' }}
    >
      {current.title}
    </Typography>
  );
}

/**
 * The header's event selector (docs/product-spec.md section 2, "Header"): choosing an event opens its route;
 * the icon opens the current event's public page, or /events/add when no event is open.
 */
export function EventSelector({ events }: { events: readonly EventOption[] }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { eventid } = useParams({ strict: false });
  const current = events.find((event) => event.id === eventid) ?? null;
  const [input, setInput] = useState('');

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Autocomplete
        size="small"
        options={events}
        value={current}
        inputValue={input}
        onInputChange={(_event, value) => setInput(value)}
        onChange={(_event, event) => {
          if (event) void navigate({ to: '/events/$eventid', params: { eventid: event.id } });
        }}
        getOptionLabel={(event) => event.title}
        renderOption={({ key, ...props }, event) => (
          <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
            <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {event.title}
            </Box>
            {event.role === 'shared' && (
              <Chip size="small" variant="outlined" label={t('eventSelector.shared')} />
            )}
          </Box>
        )}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        noOptionsText={
          events.length === 0
            ? t('eventSelector.noEventsCreated')
            : t('eventSelector.noEventsFound')
        }
        openOnFocus
        autoHighlight
        sx={{ width: { md: 260, lg: 320 } }}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={t('eventSelector.placeholder')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('eventSelector.label') },
            }}
          />
        )}
      />
      {current ? (
        <Tooltip title={t('eventSelector.openPublicPage')}>
          <IconButton
            component="a"
            href={current.fullUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('eventSelector.openPublicPage')}
          >
            <OpenInNewOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title={t('eventSelector.createEvent')}>
          <IconButtonLink to="/events/add" aria-label={t('eventSelector.createEvent')}>
            <AddOutlined fontSize="small" />
          </IconButtonLink>
        </Tooltip>
      )}
    </Box>
  );
}
