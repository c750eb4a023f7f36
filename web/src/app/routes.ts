import type { ComponentType } from 'react';
import type { Capability } from '@acpg/contracts/role-permissions';
import { isRouteRegistered, registerRoutePaths } from '../lib/route-registry.ts';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * The route table. A feature adds its screens here when they are built; routes of unbuilt features are not
 * registered, so menus and buttons that point to them stay hidden (no placeholders).
 * access: public (public layout), sign-in (public layout, inside the sign-in flow), sign-up (public layout, inside
 * the sign-up wizard's flow; its later steps check the session themselves), protected (signed-in layout).
 */
export interface AppRoute {
  path: string;
  access: 'public' | 'sign-in' | 'sign-up' | 'protected';
  title: string;
  /** What opening a protected screen takes (the role table the server enforces); none: any signed-in user. */
  capability?: Capability;
  load: () => PageModule;
}

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => () => load().then((m) => ({ default: m[name] }));
const cms = () => import('../features/content/components/CmsPages.tsx');
const signIn = () => import('../features/auth/components/SignInPages.tsx');
const signUpCodes = () => import('../features/sign-up/components/CodePages.tsx');
const signUpComposed = () => import('./routes/SignUpStepRoutes.tsx');
const passwordReset = () => import('../features/auth/components/PasswordResetPages.tsx');
const nhdOrders = () => import('../features/nhd/components/OrdersListPage.tsx');
const equity = () => import('../features/equity/components/EquityListPage.tsx');
const contentManagement = () => import('../features/content-management/components/ManagementPages.tsx');

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', access: 'public', title: 'Home', load: () => import('../features/content/components/HomePage.tsx') },
  { path: '/about-us', access: 'public', title: 'About Us', load: named(cms, 'AboutUsPage') },
  { path: '/services-page', access: 'public', title: 'Services', load: () => import('../features/content/components/ServicesPage.tsx') },
  { path: '/privacy-policy', access: 'public', title: 'Privacy Policy', load: named(cms, 'PrivacyPolicyPage') },
  { path: '/additional-information', access: 'public', title: 'Additional Information', load: named(cms, 'AdditionalInformationPage') },
  { path: '/terms-of-service', access: 'public', title: 'Terms of Service', load: named(cms, 'TermsOfServicePage') },
  { path: '/faq', access: 'public', title: 'FAQ', load: () => import('../features/content/components/FaqPage.tsx') },
  { path: '/blogs', access: 'public', title: 'Blogs', load: () => import('../features/content/components/BlogsPage.tsx') },
  { path: '/blogs/:slug', access: 'public', title: 'Blog', load: () => import('../features/content/components/BlogPostPage.tsx') },
  { path: '/contact-us', access: 'public', title: 'Contact Us', load: () => import('../features/contact/components/ContactUsPage.tsx') },
  { path: '/equity-protect', access: 'public', title: 'Equity Protect', load: () => import('../features/equity/components/EquityProtectPage.tsx') },
  { path: '/equity-protect-property-search', access: 'public', title: 'Protect your property', load: () => import('./routes/EquityProtectSearchRoute.tsx') },
  { path: '/subscription-plan', access: 'public', title: 'Membership plans', load: () => import('../features/plans/components/SubscriptionPlanPage.tsx') },
  { path: '/checkout', access: 'public', title: 'Checkout', load: () => import('./routes/CheckoutRoute.tsx') },
  { path: '/payment-status', access: 'public', title: 'Payment status', load: () => import('../features/payments/components/PaymentStatusPage.tsx') },
  { path: '/nhd-order', access: 'public', title: 'Order an NHD report', load: () => import('./routes/NhdOrderRoute.tsx') },
  { path: '/nhd-receipt/:token', access: 'public', title: 'NHD report', load: () => import('../features/nhd/components/ReceiptPage.tsx') },

  { path: '/authentication/sign-in', access: 'sign-in', title: 'Sign in', load: named(signIn, 'SignInPage') },
  { path: '/login', access: 'sign-in', title: 'Sign in again', load: named(signIn, 'SessionExpiredSignInPage') },
  { path: '/authentication/auth-mode', access: 'sign-in', title: 'Choose how to get your code', load: named(signIn, 'AuthModePage') },
  { path: '/authentication/login-otp-verification', access: 'sign-in', title: 'Enter the code sent to your phone', load: named(signIn, 'PhoneCodePage') },
  { path: '/authentication/login-email-otp-verification', access: 'sign-in', title: 'Enter the code sent to your email', load: named(signIn, 'EmailCodePage') },

  { path: '/sign-up', access: 'public', title: 'Accept an invitation', load: () => import('../features/sign-up/components/InvitationRedirect.tsx') },
  { path: '/authentication/sign-up', access: 'sign-up', title: 'Create your account', load: () => import('../features/sign-up/components/AccountDetailsPage.tsx') },
  { path: '/authentication/mobile-verification', access: 'sign-up', title: 'Enter the code sent to your phone', load: named(signUpCodes, 'MobileVerificationPage') },
  { path: '/authentication/email-verification', access: 'sign-up', title: 'Enter the code sent to your email', load: named(signUpCodes, 'EmailVerificationPage') },
  { path: '/sign-up/property', access: 'sign-up', title: 'Your property', load: named(signUpComposed, 'SignUpPropertyRoute') },
  { path: '/sign-up/face-signature', access: 'sign-up', title: 'Your face and signature', load: () => import('../features/sign-up/components/FaceSignaturePage.tsx') },
  { path: '/sign-up/mailing-address', access: 'sign-up', title: 'Your mailing address', load: named(signUpComposed, 'SignUpMailingAddressRoute') },
  { path: '/sign-up/plan', access: 'sign-up', title: 'Your plan and payment', load: named(signUpComposed, 'SignUpPlanRoute') },
  { path: '/sign-up/beneficiaries', access: 'sign-up', title: 'Your beneficiaries', load: () => import('../features/sign-up/components/BeneficiariesPage.tsx') },
  { path: '/sign-up/pin', access: 'sign-up', title: 'Your security PIN', load: () => import('../features/sign-up/components/PinPage.tsx') },
  { path: '/authentication/forgot-password', access: 'public', title: 'Forgot password', load: named(passwordReset, 'ForgotPasswordPage') },
  { path: '/authentication/reset-password', access: 'public', title: 'Reset password', load: named(passwordReset, 'ResetPasswordPage') },
  { path: '/account/undo-change', access: 'public', title: 'Undo a change to your account', load: () => import('../features/account/components/UndoContactChangePage.tsx') },

  { path: '/user-update-profile', access: 'protected', title: 'Profile', capability: 'account', load: () => import('./routes/ProfileRoute.tsx') },
  { path: '/my-properties', access: 'protected', title: 'My properties', capability: 'properties.verify', load: () => import('../features/properties/components/MyPropertiesPage.tsx') },
  { path: '/subscriptions', access: 'protected', title: 'Membership', capability: 'membership.own', load: () => import('./routes/SubscriptionsRoute.tsx') },
  { path: '/equity-protect-list', access: 'protected', title: 'Equity Protect', capability: 'equity.enroll', load: named(equity, 'MyEquityPage') },
  { path: '/nhd-order-list', access: 'protected', title: 'NHD Order List', capability: 'nhd.order', load: named(nhdOrders, 'MyOrdersPage') },
  { path: '/nhd-order-list/:orderId', access: 'protected', title: 'NHD order', capability: 'records.own', load: () => import('./routes/NhdOrderPageRoute.tsx') },
  { path: '/property-reimbursement', access: 'protected', title: 'Property Reimbursement', capability: 'claims.list', load: () => import('../features/reimbursement/components/MyClaimsPage.tsx') },
  { path: '/property-reimbursement/:claimId', access: 'protected', title: 'Reimbursement claim', capability: 'records.own', load: () => import('../features/reimbursement/components/ClaimPage.tsx') },

  { path: '/admin-dashboard', access: 'protected', title: 'Dashboard', capability: 'accounts.oversee', load: () => import('../features/insights/components/AdminDashboardPage.tsx') },
  { path: '/provider-dashboard', access: 'protected', title: 'Dashboard', capability: 'dashboard.provider', load: () => import('../features/insights/components/ProviderDashboardPage.tsx') },
  { path: '/user-interaction', access: 'protected', title: 'User Interactions', capability: 'insights.read', load: () => import('../features/insights/components/UserInteractionsPage.tsx') },
  { path: '/admin-payments', access: 'protected', title: 'Payments', capability: 'payments.oversee', load: () => import('../features/admin-billing/components/AdminPaymentsPage.tsx') },
  { path: '/admin-property-documents', access: 'protected', title: 'Ownership documents', capability: 'ownership-documents.review', load: () => import('../features/properties/components/AdminPropertyDocumentsPage.tsx') },
  { path: '/admin-memberships', access: 'protected', title: 'Memberships', capability: 'memberships.oversee', load: () => import('../features/admin-billing/components/AdminMembershipsPage.tsx') },
  { path: '/promocode', access: 'protected', title: 'Promo Codes', capability: 'promo-codes.manage', load: () => import('../features/promo-codes/components/PromoCodesPage.tsx') },
  { path: '/acpg-provider', access: 'protected', title: 'Providers', capability: 'providers.manage', load: () => import('./routes/ProvidersRoute.tsx') },
  { path: '/acpg-provider-users', access: 'protected', title: 'Provider Users', capability: 'provider-users.manage', load: () => import('./routes/ProviderUsersRoute.tsx') },
  { path: '/acpg-provider-users/:accountId/act', access: 'protected', title: 'Services for a provider user', capability: 'provider-users.act-for', load: () => import('./routes/ActForProviderUserRoute.tsx') },
  { path: '/events', access: 'protected', title: 'Events', capability: 'events.read', load: () => import('../features/events/components/EventsPage.tsx') },
  { path: '/events/streams/:stream', access: 'protected', title: 'Stream history', capability: 'events.read', load: () => import('../features/events/components/StreamHistoryPage.tsx') },
  { path: '/email-templates', access: 'protected', title: 'Email Templates', capability: 'email-templates.manage', load: () => import('../features/email-templates/components/EmailTemplatesPage.tsx') },
  { path: '/operations', access: 'protected', title: 'Operations', capability: 'operations.manage', load: () => import('../features/operations/components/OperationsPage.tsx') },
  { path: '/plans', access: 'protected', title: 'Plans', capability: 'plans.manage', load: () => import('../features/plans/components/PlansAdminPage.tsx') },
  { path: '/admin-equity-protect', access: 'protected', title: 'Equity Protect', capability: 'equity.oversee', load: named(equity, 'AdminEquityPage') },
  { path: '/admin-property-reimbursement', access: 'protected', title: 'Property Reimbursement', capability: 'claims.review', load: () => import('../features/reimbursement/components/AdminClaimsPage.tsx') },
  { path: '/admin-property-reimbursement/:claimId', access: 'protected', title: 'Review claim', capability: 'claims.review', load: () => import('../features/reimbursement/components/AdminClaimPage.tsx') },
  { path: '/admin-nhd-order-list', access: 'protected', title: 'NHD Order List', capability: 'nhd.oversee', load: named(nhdOrders, 'AdminOrdersPage') },
  { path: '/account-administration', access: 'protected', title: 'Accounts', capability: 'accounts.administer', load: () => import('../features/account-administration/components/AccountsPage.tsx') },
  { path: '/account-administration/:accountId', access: 'protected', title: 'Account', capability: 'accounts.administer', load: () => import('../features/account-administration/components/AccountPage.tsx') },
  { path: '/home-management', access: 'protected', title: 'Home Management', capability: 'content.manage', load: named(contentManagement, 'HomeManagementPage') },
  { path: '/aboutus-management', access: 'protected', title: 'About Us Management', capability: 'content.manage', load: named(contentManagement, 'AboutUsManagementPage') },
  { path: '/service-management', access: 'protected', title: 'Service Management', capability: 'content.manage', load: named(contentManagement, 'ServiceManagementPage') },
  { path: '/faq-management', access: 'protected', title: 'FAQ Management', capability: 'content.manage', load: named(contentManagement, 'FaqManagementPage') },
  { path: '/contact-management', access: 'protected', title: 'Contact Us Management', capability: 'content.manage', load: named(contentManagement, 'ContactManagementPage') },
  { path: '/legal-management', access: 'protected', title: 'Legal Pages', capability: 'content.manage', load: named(contentManagement, 'LegalManagementPage') },
  { path: '/site-management', access: 'protected', title: 'Site and Logo', capability: 'content.manage', load: named(contentManagement, 'SiteManagementPage') },
  { path: '/blog-management', access: 'protected', title: 'Blog Posts', capability: 'content.manage', load: () => import('../features/content-management/components/BlogManagementPage.tsx') },
  { path: '/blog-management/:slug', access: 'protected', title: 'Blog post', capability: 'content.manage', load: () => import('../features/content-management/components/BlogPostEditorPage.tsx') },
];

registerRoutePaths(APP_ROUTES.map((r) => r.path));

/** Whether a screen exists, so links to it may be shown. */
export const isRegistered = isRouteRegistered;
