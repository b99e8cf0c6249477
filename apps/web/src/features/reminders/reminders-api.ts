import type { FollowUpRequest } from '@livent/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/typed-api';

/** An event's reminders and follow-up (docs/decisions/065-reminders-and-follow-up.md). */

export const remindersQueryKey = (eventId: string) => ['events', 'reminders', eventId] as const;

export const remindersQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: remindersQueryKey(eventId),
    queryFn: ({ signal }) => api.get('/events/{id}/reminders', { path: { id: eventId }, signal }),
  });

/** Sends the follow-up (or its test) and reloads the overview (its "last sent"). */
export function useSendFollowUp(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FollowUpRequest) =>
      api.post('/events/{id}/follow-up', { path: { id: eventId }, body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey(eventId) }),
  });
}

/** The offsets the chips offer, in minutes before the start. */
export const PRESET_OFFSETS = [1440, 60, 0] as const;

export const OFFSET_UNITS = ['minutes', 'hours', 'days'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];

const UNIT_MINUTES: Record<OffsetUnit, number> = { minutes: 1, hours: 60, days: 1440 };

export const toMinutes = (amount: number, unit: OffsetUnit) => amount * UNIT_MINUTES[unit];

/** An offset in its largest whole unit: 2880 is 2 days, 90 is 90 minutes. */
export function offsetParts(minutes: number): { amount: number; unit: OffsetUnit } {
  if (minutes > 0 && minutes % 1440 === 0) return { amount: minutes / 1440, unit: 'days' };
  if (minutes > 0 && minutes % 60 === 0) return { amount: minutes / 60, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}
