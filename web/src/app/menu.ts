import { isRegistered } from './routes.ts';
import type { MenuKind } from '../lib/roles.ts';

/** A live count shown beside an entry (the frame keeps it). */
export type MenuBadge = 'open-alerts';

export interface MenuEntry {
  label: string;
  path: string;
  badge?: MenuBadge;
}

/** Side menus of spec section 2; entries appear when their screen is built. */
const MENUS: Record<MenuKind, readonly MenuEntry[]> = {
  customer: [
    { label: 'Membership', path: '/subscriptions' },
    { label: 'Equity Protect', path: '/equity-protect-list', badge: 'open-alerts' },
    { label: 'Property Reimbursement', path: '/property-reimbursement' },
    { label: 'NHD Order List', path: '/nhd-order-list' },
    { label: 'My properties', path: '/my-properties' },
    { label: 'Help', path: '/faq' },
    { label: 'Contact', path: '/contact-us' },
  ],
  'super-admin': [
    { label: 'Dashboard', path: '/admin-dashboard' },
    { label: 'Equity Protect', path: '/admin-equity-protect' },
    { label: 'Promo Codes', path: '/promocode' },
    { label: 'Property Reimbursement', path: '/admin-property-reimbursement' },
    { label: 'Ownership documents', path: '/admin-property-documents' },
    { label: 'NHD Order List', path: '/admin-nhd-order-list' },
    { label: 'Plans', path: '/plans' },
    { label: 'Memberships', path: '/admin-memberships' },
    { label: 'Payments', path: '/admin-payments' },
    { label: 'Accounts', path: '/account-administration' },
    { label: 'Home Management', path: '/home-management' },
    { label: 'About Us Management', path: '/aboutus-management' },
    { label: 'Service Management', path: '/service-management' },
    { label: 'FAQ', path: '/faq-management' },
    { label: 'Contact us', path: '/contact-management' },
    { label: 'Provider', path: '/acpg-provider' },
    { label: 'Provider Users', path: '/acpg-provider-users' },
    { label: 'Email Templates', path: '/email-templates' },
    { label: 'User Interactions', path: '/user-interaction' },
  ],
  'provider-admin': [
    { label: 'Provider Users', path: '/acpg-provider-users' },
    { label: 'Equity Protect', path: '/admin-equity-protect' },
    { label: 'Property Reimbursement', path: '/property-reimbursement' },
    { label: 'NHD Order List', path: '/nhd-order-list' },
  ],
};

export function menuFor(kind: MenuKind): MenuEntry[] {
  return MENUS[kind].filter((e) => isRegistered(e.path));
}

/** Public header links (spec section 2). */
export const PUBLIC_LINKS: readonly MenuEntry[] = [
  { label: 'Home', path: '/' },
  { label: 'About Us', path: '/about-us' },
  { label: 'Services', path: '/services-page' },
  { label: 'FAQ', path: '/faq' },
  { label: 'Additional Info', path: '/additional-information' },
  { label: 'Contact Us', path: '/contact-us' },
];
