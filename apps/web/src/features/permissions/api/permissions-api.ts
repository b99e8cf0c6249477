import type { CreateOwnerChange, CreatePermission, OwnerChange, Permission } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/typed-api';
import { session } from '../../../lib/auth/session';
import {
  EVENTS_QUERY_KEY,
  eventQueryKey,
  eventSettingsQueryKey,
} from '../../../lib/events/event-settings';

/**
 * Shared permissions and owner changes (docs/api.md, "Domains, permissions, ownership";
 * docs/decisions/031-sharing-and-owner-change.md).
 */

export const PERMISSIONS_QUERY_KEY = ['permissions'] as const;
export const ownerChangeQueryKey = (eventId: string) =>
  [...PERMISSIONS_QUERY_KEY, 'owner-change', eventId] as const;

/** `GET /permissions`: shared by me, shared with me, and the pending owner changes both ways. */
export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: PERMISSIONS_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/permissions', { signal }),
  });

/** `GET /events/{id}/owner-change`: the event's pending owner change, or null (owner only). */
export const ownerChangeQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: ownerChangeQueryKey(eventId),
    queryFn: ({ signal }) =>
      api.get('/events/{id}/owner-change', { path: { id: eventId }, signal }),
  });

/**
 * After a change of who may open which event: the permissions page, the events list and
 * selector, and the signed-in user (its `planConsumption` carries the counts of /home and
 * /account, ADR 022) are read again.
 */
async function reloadAccess(queryClient: QueryClient, { events }: { events: boolean }) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PERMISSIONS_QUERY_KEY }),
    events && queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY, exact: true }),
    events && session.reloadUser().catch(() => undefined),
  ]);
}

/** An event this account can no longer open: nothing of it may show from the cache. */
function forgetEvent(queryClient: QueryClient, eventId: string) {
  queryClient.removeQueries({ queryKey: eventQueryKey(eventId) });
  queryClient.removeQueries({ queryKey: eventSettingsQueryKey(eventId) });
}

/** `POST /permissions`: invites the account of `email` to the event (the owner only). */
export function useSharePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePermission) => api.post('/permissions', { body }),
    onSuccess: () => reloadAccess(queryClient, { events: false }),
  });
}

/**
 * `DELETE /permissions/{id}`: the owner revokes, or the grantee leaves (`left`: the event is
 * gone from this account's lists).
 */
export function useRemovePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ permission }: { permission: Permission; left: boolean }) =>
      api.delete('/permissions/{permissionId}', { path: { permissionId: permission.id } }),
    onSuccess: async (_answer, { permission, left }) => {
      if (left) forgetEvent(queryClient, permission.eventId);
      await reloadAccess(queryClient, { events: left });
    },
  });
}

/** `POST /permissions/{id}/accept`: the shared event joins this account's list and selector. */
export function useAcceptPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permission: Permission) =>
      api.post('/permissions/{permissionId}/accept', { path: { permissionId: permission.id } }),
    onSuccess: () => reloadAccess(queryClient, { events: true }),
  });
}

/** `POST /permissions/{id}/reject`: the invitation goes away. */
export function useRejectPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permission: Permission) =>
      api.post('/permissions/{permissionId}/reject', { path: { permissionId: permission.id } }),
    onSuccess: () => reloadAccess(queryClient, { events: false }),
  });
}

/** `POST /events/{id}/owner-change`: asks the account of `email` to take the event over. */
export function useRequestOwnerChange(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOwnerChange) =>
      api.post('/events/{id}/owner-change', { path: { id: eventId }, body }),
    onSuccess: (change) => {
      queryClient.setQueryData(ownerChangeQueryKey(eventId), change);
      return reloadAccess(queryClient, { events: false });
    },
  });
}

/** `DELETE /owner-changes/{id}`: the owner withdraws a pending change. */
export function useCancelOwnerChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OwnerChange) =>
      api.delete('/owner-changes/{changeId}', { path: { changeId: change.id } }),
    onSuccess: (_answer, change) => {
      queryClient.setQueryData(ownerChangeQueryKey(change.eventId), null);
      return reloadAccess(queryClient, { events: false });
    },
  });
}

/**
 * `POST /owner-changes/{id}/accept`: this account becomes the owner. Its cached copy of the event
 * (perhaps read as a shared user) is dropped, so the event's screens show it as owner.
 */
export function useAcceptOwnerChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OwnerChange) =>
      api.post('/owner-changes/{changeId}/accept', { path: { changeId: change.id } }),
    onSuccess: async (_answer, change) => {
      forgetEvent(queryClient, change.eventId);
      await reloadAccess(queryClient, { events: true });
    },
  });
}

/** `POST /owner-changes/{id}/reject`: the event stays with its owner. */
export function useRejectOwnerChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OwnerChange) =>
      api.post('/owner-changes/{changeId}/reject', { path: { changeId: change.id } }),
    onSuccess: () => reloadAccess(queryClient, { events: false }),
  });
}
