import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hostOf, registerPublicHostConstraint } from '../../lib/events-origin.js';
import { accessibilityRoutes } from './accessibility/accessibility.routes.js';
import { registerFormParser } from './gates/gate-answers.js';
import { viewerGateRoutes } from './gates/gates.routes.js';
import { eventsNotFoundHandler } from './page/page-answers.js';
import { eventPageRoutes } from './page/page.routes.js';
import { calendarFileRoutes } from './page/calendar-file.routes.js';
import { unsubscribeRoutes } from './unsubscribe/unsubscribe.routes.js';
import type { PageStreamsOptions } from '../live-page/index.js';
import { liveRoutes } from './viewer-api/live.routes.js';
import { viewerApiRoutes } from './viewer-api/viewer-api.routes.js';
import { viewerPollsRoutes } from './viewer-api/viewer-polls.routes.js';

/**
 * The events origin (ADR 017) and its rooms (ADR 036): the page, the gates, the viewer API and
 * the bulk mails' unsubscribe links (ADR 049), each its own plugin. Every route is constrained to the events origin's host and the
 * active custom domains (lib/events-origin.ts); on the dashboard's host the same paths stay the
 * dashboard's.
 */
export const publicRoutes: FastifyPluginAsyncZod<{ pageStreams?: PageStreamsOptions }> = async (
  app,
  options,
) => {
  registerPublicHostConstraint(app);
  const eventsHost = hostOf(app.config.eventsUrl);
  const domains = app.services.domains.table;
  const sendNotFound = eventsNotFoundHandler(app.services.publicPages.page);

  // On a custom domain, an event's paths answer only for the domain owner's events (and, when it
  // serves them, its enterprise members'); any other slug is the 404 page (ADR 030). The events
  // origin passes at once: its page answers stay synchronous. For all three rooms.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.host === eventsHost) return done();
    const slug = (request.params as { slug?: string } | undefined)?.slug;
    const domain = domains.lookup(request.headers.host);
    if (slug === undefined || !domain) return done();
    domains.serves(domain, slug).then((served) => {
      if (served) done();
      else sendNotFound(request, reply);
    }, done);
  });

  registerFormParser(app);

  await app.register(eventPageRoutes);
  await app.register(calendarFileRoutes);
  await app.register(viewerGateRoutes);
  await app.register(viewerApiRoutes);
  await app.register(liveRoutes, { streams: options.pageStreams });
  await app.register(viewerPollsRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(accessibilityRoutes);
};
