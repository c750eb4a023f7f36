import type { OwnershipVerification, OwnershipVerificationList, PropertySearchResult, PropertySummary, VerificationPassed } from '@acpg/contracts/properties';
import { HttpError, http, type Result } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: true; data: T; message?: string };

export const searchProperties = (q: string, limit: number, signal?: AbortSignal): Promise<Result<PropertySearchResult>> =>
  http.get<PropertySearchResult>('/properties/search', { query: { q, limit }, ...(signal ? { signal } : {}) });

export const fetchProperty = (id: string): Promise<Result<PropertySummary>> => http.get<PropertySummary>(`/properties/${encodeURIComponent(id)}`);

/** The signed-in account's verifications: letters on their way, verified, locked. */
export const fetchMyVerifications = (signal?: AbortSignal): Promise<Result<OwnershipVerificationList>> =>
  http.get<OwnershipVerificationList>('/properties/verifications/mine', signal ? { signal } : {});
export const useMyVerifications = () => useResource((signal) => fetchMyVerifications(signal), []);

/** Mails a one-time code to the property's address (each letter counts: 3 per property, ever). */
export const mailVerificationCode = (propertyId: string) =>
  http.post<Ok<OwnershipVerification>>(`/properties/${encodeURIComponent(propertyId)}/verifications/letters`).then((r) => r.data);

/** The code from the letter; a wrong one is refused with the tries left. */
export const enterVerificationCode = (propertyId: string, code: string) =>
  http.post<Ok<VerificationPassed>>(`/properties/${encodeURIComponent(propertyId)}/verifications/code`, { code }).then((r) => r.data);

/** A refusal's code and tries left, from the error envelope the server answered. */
export function refusalOf(error: unknown): { status: number; code: string | null; message: string; triesLeft: number | null } {
  if (error instanceof HttpError) {
    const body = (error.body ?? {}) as { code?: unknown; tries_left?: unknown };
    return {
      status: error.status,
      code: typeof body.code === 'string' ? body.code : null,
      message: error.message,
      triesLeft: typeof body.tries_left === 'number' ? body.tries_left : null,
    };
  }
  return { status: 0, code: null, message: 'The server could not be reached. Check your connection and try again.', triesLeft: null };
}

/** "1234 Oak Street, San Jose, CA 95125": how the app writes a property's address. */
export const formatAddress = (p: Pick<PropertySummary, 'address_line' | 'city' | 'state' | 'zip'>): string => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`;
