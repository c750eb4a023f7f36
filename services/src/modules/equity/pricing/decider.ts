import type { EquityPricing, EquityPricingDefined } from '@acpg/contracts/equity';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

/** One stream for the pricing; each definition replaces the one before (a price change reaches new enrolments only). */
export const PRICING_STREAM = 'equity-pricing-current';

export type PricingEvent = { type: 'EquityPricingDefined'; data: EquityPricingDefined };
export type DefinePricing = Command<'DefinePricing', EquityPricing>;
export type PricingState = { current: EquityPricingDefined | null };

const same = (a: EquityPricing, b: EquityPricing) =>
  a.annual_price_cents === b.annual_price_cents && JSON.stringify(a.included_plan_names) === JSON.stringify(b.included_plan_names) && JSON.stringify(a.features) === JSON.stringify(b.features);

export const pricingDecider: Decider<DefinePricing, PricingEvent, PricingState> = {
  initialState: () => ({ current: null }),
  evolve: (_state, event) => ({ current: event.data }),
  decide: (command, state) => {
    if (state.current && same(state.current, command.data)) return []; // saved again unchanged: nothing to record
    return [{ type: 'EquityPricingDefined', data: { ...command.data, ...signedBy(command.metadata) } }];
  },
  fromStored: ownEvents<PricingEvent>(['EquityPricingDefined']),
};
