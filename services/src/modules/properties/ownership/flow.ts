import type { OwnershipVerification, VerificationPassed } from '@acpg/contracts/properties';
import { createFieldCipherFromConfig, type FieldCipher } from '../../../platform/auth/encryption.ts';
import { publicUrl } from '../../../platform/config/public-url.ts';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import { postalMail } from '../../../platform/postal-mail/select.ts';
import { toSummary, type PropertyData } from '../../../platform/property-data/port.ts';
import { documentsLeft, lettersLeft, ownershipDecider, ownershipStream, refuse, triesInWords, triesLeft, type OwnershipState } from './decider.ts';
import { letterJob, newMailedCode } from './letter.ts';

const ciphers = new WeakMap<object, Promise<FieldCipher>>();
const cipherOf = (platform: Platform): Promise<FieldCipher> => {
  let cipher = ciphers.get(platform.config);
  if (!cipher) {
    cipher = createFieldCipherFromConfig(platform.config);
    ciphers.set(platform.config, cipher);
  }
  return cipher;
};

/** The stored digest of a code: HMAC under a key derived from ENCRYPTION_KEY, bound to the account and property. */
const codeHash = async (platform: Platform, accountId: string, propertyId: string, code: string) =>
  (await cipherOf(platform)).hmac('property-mailed-code', `${accountId}:${propertyId}:${code}`);

/** The member's view of a verification, from its state. */
export const viewOf = (state: OwnershipState, sentAt: string | null, verifiedAt: string | null): OwnershipVerification | null => {
  if (!state.property || state.status === 'none') return null;
  return {
    property_id: state.property.id,
    property: state.property,
    status: state.status,
    method: 'mailed_code',
    letters_sent: state.letters,
    letters_left: lettersLeft(state),
    tries_left: triesLeft(state),
    letter_sent_at: sentAt,
    code_expires_at: state.latest?.expiresAt ?? null,
    verified_at: verifiedAt,
    document: null,
    documents_left: documentsLeft(state),
  };
};

/**
 * Mails a new code to the property's address for the signed-in account: the letter is recorded (the code's HMAC
 * only), then its job enqueued with the code. Refused before anything is written when no postal mail is configured.
 */
export const requestLetter = async (
  platform: Platform,
  data: PropertyData,
  input: { accountId: string; propertyId: string },
  meta: CommandMeta,
): Promise<OwnershipVerification> => {
  const record = await data.findById(input.propertyId);
  if (!record) throw refuse('not_found', 'PROPERTY_NOT_FOUND', 'This property was not found. Look it up by its address or APN.');
  if (!postalMail(platform)) {
    throw refuse('unavailable', 'MAILED_CODES_UNAVAILABLE', 'Codes by mail are not available right now. Please try again later or contact us through the Contact Us page.');
  }
  const property = toSummary(record);
  const code = newMailedCode();
  const verificationId = meta.newId();
  const { state, events } = await handleCommand(
    platform.eventStore,
    ownershipStream(input.accountId, property.id),
    ownershipDecider,
    { type: 'MailCode', data: { verification_id: verificationId, account_id: input.accountId, property, code_hash: await codeHash(platform, input.accountId, property.id, code) }, metadata: meta },
    { retries: 3 },
  );
  const mailed = events.find((e) => e.type === 'PropertyCodeMailed');
  if (!mailed || mailed.type !== 'PropertyCodeMailed') throw new Error('MailCode recorded no letter');
  await letterJob.enqueue(platform, { verification_id: verificationId, property, code, expires_at: mailed.data.expires_at, public_url: publicUrl(platform.config) }, { id: `properties-letter:${verificationId}` });
  const view = viewOf(state, mailed.data.sent_at, null);
  if (!view) throw new Error('MailCode left no verification');
  return view;
};

export type CodeOutcome =
  | { verified: true; answer: VerificationPassed }
  | { verified: false; code: 'VERIFICATION_INCORRECT' | 'VERIFICATION_LOCKED'; message: string; tries_left: number };

/** Checks the code from the letter; a wrong one is counted (for the pair's whole life) and the last try locks it. */
export const enterCode = async (
  platform: Platform,
  input: { accountId: string; propertyId: string; code: string },
  meta: CommandMeta,
): Promise<CodeOutcome> => {
  const stream = ownershipStream(input.accountId, input.propertyId);
  const { events } = await handleCommand(
    platform.eventStore,
    stream,
    ownershipDecider,
    { type: 'EnterCode', data: { account_id: input.accountId, code_hash: await codeHash(platform, input.accountId, input.propertyId, input.code) }, metadata: meta },
    { retries: 1 }, // the same code sent twice at once: the second is told the property is verified
  );
  for (const event of events) {
    switch (event.type) {
      case 'PropertyVerified': {
        const { property_id, address_line, city, county, state, zip, apn } = event.data;
        return { verified: true, answer: { property_id, verified: true, property: { id: property_id, address_line, city, county, state, zip, apn } } };
      }
      case 'PropertyCodeRejected': {
        const left = event.data.tries_left;
        if (left === 0) {
          return {
            verified: false,
            code: 'VERIFICATION_LOCKED',
            message: 'That code is not right, and no tries are left: this property can no longer be verified by mail on your account. Contact us through the Contact Us page if it is yours.',
            tries_left: 0,
          };
        }
        return { verified: false, code: 'VERIFICATION_INCORRECT', message: `That code is not right. ${triesInWords(left)} left for this property. Check the code printed in the newest letter.`, tries_left: left };
      }
      default:
        break;
    }
  }
  throw new Error('EnterCode decided neither a verification nor a rejection');
};

/** The caller's verification of one property as it stands in its stream (after their own write), or null. */
export const currentVerification = async (platform: Platform, accountId: string, propertyId: string) => {
  const { state } = await loadStream(platform.eventStore, ownershipStream(accountId, propertyId), ownershipDecider);
  return state;
};
