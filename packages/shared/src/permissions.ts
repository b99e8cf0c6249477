import { z } from 'zod';
import { fields } from './validation.js';

/**
 * Shared permissions and owner changes (docs/product-spec.md sections 3 "Permission", 4 "owner
 * change", 6; docs/decisions/031-sharing-and-owner-change.md). The owner shares an event with
 * another account by email; that account accepts or rejects the invitation. An owner change waits
 * until the new owner accepts it.
 */

/** The role a permission grants; the owner's role is the event's own and never a permission. */
export const PERMISSION_ROLES = ['shared'] as const;
export type PermissionRole = (typeof PERMISSION_ROLES)[number];

export const PERMISSION_STATUSES = ['pending', 'accepted'] as const;
export type PermissionStatus = (typeof PERMISSION_STATUSES)[number];

/** The other party of a permission or an owner change, as the signed-in account sees it. */
export const permissionPartySchema = z.object({
  name: z.string(),
  email: z.string(),
});
export type PermissionParty = z.infer<typeof permissionPartySchema>;

/**
 * A permission on an event. `user` is the other party: the grantee in `granted`, the owner in
 * `received`. A rejected invitation is deleted, so only pending and accepted ones exist.
 */
export const permissionSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  role: z.enum(PERMISSION_ROLES),
  status: z.enum(PERMISSION_STATUSES),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  user: permissionPartySchema,
});
export type Permission = z.infer<typeof permissionSchema>;

/** A pending owner change (accepted, rejected and cancelled ones are not kept). */
export const ownerChangeSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  status: z.literal('pending'),
  createdAt: z.string(),
  from: permissionPartySchema,
  to: permissionPartySchema,
});
export type OwnerChange = z.infer<typeof ownerChangeSchema>;

/** `GET /permissions`: what I shared, what was shared with me, and pending owner changes both ways. */
export const permissionsListSchema = z.object({
  granted: z.array(permissionSchema),
  received: z.array(permissionSchema),
  ownerChanges: z.object({
    sent: z.array(ownerChangeSchema),
    received: z.array(ownerChangeSchema),
  }),
});
export type PermissionsList = z.infer<typeof permissionsListSchema>;

/** `POST /permissions`: share an event the caller owns with the account of this email. */
export const createPermissionSchema = z.strictObject({
  eventId: z.string().min(1).max(64),
  email: fields.email(),
});
export type CreatePermission = z.infer<typeof createPermissionSchema>;

/** `POST /events/{id}/owner-change`: the email of the new owner's existing account. */
export const createOwnerChangeSchema = z.strictObject({
  email: fields.email(),
});
export type CreateOwnerChange = z.infer<typeof createOwnerChangeSchema>;

/** `GET /events/{id}/owner-change`: the pending change of the event, or null. */
export const pendingOwnerChangeSchema = ownerChangeSchema.nullable();
export type PendingOwnerChange = z.infer<typeof pendingOwnerChangeSchema>;
