import type { Page } from '@acpg/contracts/http';
import type { ChangeBeneficiariesBody, ChangeFaceSignatureBody, ChangeMailingAddressBody, ChangePinBody, MemberData, MemberImage } from '@acpg/contracts/member-data';
import type { ChangePayoutDetailsBody } from '@acpg/contracts/payout-details';
import type { VerifiedProperty } from '@acpg/contracts/properties';
import { API_BASE, http, HttpError, refreshAccessToken } from '../../../lib/http.ts';
import { session } from '../../../lib/session.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: true; data: T; message?: string };
const saved = (r: Ok<MemberData>, fallback: string) => ({ data: r.data, message: r.message ?? fallback });

/** What we hold about the signed-in member (beneficiaries, mailing address, face and signature, PIN, payout details). */
export const fetchMemberData = (signal: AbortSignal) => http.get<MemberData>('/account/data', { signal });
export const useMemberData = () => useResource(fetchMemberData, []);

export const saveBeneficiaries = (body: ChangeBeneficiariesBody) => http.put<Ok<MemberData>>('/account/beneficiaries', body).then((r) => saved(r, 'Your beneficiaries were saved.'));
export const saveMailingAddress = (body: ChangeMailingAddressBody) => http.put<Ok<MemberData>>('/account/mailing-address', body).then((r) => saved(r, 'Your mailing address was saved.'));
export const saveFaceSignature = (body: ChangeFaceSignatureBody) => http.put<Ok<MemberData>>('/account/face-signature', body).then((r) => saved(r, 'Saved.'));
export const savePayoutDetails = (body: ChangePayoutDetailsBody) => http.put<Ok<MemberData>>('/account/payout-details', body).then((r) => saved(r, 'Your payout details were saved.'));
export const savePin = (body: ChangePinBody) => http.put<Ok<MemberData>>('/account/pin', body).then((r) => saved(r, 'Your PIN was changed.'));

/** The member's own face photo or signature: sent with the token (an <img> sends none), shown from a blob URL. */
export async function fetchMemberImage(which: MemberImage, signal: AbortSignal): Promise<Blob> {
  const attempt = () =>
    fetch(`${API_BASE}/account/face-signature/${which}`, { signal, headers: session.accessToken ? { Authorization: `Bearer ${session.accessToken}` } : {}, credentials: 'same-origin' });
  let res = await attempt();
  if (res.status === 401 && (await refreshAccessToken())) res = await attempt();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(res.status, body?.message ?? 'The image could not be loaded.', body);
  }
  return res.blob();
}

/** The properties the member verified (newest first). */
export const fetchVerifiedProperties = (signal: AbortSignal) => http.get<Page<VerifiedProperty>>('/properties/verified', { signal, query: { page_size: 100 } });
export const useVerifiedProperties = () => useResource(fetchVerifiedProperties, []);
