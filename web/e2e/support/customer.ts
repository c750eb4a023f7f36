import type { TestApp } from '../../../services/test/harness.ts';
import { identityContext } from '../../../services/src/modules/identity/context.ts';
import { registerAccount } from '../../../services/src/modules/identity/accounts.ts';
import { systemMeta } from '../../../services/src/platform/commands/metadata.ts';
import type { MembershipStarted } from '@acpg/contracts/memberships';
import { SAMPLE_PROPERTY_ID } from '../../../services/test/nhd.ts';
import { startMembershipFor, verifyPropertyFor } from '../../../services/test/reimbursement.ts';

let made = 0;

/** The roles a sign-up can give (they share the customer menu). */
export type CustomerRole = 'Customer' | 'Agent' | 'Broker' | 'Owner';
/** Roles an account may hold besides the Super Admin (seeded): the sign-up roles and those given later (issue 21). */
export type AccountRole = CustomerRole | 'Professional' | 'Service Provider' | 'Sub User' | 'Admin' | 'Provider Admin';

/**
 * A Customer account (or another sign-up role) registered straight in the app under test (as the sign-up's last step
 * registers one), for browser tests of the signed-in customer screens. Unique email per call.
 */
export const newCustomer = async (app: TestApp, name = 'Casey Customer', role: AccountRole = 'Customer'): Promise<{ email: string; password: string; accountId: string }> => {
  made += 1;
  const email = `${role.toLowerCase().replaceAll(' ', '-')}-${Date.now()}-${made}@example.test`;
  const password = 'correct horse battery staple 9';
  const ctx = await identityContext(app.platform);
  const { accountId } = await registerAccount(ctx, { email, fullName: name, roles: [role], password, phone: null }, systemMeta(app.platform, { actor: 'test' }));
  return { email, password, accountId };
};

/** A new Customer's sign-in, as `newCustomer` answers it. */
export type Customer = Awaited<ReturnType<typeof newCustomer>>;

/**
 * A member: a new Customer who verified a property (the sample one unless told) and whose membership started
 * `startedDaysAgo` days ago (120 unless told: a Yearly one past its 30-day waiting period, so it covers claims);
 * `membership` changes any field of its `MembershipStarted` (a Monthly plan in its trial ...). Each module's own events,
 * as the sign-up and the checkout would write them.
 */
export const newMember = async (
  app: TestApp,
  name: string,
  o: { propertyId?: string; startedDaysAgo?: number; membership?: Partial<MembershipStarted> } = {},
): Promise<Customer> => {
  const member = await newCustomer(app, name);
  await verifyPropertyFor(app, member.accountId, o.propertyId ?? SAMPLE_PROPERTY_ID);
  await startMembershipFor(app, member.accountId, o.startedDaysAgo ?? 120, o.membership ?? {});
  return member;
};
