import { createFieldCipherFromConfig, type FieldCipher } from '../../platform/auth/encryption.ts';
import { createPasswordHasher, type PasswordHasher } from '../../platform/auth/passwords.ts';
import type { Platform } from '../../platform/module.ts';

/** What the identity module's handlers share: the platform plus its secrets (field cipher, OTP keys) and the hasher. */
export interface IdentityContext {
  platform: Platform;
  cipher: FieldCipher;
  passwords: PasswordHasher;
}

const contexts = new WeakMap<Platform, Promise<IdentityContext>>();
const hashers = new WeakMap<Platform['config'], PasswordHasher>();

/**
 * One hasher per running app (its config object), whatever view of the platform asks: every route, worker and test of
 * the app shares one scrypt queue, so its bounds (and the anonymous share) hold for the whole process.
 */
const hasherOf = (platform: Platform): PasswordHasher => {
  let hasher = hashers.get(platform.config);
  if (!hasher) {
    hasher = createPasswordHasher();
    hashers.set(platform.config, hasher);
  }
  return hasher;
};

/** One context per platform (the key files are read or created once). */
export const identityContext = (platform: Platform): Promise<IdentityContext> => {
  let context = contexts.get(platform);
  if (!context) {
    context = (async () => ({ platform, cipher: await createFieldCipherFromConfig(platform.config), passwords: hasherOf(platform) }))();
    context.catch(() => contexts.delete(platform));
    contexts.set(platform, context);
  }
  return context;
};
