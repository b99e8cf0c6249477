import type { Attendance } from '@livent/shared';

/** Whose attendance is recorded (ADR 066): a registration or an invitation, never anyone else. */
export type AttendeeKind = 'registration' | 'invitation';

export interface Attendee {
  kind: AttendeeKind;
  id: string;
}

const PREFIX: Record<AttendeeKind, string> = { registration: 'r', invitation: 'i' };

/** The compact form a view token binds: `r:<id>` or `i:<id>`. */
export function attendeeRef(attendee: Attendee): string {
  return `${PREFIX[attendee.kind]}:${attendee.id}`;
}

/** The attendee of a compact form, or undefined for anything else. */
export function parseAttendeeRef(ref: string): Attendee | undefined {
  const id = ref.slice(2);
  if (ref[1] !== ':' || id === '') return undefined;
  if (ref[0] === 'r') return { kind: 'registration', id };
  if (ref[0] === 'i') return { kind: 'invitation', id };
  return undefined;
}

/** The attendance columns a list selects beside its person (`attendance_*`, null: never joined). */
export interface AttendanceColumns {
  attendance_first_join_at: string | null;
  attendance_last_seen_at: string | null;
  attendance_minutes: number | string | null;
  attendance_questions: number | string | null;
  attendance_polls: number | string | null;
}

/** The columns of someone who never opened the page (a row just made). */
export const NO_ATTENDANCE: AttendanceColumns = {
  attendance_first_join_at: null,
  attendance_last_seen_at: null,
  attendance_minutes: null,
  attendance_questions: null,
  attendance_polls: null,
};

/** What a list joined with `attendance` selects as {@link AttendanceColumns}. */
export const ATTENDANCE_SELECTION = [
  'attendance.first_join_at as attendance_first_join_at',
  'attendance.last_seen_at as attendance_last_seen_at',
  'attendance.minutes as attendance_minutes',
  'attendance.questions as attendance_questions',
  'attendance.polls as attendance_polls',
] as const;

/** A list row's attendance, or null for someone who never opened the page. */
export function attendanceOf(row: AttendanceColumns): Attendance | null {
  if (row.attendance_first_join_at === null || row.attendance_last_seen_at === null) return null;
  return {
    firstJoinAt: row.attendance_first_join_at,
    lastSeenAt: row.attendance_last_seen_at,
    minutesWatched: Number(row.attendance_minutes ?? 0),
    questions: Number(row.attendance_questions ?? 0),
    polls: Number(row.attendance_polls ?? 0),
  };
}

/** The CSV cells of a person's attendance, empty for someone who never opened the page. */
export function attendanceCells(attendance: Attendance | null): Record<string, string> {
  return {
    firstJoinAt: attendance?.firstJoinAt ?? '',
    lastSeenAt: attendance?.lastSeenAt ?? '',
    minutesWatched: attendance ? String(attendance.minutesWatched) : '',
    questions: attendance ? String(attendance.questions) : '',
    polls: attendance ? String(attendance.polls) : '',
  };
}

/** The keys of {@link attendanceCells}, in the order the exports add them. */
export const ATTENDANCE_CSV_KEYS = [
  'firstJoinAt',
  'lastSeenAt',
  'minutesWatched',
  'questions',
  'polls',
] as const;
