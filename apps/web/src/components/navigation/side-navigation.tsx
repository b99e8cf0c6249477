import type { PlanAllowance } from '@livent/shared';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePlanAllowance } from '../../lib/auth/use-plan-allowance';
import { unreadMessagesQueryOptions } from '../../lib/events/messages';
import type { SideNavigationVariant } from '../../lib/router/static-data';
import { ListItemLink } from '../links/list-item-link';
import { visuallyHidden } from '../visually-hidden';
import {
  accountNavigationItems,
  backToEventsItem,
  defaultNavigationItems,
  eventNavigationItems,
  settingsItem,
  type NavigationItemExtras,
} from './navigation-items';

interface DisplayProps {
  /** Icons only (the drawer's mini variant); labels stay for screen readers and tooltips. */
  mini?: boolean;
  /** Called after a link was chosen, e.g. to close a temporary drawer. */
  onNavigate?: () => void;
}

type Item =
  | ReturnType<typeof eventNavigationItems>[number]
  | typeof backToEventsItem
  | (typeof accountNavigationItems)[number]
  | typeof settingsItem
  | (typeof defaultNavigationItems)[number];

/** Counts shown beside items, by item id (the inbox's unread messages). */
type Counts = Partial<Record<string, number>>;

/** A count beside a label: the number for the eye, "3 unread" for screen readers. */
function CountBadge({ count, mini }: { count: number; mini: boolean }) {
  const { t } = useTranslation();
  const shown = count > 99 ? '99+' : String(count);
  return (
    <>
      <Box component="span" sx={visuallyHidden} data-testid="unread-count-label">
        {` ${t('navigation.unreadMessages', { count })}`}
      </Box>
      {!mini && (
        <Box
          component="span"
          aria-hidden
          data-testid="unread-count"
          sx={{
            ml: 1,
            minWidth: 20,
            height: 20,
            px: 0.75,
            borderRadius: 10,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontSize: '0.6875rem',
            fontWeight: 700,
            lineHeight: '20px',
            textAlign: 'center',
            flexShrink: 0,
          }}
        >
          {shown}
        </Box>
      )}
    </>
  );
}

function NavigationEntry({
  item,
  mini = false,
  onNavigate,
  count,
}: DisplayProps & { item: Item; count?: number | undefined }) {
  const { t } = useTranslation();
  const { id, labelKey, icon: Icon, ...link } = item as Item & NavigationItemExtras;
  const { feature: _feature, ...linkOptions } = link as typeof link & { feature?: unknown };
  const label = t(labelKey);
  const icon = <Icon fontSize="small" />;
  return (
    <ListItem disablePadding sx={{ display: 'block', px: 1, py: 0.25 }}>
      <Tooltip title={mini ? label : ''} placement="right" disableInteractive>
        <ListItemLink
          {...linkOptions}
          data-nav-id={id}
          onClick={onNavigate}
          sx={{
            minHeight: 40,
            px: 1.5,
            justifyContent: mini ? 'center' : 'flex-start',
          }}
        >
          <ListItemIcon sx={{ minWidth: mini ? 0 : 36, justifyContent: 'center' }}>
            {mini && count ? (
              <Badge color="primary" variant="dot" overlap="circular" aria-hidden>
                {icon}
              </Badge>
            ) : (
              icon
            )}
          </ListItemIcon>
          <ListItemText
            primary={label}
            sx={mini ? visuallyHidden : { my: 0 }}
            slotProps={{ primary: { noWrap: true, variant: 'body2' } }}
          />
          {count ? <CountBadge count={count} mini={mini} /> : null}
        </ListItemLink>
      </Tooltip>
    </ListItem>
  );
}

function ItemList({
  items,
  counts = {},
  ...display
}: DisplayProps & { items: readonly Item[]; counts?: Counts }) {
  return (
    <List disablePadding sx={{ py: 1 }}>
      {items.map((item) => (
        <NavigationEntry key={item.id} item={item} count={counts[item.id]} {...display} />
      ))}
    </List>
  );
}

/** The event area: a back link, then the 17 sections (16 without CUSTOM_ACCESS). */
export function EventNavigation({
  eventId,
  allowance,
  ...display
}: DisplayProps & { eventId: string; allowance: PlanAllowance | undefined }) {
  const { t } = useTranslation();
  // The inbox's unread count (ADR 025): refreshed every 30 s, and at once by an open inbox.
  const { data: unread } = useQuery(unreadMessagesQueryOptions(eventId));
  return (
    <nav aria-label={t('navigation.eventNavigation')}>
      <ItemList items={[backToEventsItem]} {...display} />
      <Divider sx={{ mx: 2 }} />
      <ItemList
        items={eventNavigationItems(eventId, allowance)}
        counts={{ messages: unread }}
        {...display}
      />
    </nav>
  );
}

export function AccountNavigation(display: DisplayProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('navigation.accountNavigation')}>
      <ItemList items={accountNavigationItems} {...display} />
      <Divider sx={{ mx: 2 }} />
      <ItemList items={[settingsItem]} {...display} />
    </nav>
  );
}

export function DefaultNavigation(display: DisplayProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('navigation.mainNavigation')}>
      <ItemList items={defaultNavigationItems} {...display} />
    </nav>
  );
}

function CurrentEventNavigation(display: DisplayProps) {
  const { eventid } = useParams({ strict: false });
  const allowance = usePlanAllowance();
  if (eventid === undefined) return <DefaultNavigation {...display} />;
  return <EventNavigation eventId={eventid} allowance={allowance} {...display} />;
}

/** The side navigation's three variants (docs/product-spec.md section 2, "Side navigation"). */
export function SideNavigation({
  variant,
  ...display
}: DisplayProps & { variant: SideNavigationVariant | 'default' }) {
  switch (variant) {
    case 'event':
      return <CurrentEventNavigation {...display} />;
    case 'account':
      return <AccountNavigation {...display} />;
    default:
      return <DefaultNavigation {...display} />;
  }
}
