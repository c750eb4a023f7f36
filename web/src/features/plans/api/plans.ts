import type { PlansResponse } from '@acpg/contracts/plans';
import { http } from '../../../lib/http.ts';

/** Every plan, default and renewal, Monthly and Yearly (public). */
export const fetchPlans = (signal: AbortSignal) => http.get<PlansResponse>('/plans', { signal });
