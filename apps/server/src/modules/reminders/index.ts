/** The reminders module's public face (ADR 037): its routes and its services, for the app. */
export { remindersRoutes } from './reminders.routes.js';
export {
  DEFAULT_REMINDER_SCHEDULER_OPTIONS,
  ReminderScheduler,
  type ReminderSchedulerOptions,
} from './reminder-scheduler.js';
export { RemindersService } from './reminders.service.js';
