import { z } from 'zod';

// A Provider Admin acting for one of its provider's users (issue 21 item 4): an Equity Protect enrollment or an NHD
// order that belongs to the user, placed by the Provider Admin, paid by the provider or left for the user to pay.

export const PAYERS = ['provider', 'user'] as const;
export const Payer = z.enum(PAYERS, { error: 'Choose who pays: the provider or the user' });
export type Payer = z.infer<typeof Payer>;
export const PAYER_LABELS: Record<Payer, string> = { provider: 'The provider pays', user: 'The user pays' };

/**
 * Who placed a thing for its owner (absent when the owner placed it): the Provider Admin's account, their provider,
 * and who pays. With `payer: 'provider'`, payments lets that Provider Admin pay it with their own card.
 */
export const PlacedBy = z.object({ account_id: z.string(), provider_id: z.string(), payer: Payer });
export type PlacedBy = z.infer<typeof PlacedBy>;

/** `:account_id` of the routes that act for one of the caller's provider's users. */
export const MemberParams = z.object({
  account_id: z.string({ error: 'Choose the user' }).trim().min(1, 'Choose the user').max(64, 'The user id is at most 64 characters').regex(/^[A-Za-z0-9_-]+$/, 'The user id holds letters, digits, hyphens and underscores only'),
});
export type MemberParams = z.infer<typeof MemberParams>;

/** One of a user's verified properties, as a Provider Admin picks it (`GET /api/v1/equity/members/:account_id/properties`). */
export const MemberProperty = z.object({
  property_id: z.string(),
  address_line: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.string(),
  zip: z.string(),
  apn: z.string(),
  verified_at: z.string(),
});
export type MemberProperty = z.infer<typeof MemberProperty>;
