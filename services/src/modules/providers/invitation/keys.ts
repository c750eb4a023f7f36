import { createHash, timingSafeEqual } from 'node:crypto';
import { INVITATION_CODE_ALPHABET } from '@acpg/contracts/provider-users';
import { createFieldCipherFromConfig, type FieldCipher } from '../../../platform/auth/encryption.ts';
import type { Platform } from '../../../platform/module.ts';

const LINK = 'provider-invitation-link';
const CODE = 'provider-invitation-code';

const ciphers = new WeakMap<object, Promise<FieldCipher>>();
const cipherOf = (platform: Pick<Platform, 'config'>) => {
  let cipher = ciphers.get(platform.config);
  if (!cipher) ciphers.set(platform.config, (cipher = createFieldCipherFromConfig(platform.config)));
  return cipher;
};

/** One invitation stream per provider and email: its id derives from both, so a second invitation finds the first. */
export const invitationIdOf = (providerId: string, email: string): string => createHash('sha256').update(`${providerId}\n${email.toLowerCase()}`).digest('hex').slice(0, 32);

/**
 * The link's token for one send: `<invitation id>.<send>.<mac>`, an HMAC under a key derived from ENCRYPTION_KEY.
 * Never stored; a resend makes send + 1, so the older link names a replaced send.
 */
export const linkToken = async (platform: Pick<Platform, 'config'>, invitationId: string, send: number): Promise<string> => {
  const mac = (await cipherOf(platform)).hmac(LINK, `${invitationId}.${send}`);
  return `${invitationId}.${send}.${Buffer.from(mac, 'hex').toString('base64url')}`;
};

/** The invitation and send a token names, or null when it is not one we made (compared in constant time). */
export const readLinkToken = async (platform: Pick<Platform, 'config'>, token: string): Promise<{ invitationId: string; send: number } | null> => {
  const [invitationId, sendText, mac, extra] = token.split('.');
  if (!invitationId || !sendText || !mac || extra !== undefined || !/^[a-f0-9]{32}$/.test(invitationId) || !/^[1-9]\d{0,5}$/.test(sendText)) return null;
  const send = Number(sendText);
  const expected = Buffer.from((await linkToken(platform, invitationId, send)).split('.')[2] ?? '', 'base64url');
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { invitationId, send } : null;
};

/** The short code of one send: 10 characters of Crockford base 32 from an HMAC (about 50 bits), never stored. */
export const invitationCode = async (platform: Pick<Platform, 'config'>, invitationId: string, send: number): Promise<string> => {
  const bytes = Buffer.from((await cipherOf(platform)).hmac(CODE, `${invitationId}.${send}`), 'hex');
  return Array.from(bytes.subarray(0, 10), (b) => INVITATION_CODE_ALPHABET[b % 32]).join('');
};

/** What events and the read model keep of a code: its SHA-256. */
export const codeHashOf = (code: string): string => createHash('sha256').update(code).digest('hex');

/** A code as people read it: `ABCDE-FGHJK`. */
export const spacedCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;
