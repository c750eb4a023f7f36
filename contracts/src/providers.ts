import { z } from 'zod';
import { listQuery, withoutHiddenCharacters } from './http.ts';
import { PROVIDER_SORT_FIELDS } from './sort-fields.ts';
import { MailingAddress } from './sign-up.ts';
import { E164Phone } from './account.ts';

export { PROVIDER_SORT_FIELDS };

/**
 * Providers (spec sections 2, 3 and 6; issue 21 item 1): organizations (a homebuilder such as Lennar, a brokerage, an
 * escrow company) whose people use the product through them. Super Admins keep them at `/acpg-provider`. Stream
 * `providers-provider-<id>`; read model `providers`.
 */
export const PROVIDER_KINDS = ['Homebuilder', 'Brokerage', 'Escrow company', 'Title company', 'Other'] as const;
export const ProviderKind = z.enum(PROVIDER_KINDS, { error: `Pick a kind: ${PROVIDER_KINDS.join(', ')}` });
export type ProviderKind = z.infer<typeof ProviderKind>;

export const PROVIDER_STATUSES = ['active', 'deactivated'] as const;
export const ProviderStatus = z.enum(PROVIDER_STATUSES, { error: 'status must be active or deactivated' });
export type ProviderStatus = z.infer<typeof ProviderStatus>;

const email = z
  .email('Enter a valid email address')
  .max(254, 'An email address is at most 254 characters')
  .transform((e) => e.trim().toLowerCase());

/** Who to talk to at the provider. The phone is E.164 (the web's field builds it with libphonenumber-js; the server checks it with the same library). */
export const ProviderContact = z.object({
  name: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the contact name').max(120, 'A name is at most 120 characters')),
  email,
  phone: E164Phone.nullable(),
});
export type ProviderContact = z.infer<typeof ProviderContact>;

/** The provider's office (found through the properties' address autocomplete, or typed). */
export const ProviderAddress = MailingAddress;
export type ProviderAddress = z.infer<typeof ProviderAddress>;

/** What a Super Admin enters for a provider (create, and edit with the version read). */
export const ProviderDetails = z
  .object({
    name: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the provider name').max(120, 'A name is at most 120 characters')),
    kind: ProviderKind,
    contact: ProviderContact,
    address: ProviderAddress,
  })
  .strict();
export type ProviderDetails = z.infer<typeof ProviderDetails>;

/** `POST /api/v1/admin/providers`. */
export const CreateProviderBody = ProviderDetails;
export type CreateProviderBody = z.infer<typeof CreateProviderBody>;

/** `PUT /api/v1/admin/providers/:id`: the whole details, with the `version` they were read at (409 STALE_VERSION when it moved on). */
export const EditProviderBody = ProviderDetails.extend({ version: z.number({ error: 'version is the provider version you read' }).int().min(1) }).strict();
export type EditProviderBody = z.infer<typeof EditProviderBody>;

/** `PUT /api/v1/admin/providers/:id/logo`: `{ data: "<base64 or data: URL>" }`, a JPEG, PNG or WebP image checked by its content. */
export const PROVIDER_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const ProviderLogoBody = z.object({ data: z.string().min(1, 'Choose an image') }).strict();
/** Widths a logo is stored at (fitted inside a square, never enlarged), served as a srcset. */
export const PROVIDER_LOGO_WIDTHS = [64, 128, 256] as const;

/** `POST /api/v1/admin/providers/:id/admins`: appoint an existing account, named by its email. */
export const AppointProviderAdminBody = z.object({ email }).strict();
export type AppointProviderAdminBody = z.infer<typeof AppointProviderAdminBody>;

export const ProviderId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a provider id');
export const ProviderParams = z.object({ id: ProviderId });

export const ProviderLogo = z.object({
  /** The largest width's URL. */
  url: z.string(),
  srcset: z.string(),
});
export type ProviderLogo = z.infer<typeof ProviderLogo>;

/** The contact and address as answered (plain strings: a response is never transformed). */
const ContactView = z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() });
const AddressView = z.object({ line1: z.string(), line2: z.string().optional(), city: z.string(), state: z.string(), zip: z.string() });

/** One row of `GET /api/v1/admin/providers` (and the live message), with the version and position it reflects. */
export const ProviderView = z.object({
  id: z.string(),
  name: z.string(),
  kind: ProviderKind,
  contact: ContactView,
  address: AddressView,
  logo: ProviderLogo.nullable(),
  status: ProviderStatus,
  admin_count: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type ProviderView = z.infer<typeof ProviderView>;

export const ProviderAdminView = z.object({
  account_id: z.string(),
  /** From the providers module's copy of account contacts; null when the copy does not hold the account (yet). */
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  appointed_at: z.string(),
  appointed_by: z.string(),
});
export type ProviderAdminView = z.infer<typeof ProviderAdminView>;

/**
 * `GET /api/v1/admin/providers/:id`: the provider, its Provider Admins and what it counts at a glance. Only what the
 * providers module holds is counted; users, properties, orders, enrollments and claims come with provider users.
 */
export const ProviderDetail = ProviderView.extend({
  admins: z.array(ProviderAdminView),
  counts: z.object({ provider_admins: z.number().int().nonnegative() }),
});
export type ProviderDetail = z.infer<typeof ProviderDetail>;

/** What a change answers: the provider as written, and the stream version its read model will reach. */
export const ProviderSaved = z.object({ id: z.string(), status: ProviderStatus, version: z.number().int().nonnegative() });
export type ProviderSaved = z.infer<typeof ProviderSaved>;

export const ProviderListQuery = listQuery({
  sortFields: PROVIDER_SORT_FIELDS,
  defaultSort: 'name',
  defaultOrder: 'asc',
  filters: {
    q: z.string().trim().min(1).max(100, 'The search is at most 100 characters').optional(),
    status: ProviderStatus.optional(),
  },
});
export type ProviderListQuery = z.infer<typeof ProviderListQuery>;

/** `?min_version=` of `GET /admin/providers/:id`: wait, bounded, for the read model to hold the version a command answered. */
export const ProviderDetailQuery = z.object({ min_version: z.coerce.number().int().min(1).optional() });

/** socket.io message to Super Admins after a provider's row changed (a `ProviderView`). */
export const PROVIDER_UPDATED_MESSAGE = 'provider.updated';

// ---- Contract events (stream `providers-provider-<id>`) ----

const by = z.string().min(1);
const at = z.string().min(1);

export const ProviderCreated = z.object({ provider_id: z.string().min(1), ...ProviderDetails.shape, by, at });
export type ProviderCreated = z.infer<typeof ProviderCreated>;
export const ProviderEdited = ProviderCreated;
export type ProviderEdited = z.infer<typeof ProviderEdited>;
export const ProviderDeactivated = z.object({ provider_id: z.string().min(1), by, at });
export type ProviderDeactivated = z.infer<typeof ProviderDeactivated>;
export const ProviderReactivated = ProviderDeactivated;
export type ProviderReactivated = z.infer<typeof ProviderReactivated>;
/** A new logo: `logo_id` names the stored widths (`providers/logos/<logo_id>/<width>.webp`). */
export const ProviderLogoChanged = z.object({ provider_id: z.string().min(1), logo_id: z.string().min(1), widths: z.array(z.number().int().positive()).min(1), by, at });
export type ProviderLogoChanged = z.infer<typeof ProviderLogoChanged>;

/**
 * An account became (or stopped being) one of the provider's Provider Admins; identity gives (or takes) the role and
 * the provider id on the account (`AccountRolesChanged`). `appointed_by`: the Super Admin who made the change (for a
 * removal, who removed).
 */
export const ProviderAdminAppointed = z.object({ provider_id: z.string().min(1), account_id: z.string().min(1), appointed_by: z.string().min(1), at });
export type ProviderAdminAppointed = z.infer<typeof ProviderAdminAppointed>;
export const ProviderAdminRemoved = ProviderAdminAppointed;
export type ProviderAdminRemoved = z.infer<typeof ProviderAdminRemoved>;

export const PROVIDER_ADMIN_APPOINTED = 'ProviderAdminAppointed';
export const PROVIDER_ADMIN_REMOVED = 'ProviderAdminRemoved';
export const PROVIDER_ADMIN_EVENTS = [PROVIDER_ADMIN_APPOINTED, PROVIDER_ADMIN_REMOVED] as const;

export const PROVIDER_EVENT_TYPES = ['ProviderCreated', 'ProviderEdited', 'ProviderDeactivated', 'ProviderReactivated', 'ProviderLogoChanged', ...PROVIDER_ADMIN_EVENTS] as const;

/** Another module's copy of which provider an account is a Provider Admin of (null: none), from `PROVIDER_ADMIN_EVENTS`. */
export interface ProviderAdminship {
  provider_id: string | null;
}

/**
 * The published fold of `PROVIDER_ADMIN_EVENTS` per account: an appointment makes the account its provider's Provider
 * Admin; a removal by that provider ends it (a removal by a provider it has left changes nothing).
 */
export const nextProviderAdminship = (copy: ProviderAdminship | null, event: { type: string; data: unknown }): ProviderAdminship | null => {
  const d = ProviderAdminAppointed.safeParse(event.data);
  if (!d.success) return copy;
  if (event.type === PROVIDER_ADMIN_APPOINTED) return { provider_id: d.data.provider_id };
  if (event.type === PROVIDER_ADMIN_REMOVED) return copy?.provider_id === d.data.provider_id ? { provider_id: null } : copy;
  return copy;
};
