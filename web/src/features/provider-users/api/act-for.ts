import type { EnrolmentView } from '@acpg/contracts/equity';
import type { NhdOrderView, RecipientInput } from '@acpg/contracts/nhd';
import type { MemberProperty, Payer } from '@acpg/contracts/on-behalf';
import { http } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: boolean; data: T; message?: string };
const member = (accountId: string) => encodeURIComponent(accountId);

/** A provider user's verified properties (a Provider Admin, for its provider's users). */
export const useMemberProperties = (accountId: string) => useResource((signal) => http.get<MemberProperty[]>(`/equity/members/${member(accountId)}/properties`, { signal }), [accountId]);

/** Protects the user's property for them: the enrollment is the user's; `payer` says who pays. */
export const enrolForMember = (accountId: string, body: { property_id: string; payer: Payer }) => http.post<Ok<EnrolmentView>>(`/equity/members/${member(accountId)}/enrollments`, body);

/** Orders an NHD report of the user's property for them (once per `order_id`). */
export const orderForMember = (accountId: string, body: { order_id: string; property_id: string; report_type: number; recipients: RecipientInput[]; escrow_users: []; payer: Payer }) =>
  http.post<Ok<NhdOrderView>>(`/nhd/members/${member(accountId)}/orders`, body);
