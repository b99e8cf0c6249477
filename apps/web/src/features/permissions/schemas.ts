/**
 * The shared schemas these forms validate with, behind one module the forms load lazily
 * (`lazyResolver`), so zod stays out of the screen's own chunk (as lib/forms/schemas.ts).
 */
export { createOwnerChangeSchema, createPermissionSchema } from '@livent/shared';
