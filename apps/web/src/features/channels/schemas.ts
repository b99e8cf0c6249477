/**
 * The shared schemas of the channel forms behind one module that the forms import lazily, so
 * zod stays out of the screens' first chunk (ADR 009; see `lib/forms/schemas.ts`).
 */
export { channelCreateSchema, channelPatchSchema, routingRuleSchema } from '@livent/shared';
