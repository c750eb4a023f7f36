import { EquityPricing } from '@acpg/contracts/equity';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { PRICING_STREAM, pricingDecider } from './decider.ts';

export const PRICING_COLLECTION = 'equity_pricing';
/** The read model's one document: the pricing in force. */
export const PRICING_DOC_ID = 'current';

/** Read model `equity_pricing`: one document, the pricing as last defined (what the public Equity Protect page shows). */
export const pricingProjection = defineProjection({
  name: 'equity.pricing',
  collection: PRICING_COLLECTION,
  handles: ['EquityPricingDefined'],
  fromStored: (stored) => (stored.stream === PRICING_STREAM ? (pricingDecider.fromStored?.(stored) ?? null) : null),
  documentId: () => PRICING_DOC_ID,
  evolve: (_doc, event) => ({ _id: PRICING_DOC_ID, ...toPricing(event.data) }),
});

/** The pricing as the API shows it (its definition's who and when stay in the log). */
export const toPricing = ({ annual_price_cents, included_plan_names, features }: EquityPricing): EquityPricing => ({ annual_price_cents, included_plan_names, features });

/** The read model's document as the pricing (null for one the contract no longer reads). */
export const pricingOf = (doc: Doc): EquityPricing | null => {
  const parsed = EquityPricing.safeParse(doc);
  return parsed.success ? toPricing(parsed.data) : null;
};
