import type { ServiceKind } from '@acpg/contracts/content-documents';
import type { EquityPricing } from '@acpg/contracts/equity';
import type { ReportType } from '@acpg/contracts/nhd';
import type { Plan } from '@acpg/contracts/plans';
import { formatCents } from '../../lib/money.ts';

/** Where a visitor buys each service (a reimbursement is a member's: the page asks a visitor to sign in or up first). */
export const SERVICE_PATHS: Record<ServiceKind, string> = {
  membership: '/subscription-plan',
  'equity-protect': '/equity-protect',
  'nhd-report': '/nhd-order',
  reimbursement: '/property-reimbursement',
};

/** What each service's price is read from (never typed in content). */
export interface PriceSources {
  plans: readonly Plan[] | null;
  reportTypes: readonly ReportType[] | null;
  equity: EquityPricing | null;
}

/** "$74" for whole dollars, "$7.50" otherwise. */
const money = (cents: number) => formatCents(cents).replace(/\.00$/, '');
const listOf = (names: readonly string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * A service's price line from the plans, report types and Equity Protect's pricing; null while they load (or when the
 * service is not on sale: no active plan, no active report type).
 */
export function priceOf(kind: ServiceKind, sources: PriceSources): string | null {
  switch (kind) {
    case 'membership': {
      if (!sources.plans) return null;
      const sold = sources.plans.filter((p) => p.is_default && p.is_active);
      const monthly = sold.find((p) => p.name === 'Monthly');
      const yearly = sold.find((p) => p.name === 'Yearly');
      if (monthly && yearly) return `From ${money(monthly.amount)}/month or ${money(yearly.amount)}/year`;
      if (monthly) return `From ${money(monthly.amount)}/month`;
      if (yearly) return `${money(yearly.amount)}/year`;
      return null;
    }
    case 'equity-protect': {
      if (!sources.equity) return null;
      const { annual_price_cents: cents, included_plan_names: included } = sources.equity;
      const price = cents === 0 ? 'Free' : `${money(cents)}/year per property`;
      return included.length > 0 && cents > 0 ? `${price}, included with the ${listOf(included)} membership` : price;
    }
    case 'nhd-report': {
      if (!sources.reportTypes) return null;
      const prices = sources.reportTypes.filter((t) => t.is_active).map((t) => t.price_cents);
      if (prices.length === 0) return null;
      const lowest = Math.min(...prices);
      return prices.every((p) => p === lowest) ? `${money(lowest)} per report` : `From ${money(lowest)} per report`;
    }
    case 'reimbursement':
      return sources.plans ? 'Included with your membership' : null;
    default: {
      const never: never = kind;
      return never;
    }
  }
}
