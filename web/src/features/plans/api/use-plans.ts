import type { PlansResponse } from '@acpg/contracts/plans';
import { useResource } from '../../../lib/use-resource.ts';
import { fetchPlans } from './plans.ts';

/** The plans list (GET /plans), with loading, error and reload. */
export const usePlans = () => useResource<PlansResponse>((signal) => fetchPlans(signal), []);
