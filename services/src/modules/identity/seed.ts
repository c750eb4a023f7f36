import { passwordProblem } from '../../platform/auth/passwords.ts';
import type { Platform } from '../../platform/module.ts';
import { E164, registerAccount } from './accounts.ts';
import { identityContext } from './context.ts';
import { systemMeta } from '../../platform/commands/metadata.ts';

/**
 * The first Super Admin, from SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD (SEED_ADMIN_PHONE, SEED_ADMIN_NAME optional).
 * Idempotent: when the email already has an account, nothing changes (not even the password). No default password.
 */
export const seedAdmin = async (platform: Platform): Promise<void> => {
  const { SEED_ADMIN_EMAIL: email, SEED_ADMIN_PASSWORD: password, SEED_ADMIN_PHONE: phone, SEED_ADMIN_NAME: fullName } = platform.config;
  if (!email || !password) return;
  const problem = passwordProblem(password);
  if (problem) throw new Error(`SEED_ADMIN_PASSWORD is refused: ${problem}`);
  if (phone && !E164.test(phone)) throw new Error('SEED_ADMIN_PHONE must be an E.164 number, e.g. +14155550123');
  const ctx = await identityContext(platform);
  const { accountId, created } = await registerAccount(
    ctx,
    { email, fullName, roles: ['Super Admin'], password, phone: phone ?? null },
    systemMeta(platform, { actor: 'seed' }),
  );
  platform.log.info({ accountId, created }, created ? 'seeded the Super Admin' : 'the seeded Super Admin exists already');
};
