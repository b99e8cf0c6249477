import {
  enterpriseInvitationSchema,
  enterpriseInvitationsSchema,
  enterpriseInviteSchema,
  enterpriseMembershipSchema,
  enterpriseOverviewSchema,
  enterpriseQuerySchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { requireAuth } from '../auth/index.js';

const tags = ['enterprise'];
const idParams = z.strictObject({ id: z.string().min(1).max(64) });

/**
 * The enterprise overview and administration (docs/product-spec.md sections 2 and 3; ADR 028,
 * "Enterprise"). `/enterprise/*` needs ENTERPRISE_ADMIN in the caller's effective plan (403
 * otherwise); `/account/enterprise/*` is any account's own membership and invitations.
 */
export const enterpriseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { enterprise } = app.services;
  const secured = { preHandler: app.authenticate };
  // Invitations are addressed to an email: only a proven address may act on them.
  const verified = { preHandler: app.requireVerified };

  app.get(
    '/enterprise',
    {
      ...secured,
      schema: {
        operationId: 'getEnterprise',
        tags,
        summary: 'The enterprise overview: its events (title, owner) and members, each paged',
        description:
          'The events of the admin and of every member (created, title, owner; never their content) and the members (name, company, email, event count). 403 without ENTERPRISE_ADMIN.',
        security: bearerAuth,
        querystring: enterpriseQuerySchema,
        response: { 200: enterpriseOverviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => enterprise.overview(requireAuth(request), request.query),
  );

  app.get(
    '/enterprise/invitations',
    {
      ...secured,
      schema: {
        operationId: 'listEnterpriseInvitations',
        tags,
        summary: 'The invitations not yet accepted',
        security: bearerAuth,
        response: { 200: enterpriseInvitationsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => enterprise.invitations(requireAuth(request)),
  );

  app.post(
    '/enterprise/invitations',
    {
      ...secured,
      schema: {
        operationId: 'createEnterpriseInvitation',
        tags,
        summary: 'Invite an account by email',
        description:
          'The account with this verified address sees the invitation and accepts or declines it; nobody joins without accepting. 409 when the address is already invited or a member.',
        security: bearerAuth,
        body: enterpriseInviteSchema,
        response: { 201: enterpriseInvitationSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await enterprise.invite(requireAuth(request), request.body)),
  );

  app.delete(
    '/enterprise/invitations/:id',
    {
      ...secured,
      schema: {
        operationId: 'deleteEnterpriseInvitation',
        tags,
        summary: 'Withdraw an invitation not yet accepted',
        security: bearerAuth,
        params: idParams,
        response: { 204: noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await enterprise.withdraw(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/enterprise/members/:id',
    {
      ...secured,
      schema: {
        operationId: 'removeEnterpriseMember',
        tags,
        summary: 'Remove a member (by account id)',
        description: "The member's own plan applies again.",
        security: bearerAuth,
        params: idParams,
        response: { 204: noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await enterprise.removeMember(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/account/enterprise',
    {
      ...secured,
      schema: {
        operationId: 'getEnterpriseMembership',
        tags,
        summary: "The account's enterprise membership and the invitations addressed to it",
        security: bearerAuth,
        response: { 200: enterpriseMembershipSchema, ...errorResponses(401) },
      },
    },
    async (request) => enterprise.membership(requireAuth(request)),
  );

  app.post(
    '/account/enterprise/invitations/:id/accept',
    {
      ...verified,
      schema: {
        operationId: 'acceptEnterpriseInvitation',
        tags,
        summary: 'Accept an invitation addressed to this account',
        description:
          '409 when already a member of an enterprise (leave it first); 403 for an enterprise admin.',
        security: bearerAuth,
        params: idParams,
        response: { 200: enterpriseMembershipSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => enterprise.accept(requireAuth(request), request.params.id),
  );

  app.delete(
    '/account/enterprise/invitations/:id',
    {
      ...verified,
      schema: {
        operationId: 'declineEnterpriseInvitation',
        tags,
        summary: 'Decline an invitation addressed to this account',
        security: bearerAuth,
        params: idParams,
        response: { 204: noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await enterprise.decline(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/account/enterprise',
    {
      ...secured,
      schema: {
        operationId: 'leaveEnterprise',
        tags,
        summary: 'Leave the enterprise',
        security: bearerAuth,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await enterprise.leave(requireAuth(request));
      return reply.code(204).send();
    },
  );
};
