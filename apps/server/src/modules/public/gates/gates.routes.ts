import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENTS_BASE_HEADERS, PUBLIC_CONSTRAINTS } from '../../../lib/events-origin.js';
import { noContent, publicAccess } from '../../../lib/openapi.js';
import { HTML, pageParams, slugParam, tags } from '../public-schemas.js';
import { viewerOf } from '../viewer-cookie.js';
import { FORM_CONTENT_TYPE, FORM_MAX_BYTES, gateAnswers } from './gate-answers.js';
import { ssoGateRoutes } from './sso-gate.routes.js';

/** The code form: a code and the channel page it came from. */
const codeForm = z.object({
  code: z.string().max(10_000).default(''),
  channel: z.string().max(100).optional(),
});
/** The invitation sign-in form: username and password, and the channel page it came from. */
const invitationForm = z.object({
  username: z.string().max(1_000).default(''),
  password: z.string().max(1_000).default(''),
  channel: z.string().max(100).optional(),
});
/** The registration form: name, email, the additional fields (`field_<name>`) and the channel. */
const registrationForm = z
  .object({
    name: z.string().max(1_000).optional(),
    email: z.string().max(1_000).optional(),
    channel: z.string().max(100).optional(),
  })
  .catchall(z.string().max(1_000));
const personalLinkParams = z.object({ slug: slugParam, token: z.string().max(200) });
/** The channel page a registration's personal link leads back to (where the viewer registered). */
const registrationLinkQuery = z.object({ channel: z.string().max(100).optional() });

/**
 * The gates room (ADR 036): the ways into a protected event (ADR 026), the code, invitation and
 * registration forms, the personal links and single sign-on. Each answers 303 back to the page
 * with the access cookie, or the gate again saying why.
 */
export const viewerGateRoutes: FastifyPluginAsyncZod = async (app) => {
  const gates = app.services.publicPages.gates;
  const { sendGate, answerAttempt } = gateAnswers(app);
  const constraints = PUBLIC_CONSTRAINTS;

  app.post(
    '/:slug/_access/code',
    {
      constraints,
      bodyLimit: FORM_MAX_BYTES,
      config: { securityHeaders: false },
      schema: {
        operationId: 'submitAccessCode',
        security: publicAccess,
        tags,
        summary: "A viewer's access code for a protected event (the gate's form)",
        description:
          'Form fields `code` and, from a channel page, `channel`. The right code answers 303 back to the page with a signed access cookie for the event (`Path=/{slug}`, HttpOnly, SameSite=Lax, 30 days); a wrong one the gate again with an error (403), sets nothing. Limited per viewer (a cookie) and event, generously per address and event, and per event for wrong codes from anyone (ADR 044): 429 with `Retry-After` and the gate saying when to retry. An event without the code mode answers 303 to its page.',
        params: pageParams,
        consumes: [FORM_CONTENT_TYPE],
        body: codeForm,
        response: { 303: noContent, 403: HTML.gate, 404: HTML.notFound, 429: HTML.gate },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const attempt = await gates.enterCode(
        slug,
        { code: request.body.code, channel: request.body.channel },
        viewerOf(request, reply),
      );
      return answerAttempt(request, reply, slug, request.body.channel, attempt, {
        kind: 'wrongCode',
      });
    },
  );

  app.post(
    '/:slug/_access/invitation',
    {
      constraints,
      bodyLimit: FORM_MAX_BYTES,
      config: { securityHeaders: false },
      schema: {
        operationId: 'signInWithInvitation',
        security: publicAccess,
        tags,
        summary: "A viewer's sign-in with an invitation (the gate's form)",
        description:
          'Form fields `username`, `password` and, from a channel page, `channel`. The right pair answers 303 back to the page with the access cookie (as the code form) and counts a login of the invitation; a wrong one the gate again with an error (403) and sets nothing. Limited like the code form (429 with `Retry-After`). An event without the invitation mode answers 303 to its page.',
        params: pageParams,
        consumes: [FORM_CONTENT_TYPE],
        body: invitationForm,
        response: { 303: noContent, 403: HTML.gate, 404: HTML.notFound, 429: HTML.gate },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const attempt = await gates.enterInvitation(slug, request.body, viewerOf(request, reply));
      return answerAttempt(request, reply, slug, request.body.channel, attempt, {
        kind: 'wrongCredentials',
      });
    },
  );

  app.post(
    '/:slug/_access/register',
    {
      constraints,
      bodyLimit: FORM_MAX_BYTES,
      config: { securityHeaders: false },
      schema: {
        operationId: 'registerForEvent',
        security: publicAccess,
        tags,
        summary: "A viewer's registration for a protected event (the gate's form)",
        description:
          'Form fields `name`, `email`, the additional fields as `field_<name>` and, from a channel page, `channel`. In the default and send modes a valid form answers 303 back to the page with the access cookie (the send mode also mails the personal link), also for an address registered before; in the verify mode the gate saying "check your inbox" (200) and a mail with the personal link, which alone gives access. An invalid form (control characters or broken Unicode too, and a name that reads as a web or email address, which mails would show as a link), or an address outside the allowed domains ("Email not allowed"), answers the gate with the errors (400) and stores nothing. Limited per viewer and per address like the code form (429 with `Retry-After`). The mails are capped per recipient (3 an hour per event, 10 across events), per client address and event, and per event; past a cap no mail goes and the answer is the same. An event without the registration mode answers 303 to its page.',
        params: pageParams,
        consumes: [FORM_CONTENT_TYPE],
        body: registrationForm,
        response: {
          200: HTML.gate,
          303: noContent,
          400: HTML.gate,
          404: HTML.notFound,
          429: HTML.gate,
        },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const channel = request.body.channel;
      const attempt = await gates.register(
        slug,
        request.body,
        viewerOf(request, reply),
        request.headers['accept-language'],
      );
      if (attempt?.outcome === 'checkInbox') {
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(request, reply, slug, channel, 200, { kind: 'checkInbox' });
      }
      if (attempt?.outcome === 'invalid') {
        reply.headers(EVENTS_BASE_HEADERS);
        return sendGate(request, reply, slug, channel, 400, {
          kind: 'registration',
          errors: attempt.errors,
          values: attempt.values,
        });
      }
      return answerAttempt(request, reply, slug, channel, attempt, { kind: 'invalidLink' });
    },
  );

  app.get(
    '/:slug/_access/r/:token',
    {
      constraints,
      config: { securityHeaders: false },
      schema: {
        operationId: 'openRegistrationLink',
        security: publicAccess,
        tags,
        summary: "A registration's personal link (in the verify mode also the verification)",
        description:
          "A valid token answers 303 to the page with the access cookie (the token leaves the address at once) and marks the registration verified; an unknown one the gate with an error (403), limited like the code form. With `channel` (the mails from a channel's gate carry it), to that channel's page when it is visible, in its language; else to the event's page. An event without the registration mode answers 303 to its page.",
        params: personalLinkParams,
        querystring: registrationLinkQuery,
        response: { 303: noContent, 403: HTML.gate, 404: HTML.notFound, 429: HTML.gate },
      },
    },
    async (request, reply) => {
      const { slug, token } = request.params;
      const { channel } = request.query;
      const attempt = await gates.openRegistrationLink(
        slug,
        token,
        viewerOf(request, reply),
        channel,
      );
      return answerAttempt(request, reply, slug, channel, attempt, { kind: 'invalidLink' });
    },
  );

  app.get(
    '/:slug/_access/i/:token',
    {
      constraints,
      config: { securityHeaders: false },
      schema: {
        operationId: 'openInvitationLink',
        security: publicAccess,
        tags,
        summary: "An invitation's personal link",
        description:
          'A valid token answers 303 to the page with the access cookie (the token leaves the address at once) and counts a login; an unknown one the gate with an error (403), limited like the code form. An event without the invitation mode answers 303 to its page.',
        params: personalLinkParams,
        response: { 303: noContent, 403: HTML.gate, 404: HTML.notFound, 429: HTML.gate },
      },
    },
    async (request, reply) => {
      const { slug, token } = request.params;
      const attempt = await gates.openPersonalLink(slug, token, viewerOf(request, reply));
      return answerAttempt(request, reply, slug, undefined, attempt, { kind: 'invalidLink' });
    },
  );

  await app.register(ssoGateRoutes);
};
