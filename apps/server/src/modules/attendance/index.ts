/**
 * The attendance module's public face (ADR 037, ADR 066): registrants' and invitees' attendance,
 * recorded from the statistics' beacons and the page's tools, shown in their lists and exports.
 */
export { AttendanceBatch } from './attendance-batch.js';
export { AttendanceWebhooks, ATTENDANCE_WEBHOOK_WINDOW_MS } from './attendance-webhooks.js';
export {
  attendanceRate,
  countAttendanceAction,
  deleteAttendance,
} from './attendance.repository.js';
export {
  ATTENDANCE_CSV_KEYS,
  ATTENDANCE_SELECTION,
  attendanceCells,
  attendanceOf,
  attendeeRef,
  NO_ATTENDANCE,
  parseAttendeeRef,
  type AttendanceColumns,
  type Attendee,
  type AttendeeKind,
} from './attendee.js';
