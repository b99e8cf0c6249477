export { clearNotifications, dismiss, notify } from './notification-store';
export type { Notification, NotifyOptions } from './notification-store';
export { useNotifications } from './use-notifications';
