import { z } from 'zod';
import { PayoutDetails } from './payout-details.ts';
import { PIN_PATTERN, pinProblem } from './pin-rules.ts';
import { Beneficiary, BeneficiariesBody, MailingAddress } from './sign-up.ts';
import { ImageUpload } from './uploads.ts';

/**
 * What the identity module holds of a member beyond the profile (beneficiaries, mailing address, face photo and
 * signature, security PIN), seen and changed after sign-up on My Account (`/user-update-profile`). Every route is the
 * caller's own (no account id in the path). Changes to beneficiaries ask for the PIN; changing the PIN asks the
 * current one. Wrong PINs are counted: after `PIN_RULES.maxWrongTries` in a row the PIN is locked for
 * `PIN_RULES.lockSeconds`.
 */
export const PIN_RULES = { maxWrongTries: 5, lockSeconds: 15 * 60 } as const;

/** The PIN as typed to confirm a change (its strength is not checked here: it is compared with the stored one). */
export const CurrentPin = z.string().regex(PIN_PATTERN, 'Enter your PIN: 4 to 6 digits');

/** A PIN being chosen: 4 to 6 digits, not an easy one (`pin-rules.ts`). */
export const NewPin = z.string().superRefine((pin, ctx) => {
  const problem = pinProblem(pin);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** `PUT /account/beneficiaries`: the whole list (shares adding up to 100) and the PIN. */
export const ChangeBeneficiariesBody = BeneficiariesBody.extend({ pin: CurrentPin });
export type ChangeBeneficiariesBody = z.infer<typeof ChangeBeneficiariesBody>;

/** `PUT /account/mailing-address`. */
export const ChangeMailingAddressBody = z.object({ address: MailingAddress });
export type ChangeMailingAddressBody = z.infer<typeof ChangeMailingAddressBody>;

/** `PUT /account/face-signature`: a new face photo, a new signature, or both (images, checked by content). */
export const ChangeFaceSignatureBody = z
  .object({ face: ImageUpload.optional(), signature: ImageUpload.optional() })
  .refine((body) => body.face !== undefined || body.signature !== undefined, { message: 'Send a new face photo, a new signature, or both', path: ['face'] });
export type ChangeFaceSignatureBody = z.infer<typeof ChangeFaceSignatureBody>;

/** `PUT /account/pin`: `current_pin` is required once a PIN is set. */
export const ChangePinBody = z.object({ current_pin: CurrentPin.optional(), new_pin: NewPin });
export type ChangePinBody = z.infer<typeof ChangePinBody>;

export const MEMBER_IMAGES = ['face', 'signature'] as const;
export const MemberImage = z.enum(MEMBER_IMAGES);
export type MemberImage = z.infer<typeof MemberImage>;

/** `GET /account/data`: what we hold, decrypted for its owner; null where nothing was given yet. */
export const MemberData = z.object({
  beneficiaries: z.object({ list: z.array(Beneficiary), changed_at: z.string() }).nullable(),
  mailing_address: z.object({ address: MailingAddress, changed_at: z.string() }).nullable(),
  /** The images themselves: `GET /account/face-signature/face` and `/signature` (owner only). */
  face_signature: z.object({ face: z.boolean(), signature: z.boolean(), changed_at: z.string() }).nullable(),
  pin: z
    .object({
      set_at: z.string(),
      /** While wrong tries locked it: when it may be tried again. */
      locked_until: z.string().nullable(),
    })
    .nullable(),
  /** How reimbursements are paid to the member (`PUT /account/payout-details`), masked: an account number only as its last 4 digits. */
  payout_details: z.object({ details: PayoutDetails, changed_at: z.string() }).nullable(),
});
export type MemberData = z.infer<typeof MemberData>;

/** `code` of the error envelope for these routes. */
export const MEMBER_DATA_ERROR_CODES = [
  'PIN_INCORRECT', // 400 the PIN does not match (the message gives the tries left)
  'PIN_LOCKED', // 429 too many wrong PINs: wait `retry_after_seconds`
  'PIN_NOT_SET', // 409 set a security PIN first
  'IMAGE_NOT_FOUND', // 404 no face photo or signature on file
  'MAILING_ADDRESS_REQUIRED', // 409 a mailed check needs a mailing address on file
] as const;
export type MemberDataErrorCode = (typeof MEMBER_DATA_ERROR_CODES)[number];
