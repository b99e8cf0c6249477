import { z } from 'zod';

/**
 * The path parameters of routes under an event (`/:id`), shared by every module that serves
 * such routes. Ids are opaque; anything unknown (or another account's) answers 404 "Event not
 * found".
 */
export const eventParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });
