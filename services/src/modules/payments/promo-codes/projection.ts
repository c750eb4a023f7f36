import { PROMO_CODE_UPDATED_MESSAGE, type PromoCodeView } from '@acpg/contracts/promo-codes';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection, type ProjectionPush } from '../../../platform/projections/define.ts';
import { PROMO_CODE_EVENT_TYPES, toPromoCodeEvent, type PromoCodeEvent } from './decider.ts';

export const PROMO_CODES_COLLECTION = 'payments_promo_codes';

const terms = (data: Extract<PromoCodeEvent, { type: 'PromoCodeCreated' | 'PromoCodeEdited' }>['data']) => ({
  discount_kind: data.discount_kind,
  discount_value: data.discount_value,
  plan_ids: data.plan_ids,
  valid_from: data.valid_from,
  valid_to: data.valid_to,
  max_redemptions: data.max_redemptions,
  max_per_account: data.max_per_account,
});

/** Read model `payments_promo_codes`: one row per code, its terms, status and redemption counts (the admin list). */
export const evolvePromoCodeRow = (doc: Doc | null, event: PromoCodeEvent, at: string): Doc | null => {
  switch (event.type) {
    case 'PromoCodeCreated':
      return { _id: event.data.code, code: event.data.code, ...terms(event.data), status: 'active', redeemed_count: 0, reserved_count: 0, created_at: event.data.created_at, updated_at: at };
    case 'PromoCodeEdited':
      return doc && { ...doc, ...terms(event.data), updated_at: at };
    case 'PromoCodeDeactivated':
      return doc && { ...doc, status: 'inactive', updated_at: at };
    case 'PromoCodeActivated':
      return doc && { ...doc, status: 'active', updated_at: at };
    case 'PromoCodeReserved':
    case 'PromoCodeRedeemed':
    case 'PromoCodeReleased':
      return doc && { ...doc, reserved_count: event.data.reserved_count, redeemed_count: event.data.redeemed_count };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown promo code event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** A row as the API shows it (the runner's version and position kept for live merging). */
export const toPromoCodeView = (doc: Doc): PromoCodeView => ({
  code: String(doc.code),
  discount_kind: doc.discount_kind as PromoCodeView['discount_kind'],
  discount_value: Number(doc.discount_value),
  plan_ids: (doc.plan_ids as string[] | undefined) ?? [],
  valid_from: String(doc.valid_from),
  valid_to: (doc.valid_to as string | null) ?? null,
  max_redemptions: (doc.max_redemptions as number | null) ?? null,
  max_per_account: (doc.max_per_account as number | null) ?? null,
  status: doc.status === 'inactive' ? 'inactive' : 'active',
  redeemed_count: Number(doc.redeemed_count ?? 0),
  reserved_count: Number(doc.reserved_count ?? 0),
  created_at: String(doc.created_at),
  updated_at: String(doc.updated_at),
  version: Number(doc._version ?? 0),
  position: Number(doc._position ?? 0),
});

/** After the write: the changed row to every Super Admin watching the list. */
const pushPromoCodes: ProjectionPush<PromoCodeEvent> = (applied, realtime) => {
  for (const { doc } of applied) if (doc) realtime.toRole('Super Admin', PROMO_CODE_UPDATED_MESSAGE, toPromoCodeView(doc));
};

export const promoCodesProjection = defineProjection({
  name: 'payments.promo-codes',
  collection: PROMO_CODES_COLLECTION,
  handles: PROMO_CODE_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('payments-promocode-') ? toPromoCodeEvent(stored) : null),
  documentId: (event) => event.data.code,
  evolve: (doc, event, stored) => evolvePromoCodeRow(doc, event, stored.occurredAt),
  indexes: ['created_at', 'code', 'valid_from', 'valid_to', 'redeemed_count', 'status'],
  push: pushPromoCodes,
});
