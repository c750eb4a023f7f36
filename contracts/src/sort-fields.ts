/**
 * The sort fields of every list route, without zod: the list queries (`listQuery` in each contract) and the web's
 * list screens import these, so a screen's chunk gets the real lists without pulling the schemas in.
 */
/** GET /admin/accounts (account administration). */
export const ADMIN_ACCOUNT_SORT_FIELDS = ['created_at', 'full_name', 'email'] as const;
export const BLOG_SORT_FIELDS = ['published_at', 'title'] as const;
export const CLAIM_SORT_FIELDS = ['submitted_at', 'updated_at', 'amount_cents', 'status'] as const;
export const ENROLMENT_SORT_FIELDS = ['requested_at', 'updated_at', 'status', 'county'] as const;
export const ALERT_SORT_FIELDS = ['raised_at', 'updated_at', 'status', 'county'] as const;
export const IMPORT_SORT_FIELDS = ['imported_at'] as const;
export const INTERACTION_SORT_FIELDS = ['created_at', 'page_name', 'button_name', 'interaction_type', 'user_id'] as const;
export const MEMBERSHIP_SORT_FIELDS = ['started_at', 'next_renewal_at', 'plan_name'] as const;
export const NHD_ORDER_SORT_FIELDS = ['placed_at', 'updated_at', 'amount_cents', 'status'] as const;
/** GET /payments/mine and GET /admin/payments. */
export const PAYMENT_SORT_FIELDS = ['started_at', 'amount_cents'] as const;
export const PLAN_SORT_FIELDS = ['name', 'amount', 'id'] as const;
export const PROMO_CODE_SORT_FIELDS = ['created_at', 'code', 'valid_from', 'valid_to', 'redeemed_count'] as const;
export const VERIFIED_PROPERTY_SORT_FIELDS = ['verified_at', 'address_line', 'city'] as const;
export const PROPERTY_DOCUMENT_SORT_FIELDS = ['submitted_at', 'reviewed_at'] as const;

/** One of a list's sort fields, e.g. `SortField<typeof PLAN_SORT_FIELDS>`. */
export type SortField<L extends readonly string[]> = L[number];
/** GET /admin/providers. */
export const PROVIDER_SORT_FIELDS = ['name', 'created_at', 'updated_at'] as const;
/** Provider users (`/acpg-provider-users`). */
export const PROVIDER_USER_SORT_FIELDS = ['email', 'status', 'invited_at', 'updated_at'] as const;
