import { accountAttemptNoticeEmail } from './attempt-notice/template.ts';
import { ACCOUNT_UPDATED_MESSAGE, AccountUpdated } from '@acpg/contracts/identity';
import { liveMessage } from '../../platform/realtime/messages.ts';
import { SIGN_UP_COOKIE_SCHEME, signUpCookieScheme } from './sign-up/cookie.ts';
import type { Module } from '../../platform/module.ts';
import { accountsProjection } from './accounts/projection.ts';
import { identityRoutes } from './routes.ts';
import { accountsSummaryRoutes } from './accounts/summary-route.ts';
import { accountNamesRoutes } from './accounts/names-route.ts';
import { ACCOUNT_ROOM, mayFollowAccount } from './accounts/room.ts';
import type { Platform } from '../../platform/module.ts';
import { seedAdmin } from './seed.ts';
import { sessionVersionCheck } from './session-version/check.ts';
import { sessionVersionsProjection } from './session-version/sockets.ts';

/** For test fixtures that stand in for a sign-in: the version a fresh token carries. */
export { currentSessionVersion } from './session-version/check.ts';
import { accountNoticesWorker } from './account-notices/worker.ts';
import { providerAdminsCopy, providerAdminsReaction, providerAdminsWorker } from './provider-admins/reaction.ts';
import { PROVIDER_ADMIN_EVENTS } from '@acpg/contracts/providers';
import { PROVIDER_INVITATION_ROLE_EVENTS, providerInvitationsReaction, providerInvitationsWorker } from './provider-invitations/reaction.ts';
import { IDENTITY_EVENT_TYPES } from './event-types.ts';
import { signInCodeEmail, signInCodeSms } from './sign-in/code-message.ts';
import { signInNoticeReaction } from './sign-in-notice/reaction.ts';
import { signInNoticeEmail } from './sign-in-notice/template.ts';
import { signUpCodeEmail, signUpCodeSms } from './sign-up/code-message.ts';
import { SIGN_UP_SENSITIVE_EVENT_TYPES } from './sign-up/events.ts';
import { signUpProgressProjection } from './sign-up/progress/projection.ts';
import { signUpRoutes } from './sign-up/routes.ts';
import { passwordResetRoutes } from './password-reset/routes.ts';
import { passwordResetEmail } from './password-reset/template.ts';
import { profileRoutes } from './profile/routes.ts';
import { memberDataRoutes } from './member-data/routes.ts';
import { memberDataNoticeReaction } from './member-data/notice.ts';
import { MEMBER_DATA_SENSITIVE_EVENT_TYPES } from './member-data/decider.ts';
import { accountSecurityNoticeReaction } from './profile/security-notice/reaction.ts';
import { accountSecurityNoticeEmail, contactChangeNoticeEmail } from './profile/security-notice/template.ts';
import { PROPERTY_VERIFICATION_PENDING, PROPERTY_VERIFIED } from '@acpg/contracts/properties';
import { contactChangeCodeEmail, contactChangeCodeSms } from './profile/contact-change/template.ts';
import { ADMIN_ACCOUNT_UPDATED_MESSAGE, AdminAccountRow } from '@acpg/contracts/account-administration';
import { accountAdministrationRoutes } from './account-administration/routes.ts';
import { adminAccountsProjection } from './account-administration/projection.ts';
import { sessionsProjection } from './account-administration/sessions-projection.ts';
import { ACCOUNT_ADMINISTRATION_CONSUMES, ACCOUNT_ADMINISTRATION_COPIES } from './account-administration/copies.ts';

/**
 * Event types holding secrets (a password hash, OTP digests, refresh-token digests): tools that show or export raw
 * events (the analysts' event stream, exports) should leave their data out.
 */
export const SENSITIVE_EVENT_TYPES: readonly string[] = [
  'AccountPasswordSet',
  'SignInCodeSent',
  'SessionStarted',
  'SessionRefreshed',
  ...SIGN_UP_SENSITIVE_EVENT_TYPES,
  'PasswordResetCodeSent',
  'ContactChangeRequested',
  ...MEMBER_DATA_SENSITIVE_EVENT_TYPES,
];

/** Accounts, roles, sign-up (the wizard's server side), sign-in with a one-time code, sessions (refresh-token families). */
export const identityModule: Module = {
  name: 'identity',
  partitions: 6, // as before topics were generated: sign-ins and sessions of every account
  routes: (platform: Platform) => async (app) => {
    await app.register(identityRoutes(platform));
    await app.register(accountsSummaryRoutes(platform));
    await app.register(accountNamesRoutes(platform));
    await app.register(signUpRoutes(platform));
    await app.register(passwordResetRoutes(platform));
    await app.register(profileRoutes(platform));
    await app.register(memberDataRoutes(platform));
    await app.register(accountAdministrationRoutes(platform));
  },
  projections: [accountsProjection, signUpProgressProjection, adminAccountsProjection, sessionsProjection, sessionVersionsProjection, ...ACCOUNT_ADMINISTRATION_COPIES, providerAdminsCopy],
  consumes: [...new Set([PROPERTY_VERIFIED, PROPERTY_VERIFICATION_PENDING, 'MembershipStarted', 'PaymentSucceeded', ...ACCOUNT_ADMINISTRATION_CONSUMES, ...PROVIDER_ADMIN_EVENTS, ...PROVIDER_INVITATION_ROLE_EVENTS])],
  pushes: [
    liveMessage({ name: ACCOUNT_UPDATED_MESSAGE, summary: 'The account changed (name, roles, contact details masked)', payload: AccountUpdated, rooms: ['account:{id}'] }),
    liveMessage({
      name: ADMIN_ACCOUNT_UPDATED_MESSAGE,
      summary: 'An account\'s row in the Super Admins\' accounts list changed (sign-up, profile, roles, suspension)',
      payload: AdminAccountRow,
      rooms: ['role:Super Admin'],
    }),
  ],
  rooms: { [ACCOUNT_ROOM]: mayFollowAccount },
  securitySchemes: { [SIGN_UP_COOKIE_SCHEME]: signUpCookieScheme },
  reactions: [signInNoticeReaction, accountSecurityNoticeReaction, memberDataNoticeReaction, providerAdminsReaction, providerInvitationsReaction],
  // Notices other modules address to an account by id (its email and phone stay here).
  // Provider Admins appointed and removed by the providers module (provider-admins/), invitations' roles (provider-invitations/).
  workers: [accountNoticesWorker, providerAdminsWorker, providerInvitationsWorker],
  templates: [
    signInCodeEmail,
    signInCodeSms,
    signInNoticeEmail,
    signUpCodeEmail,
    signUpCodeSms,
    passwordResetEmail,
    contactChangeCodeEmail,
    contactChangeCodeSms,
    accountSecurityNoticeEmail,
    contactChangeNoticeEmail,
    accountAttemptNoticeEmail,
  ],
  seed: seedAdmin,
  // Access tokens of an ended session (sign-out, reset, contact change) or of old roles are refused at once.
  accessCheck: sessionVersionCheck,
  sensitiveEventTypes: SENSITIVE_EVENT_TYPES,
  eventTypes: IDENTITY_EVENT_TYPES,
};
