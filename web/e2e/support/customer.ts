import type { TestApp } from '../../../services/test/harness.ts';
import { identityContext } from '../../../services/src/modules/identity/context.ts';
import { registerAccount } from '../../../services/src/modules/identity/accounts.ts';
import { systemMeta } from '../../../services/src/platform/commands/metadata.ts';

let made = 0;

/** The roles a sign-up can give (they share the customer menu). */
export type CustomerRole = 'Customer' | 'Agent' | 'Broker' | 'Owner';

/**
 * A Customer account (or another sign-up role) registered straight in the app under test (as the sign-up's last step
 * registers one), for browser tests of the signed-in customer screens. Unique email per call.
 */
export const newCustomer = async (app: TestApp, name = 'Casey Customer', role: CustomerRole = 'Customer'): Promise<{ email: string; password: string; accountId: string }> => {
  made += 1;
  const email = `${role.toLowerCase()}-${Date.now()}-${made}@example.test`;
  const password = 'correct horse battery staple 9';
  const ctx = await identityContext(app.platform);
  const { accountId } = await registerAccount(ctx, { email, fullName: name, roles: [role], password, phone: null }, systemMeta(app.platform, { actor: 'test' }));
  return { email, password, accountId };
};
