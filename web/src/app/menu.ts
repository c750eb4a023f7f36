import type { Capability } from '@acpg/contracts/role-permissions';
import { isRegistered } from './routes.ts';
import { allowed, menuKind, type MenuKind } from '../lib/roles.ts';

/** A live count shown beside an entry (the frame keeps it). */
export type MenuBadge = 'open-alerts';

export interface MenuEntry {
  label: string;
  path: string;
  /** What opening it takes (the role table of `@acpg/contracts/role-permissions`, which the server enforces too). */
  capability: Capability;
  badge?: MenuBadge;
}

/**
 * Side menus of spec section 2; an entry appears when its screen is built (its route registered) and a role of the
 * signed-in user has its capability, so no role sees an entry it cannot open. A new entry names its capability here.
 */
export const MENUS: Record<MenuKind, readonly MenuEntry[]> = {
  customer: [
    { label: 'Membership', path: '/subscriptions', capability: 'membership.own' },
    { label: 'Equity Protect', path: '/equity-protect-list', capability: 'equity.enroll', badge: 'open-alerts' },
    { label: 'Property Reimbursement', path: '/property-reimbursement', capability: 'claims.list' },
    { label: 'NHD Order List', path: '/nhd-order-list', capability: 'nhd.order' },
    { label: 'My properties', path: '/my-properties', capability: 'properties.verify' },
    { label: 'Help', path: '/faq', capability: 'account' },
    { label: 'Contact', path: '/contact-us', capability: 'account' },
  ],
  admin: [
    { label: 'Dashboard', path: '/admin-dashboard', capability: 'accounts.oversee' },
    { label: 'Equity Protect', path: '/admin-equity-protect', capability: 'equity.oversee' },
    { label: 'Promo Codes', path: '/promocode', capability: 'promo-codes.manage' },
    { label: 'Property Reimbursement', path: '/admin-property-reimbursement', capability: 'claims.review' },
    { label: 'Ownership documents', path: '/admin-property-documents', capability: 'ownership-documents.review' },
    { label: 'NHD Order List', path: '/admin-nhd-order-list', capability: 'nhd.oversee' },
    { label: 'Plans', path: '/plans', capability: 'plans.manage' },
    { label: 'Memberships', path: '/admin-memberships', capability: 'memberships.oversee' },
    { label: 'Payments', path: '/admin-payments', capability: 'payments.oversee' },
    { label: 'Accounts', path: '/account-administration', capability: 'accounts.administer' },
    { label: 'Home Management', path: '/home-management', capability: 'content.manage' },
    { label: 'About Us Management', path: '/aboutus-management', capability: 'content.manage' },
    { label: 'Service Management', path: '/service-management', capability: 'content.manage' },
    { label: 'FAQ', path: '/faq-management', capability: 'content.manage' },
    { label: 'Contact us', path: '/contact-management', capability: 'content.manage' },
    { label: 'Blog posts', path: '/blog-management', capability: 'content.manage' },
    { label: 'Legal pages', path: '/legal-management', capability: 'content.manage' },
    { label: 'Site and logo', path: '/site-management', capability: 'content.manage' },
    { label: 'Providers', path: '/acpg-provider', capability: 'providers.manage' },
    { label: 'Provider Users', path: '/acpg-provider-users', capability: 'provider-users.manage' },
    { label: 'Email Templates', path: '/email-templates', capability: 'email-templates.manage' },
    { label: 'User Interactions', path: '/user-interaction', capability: 'insights.read' },
    { label: 'Events', path: '/events', capability: 'events.read' },
    { label: 'Operations', path: '/operations', capability: 'operations.manage' },
  ],
  'provider-admin': [
    { label: 'Dashboard', path: '/provider-dashboard', capability: 'dashboard.provider' },
    { label: 'Provider Users', path: '/acpg-provider-users', capability: 'provider-users.manage' },
    { label: 'Equity Protect', path: '/admin-equity-protect', capability: 'equity.oversee' },
    { label: 'Property Reimbursement', path: '/property-reimbursement', capability: 'claims.list' },
    { label: 'NHD Order List', path: '/nhd-order-list', capability: 'nhd.order' },
  ],
};

/** The side menu of a signed-in user with these roles (the first picks the menu, spec section 3). */
export function menuFor(roles: readonly string[] | null | undefined): MenuEntry[] {
  return MENUS[menuKind(roles)].filter((e) => isRegistered(e.path) && allowed(roles, e.capability));
}

/** Public header links (spec section 2). */
export const PUBLIC_LINKS: readonly Omit<MenuEntry, 'capability'>[] = [
  { label: 'Home', path: '/' },
  { label: 'About Us', path: '/about-us' },
  { label: 'Services', path: '/services-page' },
  { label: 'FAQ', path: '/faq' },
  { label: 'Additional Info', path: '/additional-information' },
  { label: 'Contact Us', path: '/contact-us' },
];

/** The public header's and drawer's calls to action: where a visitor buys each service (issue 22). */
export const PUBLIC_ACTIONS: readonly Omit<MenuEntry, 'capability'>[] = [
  { label: 'Plans', path: '/subscription-plan' },
  { label: 'Equity Protect', path: '/equity-protect' },
  { label: 'Order NHD report', path: '/nhd-order' },
];

/** The public footer's legal and reading links. */
export const FOOTER_LINKS: readonly Omit<MenuEntry, 'capability'>[] = [
  { label: 'Blog', path: '/blogs' },
  { label: 'Privacy Policy', path: '/privacy-policy' },
  { label: 'Terms of Service', path: '/terms-of-service' },
  { label: 'Additional Information', path: '/additional-information' },
];
