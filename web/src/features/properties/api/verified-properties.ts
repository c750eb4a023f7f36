import type { Page } from '@acpg/contracts/http';
import type { PropertySummary, VerifiedProperty } from '@acpg/contracts/properties';
import { http, type Result } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';

/** The signed-in account's verified properties, newest first (at most 100: quick picks, not a list to page). */
export const fetchVerifiedProperties = (signal: AbortSignal) => http.get<Page<VerifiedProperty>>('/properties/verified', { signal, query: { page_size: 100 } });

const nothing = (): Promise<Result<Page<VerifiedProperty>>> => Promise.resolve({ success: false, message: 'Not signed in', data: null });

/** Read only when `signedIn` (a visitor has none, and the route would answer 401). */
export const useVerifiedProperties = (signedIn: boolean) => useResource(signedIn ? fetchVerifiedProperties : nothing, [signedIn]);

/** A verified property as the property search answers one, so a flow takes either the same way. */
export const summaryOf = ({ property_id, address_line, city, county, state, zip, apn }: VerifiedProperty): PropertySummary => ({ id: property_id, address_line, city, county, state, zip, apn });
