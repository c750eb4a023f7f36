import type { EquityPricing } from '@acpg/contracts/equity';
import type { ReportTypeList } from '@acpg/contracts/nhd';
import type { PlansResponse } from '@acpg/contracts/plans';
import { usePublicResource } from '../../../lib/public-resource.ts';
import type { PriceSources } from '../service-offers.ts';

/** The public reads each service's price comes from: `GET /plans`, `GET /nhd/report-types`, `GET /equity/pricing`. */
export function useServicePrices(): PriceSources {
  const plans = usePublicResource<PlansResponse>('/plans');
  const reportTypes = usePublicResource<ReportTypeList>('/nhd/report-types');
  const equity = usePublicResource<EquityPricing>('/equity/pricing');
  return {
    plans: plans.status === 'ready' ? plans.data.plans : null,
    reportTypes: reportTypes.status === 'ready' ? reportTypes.data.items : null,
    equity: equity.status === 'ready' ? equity.data : null,
  };
}
