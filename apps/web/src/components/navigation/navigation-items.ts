import { hasFeature, type Feature, type PlanAllowance } from '@livent/shared/plans';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import SettingsSuggestOutlined from '@mui/icons-material/SettingsSuggestOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import SignpostOutlined from '@mui/icons-material/SignpostOutlined';
import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import TouchAppOutlined from '@mui/icons-material/TouchAppOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { linkOptions } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type enCommon from '../../locales/en/common.json';
import type { TitleKey } from '../../lib/i18n/resources';

/** A label is either a page title or a navigation-only text. */
export type NavigationLabelKey =
  `headings.${TitleKey}` | `navigation.${keyof typeof enCommon.navigation}`;

export interface NavigationItemExtras {
  /** Stable id for tests and React keys. */
  id: string;
  labelKey: NavigationLabelKey;
  icon: ComponentType<SvgIconProps>;
  /** The plan feature the item needs (docs/product-spec.md section 6); absent means everyone sees it. */
  feature?: Feature;
}

/**
 * The event area's links, in the order of docs/product-spec.md section 2 ("Side navigation"). The login list
 * needs the CUSTOM_ACCESS feature; plan checks default to false (docs/product-spec.md section 5).
 */
export function eventNavigationItems(eventid: string, allowance: PlanAllowance | undefined) {
  const params = { eventid };
  const items = linkOptions([
    {
      id: 'stats',
      to: '/events/$eventid/stats',
      params,
      labelKey: 'headings.stats',
      icon: InsightsOutlined,
    },
    {
      id: 'control-room',
      to: '/events/$eventid/live',
      params,
      labelKey: 'headings.controlRoom',
      icon: SensorsOutlined,
    },
    {
      id: 'messages',
      to: '/events/$eventid/messages',
      params,
      labelKey: 'headings.messages',
      icon: ForumOutlined,
    },
    {
      id: 'general',
      to: '/events/$eventid/general',
      params,
      labelKey: 'headings.general',
      icon: TuneOutlined,
    },
    {
      id: 'player',
      to: '/events/$eventid/player',
      params,
      labelKey: 'headings.player',
      icon: SmartDisplayOutlined,
    },
    {
      id: 'text',
      to: '/events/$eventid/text',
      params,
      labelKey: 'headings.text',
      icon: ArticleOutlined,
    },
    {
      id: 'highlights',
      to: '/events/$eventid/highlights',
      params,
      labelKey: 'headings.highlights',
      icon: AutoAwesomeOutlined,
    },
    {
      id: 'channels',
      to: '/events/$eventid/channels',
      params,
      labelKey: 'headings.channels',
      icon: LayersOutlined,
    },
    {
      id: 'appearance',
      to: '/events/$eventid/appearance',
      params,
      labelKey: 'headings.appearance',
      icon: PaletteOutlined,
    },
    {
      id: 'navigation',
      to: '/events/$eventid/navigation',
      params,
      labelKey: 'headings.navigation',
      icon: SignpostOutlined,
    },
    {
      id: 'interaction',
      to: '/events/$eventid/interaction',
      params,
      labelKey: 'headings.interaction',
      icon: TouchAppOutlined,
    },
    {
      id: 'access-settings',
      to: '/events/$eventid/access/settings',
      params,
      labelKey: 'headings.accessSettings',
      icon: LockOutlined,
    },
    {
      id: 'invitation-list',
      to: '/events/$eventid/access/invitationlist',
      params,
      labelKey: 'headings.invitationList',
      icon: ForwardToInboxOutlined,
    },
    {
      id: 'registration-list',
      to: '/events/$eventid/access/registrationlist',
      params,
      labelKey: 'headings.registrationList',
      icon: HowToRegOutlined,
    },
    {
      id: 'reminders',
      to: '/events/$eventid/reminders',
      params,
      labelKey: 'headings.reminders',
      icon: NotificationsActiveOutlined,
    },
    {
      id: 'login-list',
      to: '/events/$eventid/access/loginlist',
      params,
      labelKey: 'headings.loginList',
      icon: VpnKeyOutlined,
      feature: 'CUSTOM_ACCESS',
    },
    {
      id: 'compliance',
      to: '/events/$eventid/compliance',
      params,
      labelKey: 'headings.compliance',
      icon: GavelOutlined,
    },
    {
      id: 'advanced',
      to: '/events/$eventid/advanced',
      params,
      labelKey: 'headings.advanced',
      icon: SettingsSuggestOutlined,
    },
    {
      id: 'admin',
      to: '/events/$eventid/admin',
      params,
      labelKey: 'headings.eventAdmin',
      icon: AdminPanelSettingsOutlined,
    },
  ]);
  return items.filter((item) => !('feature' in item) || hasFeature(allowance, item.feature));
}

/** The back link above the event area's links. */
export const backToEventsItem = linkOptions({
  id: 'back-to-events',
  to: '/events',
  activeOptions: { exact: true },
  labelKey: 'navigation.backToEvents',
  icon: EventOutlined,
});

/** The account area (docs/product-spec.md section 2), with Settings after a divider. */
export const accountNavigationItems = linkOptions([
  {
    id: 'account',
    to: '/account',
    activeOptions: { exact: true },
    labelKey: 'navigation.accountOverview',
    icon: AccountCircleOutlined,
  },
  { id: 'profile', to: '/account/profile', labelKey: 'headings.profile', icon: PersonOutlined },
  { id: 'security', to: '/account/security', labelKey: 'headings.security', icon: ShieldOutlined },
  { id: 'plan', to: '/account/plan', labelKey: 'headings.plan', icon: WorkspacePremiumOutlined },
  {
    id: 'billing',
    to: '/account/billing',
    labelKey: 'headings.billing',
    icon: ReceiptLongOutlined,
  },
  { id: 'domains', to: '/account/domains', labelKey: 'headings.domains', icon: DnsOutlined },
  { id: 'webhooks', to: '/account/webhooks', labelKey: 'headings.webhooks', icon: WebhookOutlined },
  {
    id: 'permissions',
    to: '/account/permissions',
    labelKey: 'headings.permissions',
    icon: GroupOutlined,
  },
  {
    id: 'admin',
    to: '/account/admin',
    labelKey: 'headings.accountAdmin',
    icon: AdminPanelSettingsOutlined,
  },
]);

export const settingsItem = linkOptions({
  id: 'settings',
  to: '/settings',
  labelKey: 'headings.settings',
  icon: SettingsOutlined,
});

/** Pages without an area of their own: add event, events, account, settings (docs/product-spec.md section 2). */
export const defaultNavigationItems = linkOptions([
  {
    id: 'add-event',
    to: '/events/add',
    labelKey: 'navigation.addEvent',
    icon: AddCircleOutlineOutlined,
  },
  {
    id: 'events',
    to: '/events',
    activeOptions: { exact: true },
    labelKey: 'headings.events',
    icon: EventOutlined,
  },
  { id: 'account', to: '/account', labelKey: 'headings.account', icon: AccountCircleOutlined },
  { id: 'settings', to: '/settings', labelKey: 'headings.settings', icon: SettingsOutlined },
]);
