import { useEffect, useState } from 'react';
import type { InvitationPreview } from '@acpg/contracts/provider-users';
import { http, isFailure } from '../../lib/http.ts';

/**
 * A provider's invitation carried through the sign-up (`/sign-up?invitation=<token>`, or its short code typed on
 * `/sign-up`): the link's token or the code is kept in this tab's sessionStorage (never a password or a sign-in code),
 * the account details prefill the invited email (fixed), the role and, for an Agent or a Broker, the provider as
 * brokerage; once the email code signs the new account in, the invitation is accepted (`POST
 * /provider-invitations/accept`), which the server allows only for the invited email.
 */
const KEY = 'acpg.sign-up.invitation';

export type InvitationKey = { token: string } | { code: string };

const tab = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

const parse = (raw: string | null): InvitationKey | null => {
  try {
    const value = raw ? (JSON.parse(raw) as Partial<Record<'token' | 'code', unknown>>) : null;
    if (typeof value?.token === 'string' && value.token) return { token: value.token };
    if (typeof value?.code === 'string' && value.code) return { code: value.code };
  } catch {
    // Not ours: nothing kept.
  }
  return null;
};

/** The attached properties the user checked ("Your provider added these properties"), kept beside the invitation. */
const PROPERTIES_KEY = `${KEY}.properties`;

export const keepInvitation = (key: InvitationKey): void => tab()?.setItem(KEY, JSON.stringify(key));
export const pendingInvitation = (): InvitationKey | null => parse(tab()?.getItem(KEY) ?? null);
export const forgetInvitation = (): void => {
  tab()?.removeItem(KEY);
  tab()?.removeItem(PROPERTIES_KEY);
};

export const keepConfirmedProperties = (ids: readonly string[]): void => tab()?.setItem(PROPERTIES_KEY, JSON.stringify(ids));
export const confirmedProperties = (): string[] => {
  try {
    const value: unknown = JSON.parse(tab()?.getItem(PROPERTIES_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/** The invitation named by `?invitation=` (kept for the rest of the sign-up), else the one kept earlier in this tab. */
export const invitationFromSearch = (search: string): InvitationKey | null => {
  const token = new URLSearchParams(search).get('invitation');
  if (token) keepInvitation({ token });
  return pendingInvitation();
};

/** What an invitation offers (public lookup), or why it cannot be used (expired, used, revoked ...). */
export const lookupInvitation = (key: InvitationKey, signal?: AbortSignal) => http.get<InvitationPreview>('/provider-invitations/lookup', { query: key, ...(signal ? { signal } : {}) });

export type InvitationLookup = { status: 'none' } | { status: 'loading' } | { status: 'ready'; preview: InvitationPreview } | { status: 'error'; message: string };

/** What the kept invitation offers; a refused one says why and is dropped. */
export function useInvitation(key: InvitationKey | null): InvitationLookup {
  const id = key ? JSON.stringify(key) : null;
  const [lookup, setLookup] = useState<{ id: string; result: InvitationLookup } | null>(null);
  useEffect(() => {
    if (!id) return;
    const ctl = new AbortController();
    void lookupInvitation(JSON.parse(id) as InvitationKey, ctl.signal)
      .then((answer) => {
        if (ctl.signal.aborted) return;
        if (isFailure(answer)) {
          forgetInvitation();
          setLookup({ id, result: { status: 'error', message: answer.message } });
        } else setLookup({ id, result: { status: 'ready', preview: answer.data } });
      })
      .catch(() => undefined);
    return () => ctl.abort();
  }, [id]);
  if (!id) return { status: 'none' };
  return lookup?.id === id ? lookup.result : { status: 'loading' };
}

/**
 * Accepts the kept invitation for the signed-in account, confirming the properties the user checked: the sentence to
 * tell (joined, or why not) and how many properties were confirmed, or null without one.
 */
export async function acceptPendingInvitation(): Promise<{ ok: boolean; message: string; confirmed: number } | null> {
  const key = pendingInvitation();
  if (!key) return null;
  const properties = confirmedProperties();
  forgetInvitation();
  try {
    const answer = await http.post<{ message?: string }>('/provider-invitations/accept', { ...key, ...(properties.length ? { properties } : {}) });
    const confirmed = properties.length;
    const also = confirmed ? ` ${confirmed === 1 ? 'Your property is' : `Your ${confirmed} properties are`} being verified.` : '';
    return { ok: true, message: `${answer.message ?? 'You joined the provider.'}${also}`, confirmed };
  } catch (error) {
    return { ok: false, message: `The invitation was not accepted: ${error instanceof Error ? error.message : 'try again from the invitation link'}`, confirmed: 0 };
  }
}
