import { ROLES, type RoleName } from './role-names.ts';

/**
 * What each role may do: the one table the server's route guard (every signed-in route declares one capability) and
 * the web's menu and route guard read, so no role sees an entry it cannot open and the server refuses exactly what the
 * menu hides. Zod-free: the web's entry chunk imports it. The README's roles table is checked against it
 * (`test/architecture/roles-table.unit.spec.ts`).
 *
 * Decisions (DECISIONS.md "Roles", spec section 6, issue 21 item 6):
 * - **Member roles** (Customer, Agent, Broker, Owner, Professional, Service Provider, Sub User) share the customer menu
 *   and everything it does. Spec section 6 names Professional, Service Provider and Sub User without permissions of
 *   their own, and DECISIONS.md gives them the customer menu, so they may do what a Customer does:
 *   - NHD reports: an NHD report is a seller's disclosure that agents, brokers, escrow and title people (Service
 *     Provider) and professionals order for their clients as often as owners do, so every member role may order one.
 *   - Claims: a claim pays only on the claimant's own verified, covered property (coverage and ownership are checked
 *     on the claim itself), so any member role that holds one may file; no role is kept out by name.
 * - **Super Admin**: the full admin menu and every admin capability. It is not a member: no purchases, orders,
 *   enrollments or claims of its own (its menu never offered them; those who review claims do not file them). It
 *   opens any member's order, claim, enrollment, alert or payment by id (`records.own`, `OVERSEER_ROLES`).
 * - **Admin** (sub-admin): a Super Admin's delegate (issue 21): the admin menu and its routes without plans, promo
 *   codes and email templates, which stay the Super Admin's (prices, discounts and what every member is sent). An
 *   Admin oversees members' things as a Super Admin does (`OVERSEER_ROLES`) but is not a member: no purchases, no
 *   claims of their own (they review them).
 * - **Provider Admin** (issue 21 item 5): its own menu, each entry scoped to its provider's users (read at request time
 *   from the module's copy of provider members, so a removed user drops out at once): the NHD order list (`nhd.order`:
 *   its own orders, which it may order and pay as before, and its users'), the claims list (`claims.list`: its users'
 *   claims; it files none) and the Equity Protect lists (`equity.oversee`: its users' enrollments and alerts). It opens
 *   those things by id (`records.own`) to read them; acting on them stays with their owner (403) and the admins
 *   (`claims.review`, `equity.manage`, `nhd.oversee`).
 *   It also acts for its provider's users (`provider-users.act-for`, issue 21 item 4): protects their verified properties
 *   and orders NHD reports of them, which stay the user's; a Super Admin or Admin does not (they oversee, they do not buy
 *   for members).
 */

/** The roles that use the customer menu (DECISIONS.md "Roles"); Lennar is a provider, not a role. */
export const MEMBER_ROLES: readonly RoleName[] = ['Customer', 'Agent', 'Broker', 'Owner', 'Professional', 'Service Provider', 'Sub User'];
/** Roles that see every member's things (their orders, claims, alerts ...) as the owner does: Super Admin and its delegate. */
export const OVERSEER_ROLES: readonly RoleName[] = ['Super Admin', 'Admin'];

const members = MEMBER_ROLES;
const admins = OVERSEER_ROLES;

export const CAPABILITIES = {
  // Every signed-in role.
  account: { summary: 'Own account: profile, sign-in details, sign-up steps', roles: ROLES },
  'records.own': {
    summary: "Open (and where it allows, answer, close or cancel) an order, enrollment, alert, claim or payment by its id: the owner's, or every member's for Super Admin and Admin (a Provider Admin opens its provider's users' to read); another account's answers not found",
    roles: ROLES,
  },
  // The customer menu.
  'membership.own': { summary: 'Own membership: see, switch, cancel, change its card', roles: members },
  'payments.own': { summary: 'Pay (a plan, an NHD order, an enrollment), save cards, see own payments', roles: [...members, 'Provider Admin'] },
  'properties.verify': { summary: 'Verify ownership of a property; list own properties', roles: members },
  'equity.enroll': { summary: 'Enroll in Equity Protect; list own enrollments and alerts', roles: members },
  'nhd.order': { summary: "Order NHD reports; follow own orders (a Provider Admin: also its provider's users')", roles: [...members, 'Provider Admin'] },
  'claims.list': { summary: "List own reimbursement claims (a Provider Admin: its provider's users')", roles: [...members, 'Provider Admin'] },
  'claims.file': { summary: 'File a reimbursement claim, answer a request for information, see coverage', roles: MEMBER_ROLES },
  // The admin menus.
  'accounts.oversee': { summary: "Dashboard: account totals; members' names in admin lists", roles: admins },
  'insights.read': { summary: 'User interactions', roles: admins },
  'dashboard.read': { summary: "Dashboard tiles of every module (a Provider Admin: its provider's users' things)", roles: [...admins, 'Provider Admin'] },
  'dashboard.provider': { summary: "Its provider's dashboard screen (the tiles of dashboard.read, scoped to its users)", roles: ['Provider Admin'] },
  'content.manage': { summary: 'Edit the public pages (home, about us, services, FAQ, contact us)', roles: admins },
  'equity.oversee': { summary: "Equity Protect enrollments and alerts of every member (lists; a Provider Admin: its provider's users')", roles: [...admins, 'Provider Admin'] },
  'equity.manage': { summary: 'Equity Protect pricing, imports, case work on alerts', roles: admins },
  'claims.review': { summary: 'Review, approve, reject and pay reimbursement claims', roles: admins },
  'ownership-documents.review': { summary: 'Review ownership documents', roles: admins },
  'nhd.oversee': { summary: 'Every NHD order; report types; retry a report', roles: admins },
  'memberships.oversee': { summary: 'Every membership', roles: admins },
  'payments.oversee': { summary: 'Every payment and payout; refunds; reveal payout details', roles: admins },
  'accounts.administer': {
    summary: 'Account administration: find any account, change its roles (appoint an Admin), suspend and reactivate it',
    roles: ['Super Admin'],
  },
  'providers.manage': { summary: 'Providers and their Provider Admins', roles: admins },
  'provider-users.manage': { summary: 'Provider users and invitations', roles: [...admins, 'Provider Admin'] },
  'provider-users.act-for': {
    summary: "Protect a provider user's verified property in Equity Protect and order NHD reports for it, paid by the provider or left for the user to pay",
    roles: ['Provider Admin'],
  },
  'plans.manage': { summary: 'Plans and prices', roles: ['Super Admin'] },
  'promo-codes.manage': { summary: 'Promo codes', roles: ['Super Admin'] },
  'email-templates.manage': { summary: 'Email templates', roles: ['Super Admin'] },
  // Analysts and operators (issue 23): the raw events and the machinery, the Super Admin's.
  'events.read': { summary: 'Events: the raw event tail, exports by type and time, the history of any stream (sensitive data redacted)', roles: ['Super Admin'] },
  'operations.manage': {
    summary: 'Operations: queues and jobs (retry or discard a dead one), projection and consumer lag, readiness of each dependency',
    roles: ['Super Admin'],
  },
} as const satisfies Record<string, { summary: string; roles: readonly RoleName[] }>;

export type Capability = keyof typeof CAPABILITIES;
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

/** The roles that may do `capability`. */
export const rolesWith = (capability: Capability): readonly RoleName[] => CAPABILITIES[capability].roles;

/** Whether any of `roles` may do `capability` (a caller holds every capability of each of its roles). */
export const may = (roles: readonly string[] | null | undefined, capability: Capability): boolean =>
  (roles ?? []).some((role) => (CAPABILITIES[capability].roles as readonly string[]).includes(role));

/** Every capability of `role`, in the table's order. */
export const capabilitiesOf = (role: RoleName): Capability[] => CAPABILITY_NAMES.filter((capability) => may([role], capability));
