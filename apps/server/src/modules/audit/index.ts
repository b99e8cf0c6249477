export {
  AuditLog,
  auditActor,
  SYSTEM_ACTOR,
  type AuditActor,
  type AuditRecord,
} from './audit-log.js';
export { diffSettings } from './audit-diff.js';
