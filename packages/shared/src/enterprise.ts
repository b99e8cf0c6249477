import { z } from 'zod';
import { fields } from './validation.js';

/**
 * The enterprise overview and its account administration (docs/product-spec.md sections 2 and 3,
 * "Enterprise"; docs/decisions/028-plans-and-billing.md, "Enterprise").
 */
export const ENTERPRISE_PAGE_SIZE_MAX = 100;
/** An admin's members and open invitations together. */
export const ENTERPRISE_MEMBERS_MAX = 500;

/** Server messages of the enterprise routes; the dashboard translates them by these texts. */
export const ENTERPRISE_MESSAGES = {
  /** An account without ENTERPRISE_ADMIN in its effective plan. */
  notAdmin: 'Enterprise administration not available on your plan',
  invitationNotFound: 'Enterprise invitation not found',
  memberNotFound: 'Enterprise member not found',
  notMember: 'Not a member of an enterprise',
  alreadyInvited: 'Already invited',
  alreadyMember: 'Already a member of an enterprise',
  /** An admin inviting their own address, or an enterprise admin accepting an invitation. */
  cannotJoin: 'This account cannot join an enterprise',
  tooManyMembers: 'Enterprise member limit reached',
} as const;

const pageNumber = () => z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = () => z.coerce.number().int().min(1).max(ENTERPRISE_PAGE_SIZE_MAX).default(10);
const search = () => z.string().trim().max(200).optional();

/**
 * Each table pages and searches on its own: events by title and owner, members by name, company
 * and email.
 */
export const enterpriseQuerySchema = z.strictObject({
  eventsPage: pageNumber(),
  eventsPageSize: pageSize(),
  eventsQ: search(),
  membersPage: pageNumber(),
  membersPageSize: pageSize(),
  membersQ: search(),
});
export type EnterpriseQuery = z.input<typeof enterpriseQuerySchema>;

/** An event of a member or of the admin: who owns it, never its content. */
export const enterpriseEventSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  title: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
});
export type EnterpriseEvent = z.infer<typeof enterpriseEventSchema>;

export const enterpriseMemberSchema = z.object({
  /** The member's account id. */
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  eventCount: z.number().int(),
  joinedAt: z.string(),
});
export type EnterpriseMember = z.infer<typeof enterpriseMemberSchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export const enterpriseOverviewSchema = z.object({
  events: page(enterpriseEventSchema),
  members: page(enterpriseMemberSchema),
});
export type EnterpriseOverview = z.infer<typeof enterpriseOverviewSchema>;

/** An invitation the admin sent and the invitee has not accepted yet. */
export const enterpriseInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type EnterpriseInvitation = z.infer<typeof enterpriseInvitationSchema>;

export const enterpriseInvitationsSchema = z.object({
  results: z.array(enterpriseInvitationSchema),
});

export const enterpriseInviteSchema = z.strictObject({ email: fields.email() });
export type EnterpriseInvite = z.infer<typeof enterpriseInviteSchema>;

/** The enterprise as its members and invitees see it: the admin's name, company and email. */
export const enterpriseOfSchema = z.object({
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
});

/** What the signed-in account is in enterprises: its membership and invitations addressed to it. */
export const enterpriseMembershipSchema = z.object({
  membership: z
    .object({
      enterprise: enterpriseOfSchema,
      joinedAt: z.string(),
      /**
       * Whether the membership gives the enterprise plan now: false while the admin's own plan
       * has lapsed (the account's own plan applies until it is renewed).
       */
      active: z.boolean(),
    })
    .nullable(),
  invitations: z.array(
    z.object({ id: z.string(), createdAt: z.string(), enterprise: enterpriseOfSchema }),
  ),
});
export type EnterpriseMembership = z.infer<typeof enterpriseMembershipSchema>;
