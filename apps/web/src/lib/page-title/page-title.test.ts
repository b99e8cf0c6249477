import { createMemoryHistory, type AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../router';
import { routeTree } from '../../routeTree.gen';
import { loadAllCatalogues } from '../i18n/resources';
import { pageTitleKey } from './page-title';

function childrenOf(route: AnyRoute): AnyRoute[] {
  const children = route.children as AnyRoute[] | Record<string, AnyRoute> | undefined;
  if (!children) return [];
  return Array.isArray(children) ? children : Object.values(children);
}

/** Every route that renders a screen: the leaves of the generated tree. */
function leafRoutes(route: AnyRoute): AnyRoute[] {
  const children = childrenOf(route);
  return children.length === 0 ? [route] : children.flatMap(leafRoutes);
}

// Creating the router resolves every route's id and full path.
createAppRouter({ history: createMemoryHistory() });
const resources = await loadAllCatalogues();
const screens = leafRoutes(routeTree as unknown as AnyRoute);

/** docs/product-spec.md section 2, "Screens and routes" (event id and channel id as parameters). */
const SPEC_ROUTES = [
  '/',
  '/home',
  '/login',
  '/logout',
  '/register',
  '/reset-password',
  '/verify-email',
  '/settings',
  '/feedback',
  '/enterprise',
  '/test',
  '/account',
  '/account/admin',
  '/account/billing',
  '/account/domains',
  '/account/permissions',
  '/account/plan',
  '/account/profile',
  '/account/security',
  '/account/webhooks',
  '/events',
  '/events/add',
  '/events/$eventid',
  ...[
    'access',
    'admin',
    'advanced',
    'appearance',
    'channels',
    'compliance',
    'general',
    'highlights',
    'interaction',
    'live',
    'messages',
    'navigation',
    'player',
    'stats',
    'text',
  ].map((s) => `/events/$eventid/${s}`),
  ...[
    'invitationlist',
    'invitations',
    'loginlist',
    'registrationlist',
    'registrations',
    'settings',
  ].map((s) => `/events/$eventid/access/${s}`),
  '/events/$eventid/channels/$eventchannelid',
  '/shared/messages/{-$eventid}',
];

/** Full paths without the trailing slash index routes carry. */
const pathOf = (route: AnyRoute): string => (route.fullPath as string).replace(/(.)\/$/, '$1');

describe('page titles (spec section 2, "Page titles")', () => {
  it('has every screen of spec section 2', () => {
    expect(screens.map(pathOf)).toEqual(expect.arrayContaining(SPEC_ROUTES));
  });

  it.each(screens.map((route) => [pathOf(route), route] as const))(
    '%s has a title in English and German',
    (_path, route) => {
      const key = route.options.staticData?.titleKey;
      expect(key, `${route.id} needs staticData.titleKey`).toBeTruthy();
      expect(resources.en.common.titles[key!]).toBeTruthy();
      expect(resources.de.common.titles[key!]).toBeTruthy();
    },
  );

  it('uses the deepest title, and error titles over route titles', () => {
    const match = (status: string, titleKey?: 'events' | 'general', _notFound?: boolean) => ({
      status,
      _notFound,
      staticData: titleKey ? { titleKey } : {},
    });
    expect(
      pageTitleKey([match('success'), match('success', 'events'), match('success', 'general')]),
    ).toBe('general');
    expect(pageTitleKey([match('success'), match('success', 'general')])).toBe('general');
    expect(pageTitleKey([match('success', undefined, true)])).toBe('notFound');
    expect(pageTitleKey([match('success'), match('notFound', 'general')])).toBe('notFound');
    expect(pageTitleKey([match('success'), match('error', 'general')])).toBe('error');
    expect(pageTitleKey([match('success')])).toBeUndefined();
  });

  it('titles the spec names in English and German', () => {
    const byPath = new Map(
      screens.map((route) => [pathOf(route), route.options.staticData?.titleKey]),
    );
    const title = (path: string, language: 'en' | 'de') =>
      resources[language].common.titles[byPath.get(path)!];
    expect(title('/events/add', 'en')).toBe('Create Event');
    expect(title('/events/add', 'de')).toBe('Veranstaltung erstellen');
    expect(title('/register', 'en')).toBe('Sign Up');
    expect(title('/events/$eventid/text', 'en')).toBe('Text/Content');
    expect(title('/enterprise', 'en')).toBe('Enterprise Overview');
    expect(title('/test', 'en')).toBe('System Check');
  });
});
