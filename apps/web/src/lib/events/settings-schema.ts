/**
 * The settings schema behind one module that forms import lazily, so zod stays off the first
 * load (ADR 009; see `lib/forms/schemas.ts`).
 */
export { eventSettingsSchema } from '@livent/shared';
