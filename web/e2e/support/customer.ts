import type { TestApp } from '../../../services/test/harness.ts';
import { identityContext } from '../../../services/src/modules/identity/context.ts';
import { registerAccount } from '../../../services/src/modules/identity/accounts.ts';
import { systemMeta } from '../../../services/src/platform/commands/metadata.ts';

let made = 0;

/**
 * A Customer account registered straight in the app under test (as the sign-up's last step registers one), for
 * browser tests of the signed-in customer screens. Unique email per call.
 */
export const newCustomer = async (app: TestApp, name = 'Casey Customer'): Promise<{ email: string; password: string; accountId: string }> => {
  made += 1;
  const email = `customer-${Date.now()}-${made}@example.test`;
  const password = 'correct horse battery staple 9';
  const ctx = await identityContext(app.platform);
  const { accountId } = await registerAccount(ctx, { email, fullName: name, roles: ['Customer'], password, phone: null }, systemMeta(app.platform, { actor: 'test' }));
  return { email, password, accountId };
};
