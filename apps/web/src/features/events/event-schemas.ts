import { eventCreateSchema } from '@livent/shared';
import { z } from 'zod';

/**
 * The create form's schema, loaded lazily (ADR 009): the shared `POST /events` schema, where an
 * empty slug means "derive it from the title".
 */
export const eventCreateFormSchema = z.object({
  title: eventCreateSchema.shape.title,
  slug: z.union([z.literal(''), eventCreateSchema.shape.slug.unwrap()]),
});
