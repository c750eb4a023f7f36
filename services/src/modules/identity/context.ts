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

/** One context per platform (the key files are read or created once). */
export const identityContext = (platform: Platform): Promise<IdentityContext> => {
  let context = contexts.get(platform);
  if (!context) {
    context = (async () => ({ platform, cipher: await createFieldCipherFromConfig(platform.config), passwords: createPasswordHasher() }))();
    context.catch(() => contexts.delete(platform));
    contexts.set(platform, context);
  }
  return context;
};
