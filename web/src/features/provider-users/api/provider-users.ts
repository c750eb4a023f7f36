import type { Page } from '@acpg/contracts/http';
import type { InviteProviderUserBody, InvitationPreview, ProviderInvitationsImportReport, ProviderUserProperties, ProviderUserSaved, ProviderUsersScope, ProviderUserView } from '@acpg/contracts/provider-users';
import type { ProviderView } from '@acpg/contracts/providers';
import { PROVIDER_USER_SORT_FIELDS, type SortField as SortFieldOf } from '@acpg/contracts/sort-fields';
import { http, type Query } from '../../../lib/http.ts';
import type { ListQuery, PagedListSpec } from '../../../lib/paged-list.ts';
import { useResource } from '../../../lib/use-resource.ts';

export type SortField = SortFieldOf<typeof PROVIDER_USER_SORT_FIELDS>;
export type FilterKey = 'q' | 'status' | 'provider_id';

/** /acpg-provider-users: newest invitations first, 10 a page; searched by email or name, filtered by status (and provider, for Super Admins and Admins). */
export const PROVIDER_USER_LIST: PagedListSpec<SortField, FilterKey> = {
  sortFields: PROVIDER_USER_SORT_FIELDS,
  defaultSort: 'invited_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['q', 'status', 'provider_id'],
};

type Ok<T> = { success: boolean; data: T; message?: string };

export const fetchProviderUsers = (query: ListQuery<SortField, FilterKey>, signal?: AbortSignal) =>
  http.get<Page<ProviderUserView>>('/provider-users', { query: { ...query } as Query, ...(signal ? { signal } : {}) });

/** Whose users the list shows: a Provider Admin's provider (its live room), none for Super Admins and Admins. */
export const useProviderUsersScope = () => useResource((signal) => http.get<ProviderUsersScope>('/provider-users/scope', { signal }), []);

/** Providers to pick from (Super Admins and Admins: the filter and the invite dialog). */
export const useProviderChoices = (enabled: boolean) =>
  useResource(
    async (signal) => (enabled ? http.get<Page<ProviderView>>('/admin/providers', { query: { page_size: 100, sort: 'name', order: 'asc', status: 'active' }, signal }) : { success: true as const, data: { items: [], total: 0, page: 1, page_size: 100 } }),
    [enabled],
  );

export const inviteProviderUser = (body: InviteProviderUserBody) => http.post<Ok<ProviderUserSaved>>('/provider-users/invitations', body);
export const attachProperties = (id: string, properties: string[]) => http.post<Ok<ProviderUserSaved>>(`/provider-users/${encodeURIComponent(id)}/attach-properties`, { properties });
/** A user's details, the properties attached to their invitation and those verified for their account. */
export const useProviderUserProperties = (id: string) =>
  useResource((signal) => http.get<ProviderUserProperties>(`/provider-users/${encodeURIComponent(id)}/properties`, { signal }), [id]);
export const actOnProviderUser = (id: string, action: 'resend' | 'revoke' | 'suspend' | 'reactivate' | 'remove') => http.post<Ok<ProviderUserSaved>>(`/provider-users/${encodeURIComponent(id)}/${action}`);
export const importInvitations = (file: Blob, providerId: string | null) =>
  http.post<Ok<ProviderInvitationsImportReport>>(`/provider-users/invitations/import${providerId ? `?provider_id=${encodeURIComponent(providerId)}` : ''}`, new Blob([file], { type: 'text/csv' }));

/** The invitation a sign-up link or code names (public): the email, role and provider to prefill. */
export const lookupInvitation = (key: { token: string } | { code: string }) => http.get<InvitationPreview>('/provider-invitations/lookup', { query: key });
export const acceptInvitation = (key: { token: string } | { code: string }) => http.post<Ok<ProviderUserSaved>>('/provider-invitations/accept', key);
