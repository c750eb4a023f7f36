import { CardSaved, CheckoutStarted, PaymentFailed, PaymentSucceeded, type PaymentMethod } from '@acpg/contracts/payments';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';

export const CARDS_ON_FILE_COLLECTION = 'payments_cards_on_file';

export type OnFileEvent =
  | { type: 'CheckoutStarted'; data: CheckoutStarted }
  | { type: 'PaymentSucceeded'; data: PaymentSucceeded }
  | { type: 'PaymentFailed'; data: PaymentFailed }
  | { type: 'CardSaved'; data: CardSaved };

const SCHEMAS = { CheckoutStarted, PaymentSucceeded, PaymentFailed, CardSaved } as const;
const HANDLES = Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[];

const parse = (type: string, data: unknown): OnFileEvent | null => {
  if (!(type in SCHEMAS)) return null;
  const parsed = SCHEMAS[type as keyof typeof SCHEMAS].safeParse(data);
  return parsed.success ? ({ type, data: parsed.data } as OnFileEvent) : null;
};

type Pending = Record<string, PaymentMethod>;

/**
 * Read model `payments_cards_on_file`: per account, the card to offer at the next checkout: the card last saved for
 * renewals (`CardSaved`), or last paid with in the browser (a checkout's card once its `PaymentSucceeded` comes),
 * whichever came later. A checkout's card waits in `pending` until its outcome; renewals (off-session) change nothing.
 */
export const evolveCardOnFile = (doc: Doc | null, event: OnFileEvent, accountId: string): Doc => {
  const pending: Pending = { ...((doc?.pending as Pending | undefined) ?? {}) };
  const base = { _id: accountId, card: (doc?.card as PaymentMethod | null | undefined) ?? null };
  switch (event.type) {
    case 'CheckoutStarted': {
      const d = event.data;
      if (d.renewal) return { ...base, pending };
      pending[d.checkout_id] = { payment_method_id: d.payment_method_id, brand: d.card_brand, last4: d.card_last4 };
      return { ...base, pending };
    }
    case 'PaymentSucceeded': {
      const card = pending[event.data.checkout_id];
      delete pending[event.data.checkout_id];
      return { ...base, ...(card ? { card } : {}), pending };
    }
    case 'PaymentFailed':
      delete pending[event.data.checkout_id];
      return { ...base, pending };
    case 'CardSaved': {
      const d = event.data;
      return { ...base, card: { payment_method_id: d.payment_method_id, brand: d.card_brand, last4: d.card_last4 }, pending };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown card-on-file event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const cardsOnFileProjection = defineProjection<OnFileEvent>({
  name: 'payments.cards-on-file',
  collection: CARDS_ON_FILE_COLLECTION,
  handles: HANDLES,
  fromStored: (stored) => (stored.stream.startsWith('payments-checkout-') || stored.stream.startsWith('payments-card-') ? parse(stored.type, stored.data) : null),
  documentId: (event) => event.data.account_id,
  evolve: (doc, event) => evolveCardOnFile(doc, event, event.data.account_id),
});
