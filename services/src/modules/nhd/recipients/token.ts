import { timingSafeEqual } from 'node:crypto';
import { createFieldCipherFromConfig, type FieldCipher } from '../../../platform/auth/encryption.ts';
import type { Platform } from '../../../platform/module.ts';

const PURPOSE = 'nhd-receipt-link';

const ciphers = new WeakMap<object, Promise<FieldCipher>>();
const cipherOf = (platform: Pick<Platform, 'config'>) => {
  let cipher = ciphers.get(platform.config);
  if (!cipher) ciphers.set(platform.config, (cipher = createFieldCipherFromConfig(platform.config)));
  return cipher;
};

/**
 * A recipient's link token: `<order id>.<recipient id>.<mac>`, the MAC an HMAC-SHA256 over both under a key derived
 * from ENCRYPTION_KEY for this purpose. Never stored: a retried email job makes the same link, and the order's events
 * say whether it was used (one acknowledgement per recipient) and since when it was sent (its expiry).
 */
export const receiptToken = async (platform: Pick<Platform, 'config'>, orderId: string, recipientId: string): Promise<string> => {
  const mac = (await cipherOf(platform)).hmac(PURPOSE, `${orderId}.${recipientId}`);
  return `${orderId}.${recipientId}.${Buffer.from(mac, 'hex').toString('base64url')}`;
};

/** The order and recipient a token names, or null when it is not one we made (compared in constant time). */
export const readReceiptToken = async (platform: Pick<Platform, 'config'>, token: string): Promise<{ orderId: string; recipientId: string } | null> => {
  const [orderId, recipientId, mac, extra] = token.split('.');
  if (!orderId || !recipientId || !mac || extra !== undefined || !/^[0-9a-f-]{36}$/i.test(orderId) || !/^r\d{1,3}$/.test(recipientId)) return null;
  const expected = Buffer.from((await receiptToken(platform, orderId, recipientId)).split('.')[2] ?? '', 'base64url');
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { orderId, recipientId } : null;
};
