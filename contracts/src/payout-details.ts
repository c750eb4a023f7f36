import { z } from 'zod';
import { withoutHiddenCharacters } from './http.ts';
import { PIN_PATTERN } from './pin-rules.ts';
import { MailingAddress } from './sign-up.ts';

/**
 * How a member's approved reimbursements are paid to them (issue 19 item 5): direct deposit to a US bank account, or a
 * check mailed to the mailing address on file. Kept by the identity module on My Account (`PUT /account/payout-details`,
 * asks the security PIN). The full routing and account numbers are kept encrypted at rest by identity; every ordinary
 * answer and every published event carries only the last 4 digits of the account number (and never the routing number).
 * A Super Admin paying a claim reveals them on purpose, with a reason that is recorded (`RevealPayoutDetailsBody`).
 */
export const PAYOUT_DETAILS_METHODS = ['direct_deposit', 'check'] as const;
export const PayoutDetailsMethod = z.enum(PAYOUT_DETAILS_METHODS, { error: 'Choose direct deposit or a mailed check' });
export type PayoutDetailsMethod = z.infer<typeof PayoutDetailsMethod>;

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export const BankAccountType = z.enum(BANK_ACCOUNT_TYPES, { error: 'Choose checking or savings' });
export type BankAccountType = z.infer<typeof BankAccountType>;

/**
 * The ABA routing number checksum: 9 digits d1..d9 with 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) a multiple of 10.
 * Catches every single mistyped digit and most swaps of two neighbours.
 */
export const abaChecksumValid = (routing: string): boolean => {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const at = (i: number) => d[i] ?? 0;
  const sum = 3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8));
  return sum % 10 === 0;
};

export const RoutingNumber = z
  .string({ error: 'Enter the 9-digit routing number' })
  .trim()
  .regex(/^\d{9}$/, 'Enter the 9-digit routing number')
  .refine(abaChecksumValid, 'This is not a valid routing number: check the 9 digits');

/** US bank account numbers run 4 to 17 digits. */
export const BankAccountNumber = z
  .string({ error: 'Enter the account number' })
  .trim()
  .regex(/^\d{4,17}$/, 'Enter the account number: 4 to 17 digits');

const PinField = z.string({ error: 'Enter your PIN: 4 to 6 digits' }).regex(PIN_PATTERN, 'Enter your PIN: 4 to 6 digits');

/** `PUT /account/payout-details`: direct deposit (the bank account) or a mailed check, and the security PIN. */
export const ChangePayoutDetailsBody = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('direct_deposit'),
      account_holder: withoutHiddenCharacters(z.string({ error: 'Enter the account holder name' }).trim().min(1, 'Enter the account holder name').max(120, 'Use at most 120 characters')),
      bank_name: withoutHiddenCharacters(z.string().trim().max(120, 'Use at most 120 characters')).optional(),
      routing_number: RoutingNumber,
      account_number: BankAccountNumber,
      account_type: BankAccountType,
      pin: PinField,
    }),
    z.object({ method: z.literal('check'), pin: PinField }),
  ],
  { error: 'Choose direct deposit or a mailed check' },
);
export type ChangePayoutDetailsBody = z.infer<typeof ChangePayoutDetailsBody>;

/** Where the money goes, masked: the account number only as its last 4 digits; a check names the address it is mailed to. */
export const PayoutDetails = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('direct_deposit'),
    account_holder: z.string(),
    bank_name: z.string().nullable(),
    account_type: BankAccountType,
    account_last4: z.string().regex(/^\d{4}$/),
  }),
  z.object({ method: z.literal('check'), mailing_address: MailingAddress }),
]);
export type PayoutDetails = z.infer<typeof PayoutDetails>;

/** The last 4 digits of an account number: all that is answered or published of it. */
export const last4 = (accountNumber: string) => accountNumber.slice(-4);

/** One line for an address ("1 Main St, Apt 2, Fresno, CA 93701"). */
export const addressLine = (a: MailingAddress) => [a.line1, a.line2, a.city, `${a.state} ${a.zip}`].filter((part) => part && part.trim() !== '').join(', ');

/** "Direct deposit to checking ····6789, Jane Doe" or "Check mailed to 1 Main St, Fresno, CA 93701". */
export const payoutDestinationText = (details: PayoutDetails): string =>
  details.method === 'direct_deposit'
    ? `Direct deposit to ${details.account_type} ····${details.account_last4}${details.bank_name ? ` at ${details.bank_name}` : ''}, ${details.account_holder}`
    : `Check mailed to ${addressLine(details.mailing_address)}`;

// ---- Reveal (Super Admin, paying a claim) ----
/** `POST /admin/accounts/:account_id/payout-details/reveal`: why the full bank numbers are needed (recorded). */
export const RevealPayoutDetailsBody = z.object({
  reason: withoutHiddenCharacters(
    z.string({ error: 'Say why you need the bank details' }).trim().min(1, 'Say why you need the bank details').max(500, 'Use at most 500 characters'),
  ),
});
export type RevealPayoutDetailsBody = z.infer<typeof RevealPayoutDetailsBody>;

/** The full bank numbers of a member paid by direct deposit, as revealed to a Super Admin (never cached, never logged). */
export const RevealedBankAccount = z.object({
  account_holder: z.string(),
  bank_name: z.string().nullable(),
  routing_number: z.string().regex(/^\d{9}$/),
  account_number: z.string().regex(/^\d{4,17}$/),
  account_type: BankAccountType,
  /** When this reveal was recorded. */
  revealed_at: z.string(),
});
export type RevealedBankAccount = z.infer<typeof RevealedBankAccount>;

// ---- Contract event ----
/**
 * Data of `MemberPayoutDetailsChanged` (stream `identity-memberdata-<account id>`): the member's payout details, masked
 * (never the account number, never the routing number). Published again with the new address when the mailing address
 * of a member paid by check changes.
 */
export const MEMBER_PAYOUT_DETAILS_CHANGED = 'MemberPayoutDetailsChanged';
export const PAYOUT_CHANGE_REASONS = ['changed', 'mailing_address_changed'] as const;
export const MemberPayoutDetailsChanged = z.object({
  account_id: z.string(),
  details: PayoutDetails,
  /** `changed`: the member changed them (PIN entered); `mailing_address_changed`: a check followed the new mailing address. */
  reason: z.enum(PAYOUT_CHANGE_REASONS),
  at: z.string(),
});
export type MemberPayoutDetailsChanged = z.infer<typeof MemberPayoutDetailsChanged>;

export const PAYOUT_DETAILS_EVENTS = [MEMBER_PAYOUT_DETAILS_CHANGED] as const;

/** What another module keeps of a member's payout details. */
export interface PayoutDetailsCopy {
  account_id: string;
  details: PayoutDetails;
  changed_at: string;
}

/** The published fold of `PAYOUT_DETAILS_EVENTS`: the copy after `event` (an event it cannot read leaves it as it was). */
export const nextPayoutDetails = (copy: PayoutDetailsCopy | null, event: { type: string; data: unknown }): PayoutDetailsCopy | null => {
  if (event.type !== MEMBER_PAYOUT_DETAILS_CHANGED) return copy;
  const d = MemberPayoutDetailsChanged.safeParse(event.data);
  return d.success ? { account_id: d.data.account_id, details: d.data.details, changed_at: d.data.at } : copy;
};

/** `GET /reimbursements/payout-destination` and the admin's per claim: where a claim's payout goes; null details: none on file. */
export const PayoutDestination = z.object({
  details: PayoutDetails.nullable(),
  changed_at: z.string().nullable(),
  /** In words, as the dialog and the claim show it; says so when none is on file. */
  summary: z.string(),
});
export type PayoutDestination = z.infer<typeof PayoutDestination>;

export const NO_PAYOUT_DETAILS = 'No payout details on file.';
