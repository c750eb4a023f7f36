import { createFieldCipherFromConfig } from '../auth/encryption.ts';

/** The files' encryption key: derived (HKDF) from ENCRYPTION_KEY, like every other key at rest. */
export const filesKey = async (config: Parameters<typeof createFieldCipherFromConfig>[0]): Promise<Buffer> =>
  (await createFieldCipherFromConfig(config)).deriveKey('files');
