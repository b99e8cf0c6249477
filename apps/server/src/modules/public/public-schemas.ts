import { z } from 'zod';

/** The route schemas' pieces that the page, the gates and the viewer API share. */

export const tags = ['public'];

// Any text: an unknown slug is simply not found (404 page), never a validation error.
export const slugParam = z.string();
export const pageParams = z.object({ slug: slugParam });

export const channelQuery = z.strictObject({
  /** The channel page asking; absent for the event's main page. */
  channel: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
});

const html = z.string().describe('The rendered HTML page');

/** The HTML answers of the events origin, by what they show. */
export const HTML = { page: html, gate: html, notFound: html };
