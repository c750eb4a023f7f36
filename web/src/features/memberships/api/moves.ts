import type { MembershipView, SwitchPlanBody } from '@acpg/contracts/memberships';
import type { Plan, PlanName, PlansResponse } from '@acpg/contracts/plans';
import { http, type Result } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: boolean; data: T };
/** What a move answers: the membership as it now stands (the list's row follows through `membership.updated`). */
export type Moved = Partial<MembershipView> & { id: string };

const path = (id: string, move: string) => `/memberships/${encodeURIComponent(id)}/${move}`;

/** Cancel at the end of the paid period; refusals (already cancelled, past due) come as HttpError with the reason. */
export const cancelMembership = (id: string) => http.post<Ok<Moved>>(path(id, 'cancel')).then((r) => r.data);
export const resumeMembership = (id: string) => http.post<Ok<Moved>>(path(id, 'resume')).then((r) => r.data);
export const switchPlan = (id: string, body: SwitchPlanBody) => http.post<Ok<Moved>>(path(id, 'switch'), body).then((r) => r.data);
/** Renew with a saved card; a failed renewal is charged to it at once. */
export const updateMembershipCard = (id: string, paymentMethodId: string) =>
  http.put<Ok<Moved>>(path(id, 'card'), { payment_method_id: paymentMethodId }).then((r) => r.data);

/** Each plan name's renewal price now (its active renewal plan, else its active default plan), in cents. */
export const renewalPrices = (plans: readonly Plan[]): Partial<Record<PlanName, number>> => {
  const prices: Partial<Record<PlanName, number>> = {};
  for (const name of ['Monthly', 'Yearly'] as const) {
    const active = plans.filter((p) => p.name === name && p.is_active);
    const plan = active.find((p) => !p.is_default) ?? active.find((p) => p.is_default);
    if (plan) prices[name] = plan.amount;
  }
  return prices;
};

/** GET /plans (public) for the renewal prices a switch shows. */
export const fetchRenewalPrices = async (signal: AbortSignal): Promise<Result<Partial<Record<PlanName, number>>>> => {
  const r = await http.get<PlansResponse>('/plans', { signal });
  return r.success ? { success: true, data: renewalPrices(r.data.plans) } : r;
};

export const useRenewalPrices = () => useResource(fetchRenewalPrices, []);
