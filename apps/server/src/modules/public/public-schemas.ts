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

const html = z.string();

/**
 * An HTML answer in the OpenAPI document (`text/html`, not JSON): the page, the gate or the
 * events origin's 404 page. Routes send it as bytes, so no serializer ever runs on it.
 */
function htmlAnswer(description: string) {
  return { description, content: { 'text/html': { schema: html } } };
}

/** The HTML answers of the events origin, by what they show. */
export const HTML = {
  page: htmlAnswer('The rendered HTML page'),
  gate: htmlAnswer('The HTML page with the gate, saying why'),
  notFound: htmlAnswer("The events origin's 404 page (HTML)"),
};
