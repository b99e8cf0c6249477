import {
  createOwnerChangeSchema,
  createPermissionSchema,
  ownerChangeSchema,
  pendingOwnerChangeSchema,
  permissionSchema,
  permissionsListSchema,
} from '@livent/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth, errorResponses, noContent } from '../../lib/openapi.js';
import { auditActor } from '../audit/index.js';
import { requireAuth } from '../auth/index.js';
import { eventParamsSchema } from '../../lib/route-params.js';

const tags = ['permissions'];
/** Ids are opaque; one the caller is no party to answers 404 "Permission not found". */
const permissionParams = z.strictObject({ permissionId: z.string().min(1).max(64) });
const changeParams = z.strictObject({ changeId: z.string().min(1).max(64) });

/**
 * Shared permissions and owner changes (docs/product-spec.md sections 2, 4 and 6;
 * docs/decisions/031-sharing-and-owner-change.md).
 */
export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { permissions } = app.services;
  const secured = { preHandler: app.authenticate };
  // Sharing and handing over mail another account, and accepting gives access to an event by
  // the account's address: only a proven address may do either.
  const verified = { preHandler: app.requireVerified };

  app.get(
    '/permissions',
    {
      ...secured,
      schema: {
        operationId: 'listPermissions',
        tags,
        summary: 'Permissions granted by me and received by me, and pending owner changes',
        security: bearerAuth,
        response: { 200: permissionsListSchema, ...errorResponses(401) },
      },
    },
    async (request) => permissions.list(requireAuth(request)),
  );

  app.post(
    '/permissions',
    {
      ...verified,
      schema: {
        operationId: 'createPermission',
        tags,
        summary: 'Share an event I own with another account, by its email',
        description:
          'The account gets a pending invitation (and an email) to accept or reject. 404 "No users found with this email", 409 "Permission already exists", 400 for my own address; another account\'s event or a shared one: 404 "Event not found".',
        security: bearerAuth,
        body: createPermissionSchema,
        response: { 201: permissionSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await permissions.share(requireAuth(request), request.body, auditActor(request))),
  );

  app.delete(
    '/permissions/:permissionId',
    {
      ...secured,
      schema: {
        operationId: 'deletePermission',
        tags,
        summary: 'Revoke a permission (the owner) or leave a shared event (the grantee)',
        description: "Effective on the grantee's very next request.",
        security: bearerAuth,
        params: permissionParams,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await permissions.remove(
        requireAuth(request),
        request.params.permissionId,
        auditActor(request),
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/permissions/:permissionId/accept',
    {
      ...verified,
      schema: {
        operationId: 'acceptPermission',
        tags,
        summary: 'Accept an invitation received: the event joins my events with the role shared',
        security: bearerAuth,
        params: permissionParams,
        response: { 204: noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await permissions.accept(
        requireAuth(request),
        request.params.permissionId,
        auditActor(request),
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/permissions/:permissionId/reject',
    {
      ...secured,
      schema: {
        operationId: 'rejectPermission',
        tags,
        summary: 'Reject an invitation received (or leave the event once accepted)',
        security: bearerAuth,
        params: permissionParams,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await permissions.reject(
        requireAuth(request),
        request.params.permissionId,
        auditActor(request),
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/events/:id/owner-change',
    {
      ...secured,
      schema: {
        operationId: 'getOwnerChange',
        tags,
        summary: "The event's pending owner change, or null (the owner only)",
        security: bearerAuth,
        params: eventParamsSchema,
        response: { 200: pendingOwnerChangeSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => permissions.pendingOwnerChange(requireAuth(request), request.params.id),
  );

  app.post(
    '/events/:id/owner-change',
    {
      ...verified,
      schema: {
        operationId: 'createOwnerChange',
        tags,
        summary: 'Hand the event over to another account, by its email (the owner only)',
        description:
          'The change waits until that account accepts; then I lose access. One pending change per event (409). 404 "No users found with this email", 400 for my own address.',
        security: bearerAuth,
        params: eventParamsSchema,
        body: createOwnerChangeSchema,
        response: { 201: ownerChangeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await permissions.requestOwnerChange(
            requireAuth(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.delete(
    '/owner-changes/:changeId',
    {
      ...secured,
      schema: {
        operationId: 'cancelOwnerChange',
        tags,
        summary: 'Cancel a pending owner change (the owner)',
        security: bearerAuth,
        params: changeParams,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await permissions.cancelOwnerChange(requireAuth(request), request.params.changeId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/owner-changes/:changeId/accept',
    {
      ...verified,
      schema: {
        operationId: 'acceptOwnerChange',
        tags,
        summary: 'Accept an owner change: the event becomes mine (the new owner)',
        description:
          "The event counts against my plan's event limit (403 when it is reached); the previous owner loses access; both are mailed.",
        security: bearerAuth,
        params: changeParams,
        response: { 204: noContent, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await permissions.acceptOwnerChange(
        requireAuth(request),
        request.params.changeId,
        auditActor(request),
      );
      return reply.code(204).send();
    },
  );

  app.post(
    '/owner-changes/:changeId/reject',
    {
      ...secured,
      schema: {
        operationId: 'rejectOwnerChange',
        tags,
        summary: 'Reject an owner change (the new owner)',
        security: bearerAuth,
        params: changeParams,
        response: { 204: noContent, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await permissions.rejectOwnerChange(requireAuth(request), request.params.changeId);
      return reply.code(204).send();
    },
  );
};
