import { z } from 'zod';

/**
 * A registrant's or invitee's attendance (ADR 066): null in a list row for someone who never
 * opened the page. Minutes are those with a heartbeat of one of their page views.
 */
export const attendanceSchema = z.object({
  firstJoinAt: z.string(),
  lastSeenAt: z.string(),
  minutesWatched: z.number().int(),
  questions: z.number().int(),
  polls: z.number().int(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** Attended: watched a minute or more, of everyone registered or invited. */
export const attendanceRateSchema = z.object({
  people: z.number().int(),
  attended: z.number().int(),
});
export type AttendanceRate = z.infer<typeof attendanceRateSchema>;
