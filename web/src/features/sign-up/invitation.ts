import { useEffect, useState } from 'react';
import type { InvitationPreview } from '@acpg/contracts/provider-users';
import { http, isFailure } from '../../lib/http.ts';

/**
 * A provider's invitation carried through the sign-up (`/sign-up?invitation=<token>`): the link's token is kept in this
 * tab's sessionStorage (never a password or a one-time code), the account details prefill the invited email (fixed),
 * the role and, for an Agent or a Broker, the provider as brokerage; once the email code signs the new account in, the
 * invitation is accepted (`POST /provider-invitations/accept`), which the server allows only for the invited email.
 */
const KEY = 'acpg.sign-up.invitation';

const tab = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

export const keepInvitationToken = (token: string): void => {
  if (token) tab()?.setItem(KEY, token);
};
export const pendingInvitationToken = (): string | null => tab()?.getItem(KEY) ?? null;
export const forgetInvitation = (): void => tab()?.removeItem(KEY);

/** The invitation named by `?invitation=` (kept for the rest of the sign-up), else the one kept earlier in this tab. */
export const invitationFromSearch = (search: string): string | null => {
  const token = new URLSearchParams(search).get('invitation');
  if (token) keepInvitationToken(token);
  return pendingInvitationToken();
};

export type InvitationLookup = { status: 'none' } | { status: 'loading' } | { status: 'ready'; preview: InvitationPreview } | { status: 'error'; message: string };

/** What the kept invitation offers (public lookup); a refused one (expired, used, revoked ...) says why and is dropped. */
export function useInvitation(token: string | null): InvitationLookup {
  const [lookup, setLookup] = useState<{ token: string; result: InvitationLookup } | null>(null);
  useEffect(() => {
    if (!token) return;
    const ctl = new AbortController();
    void http
      .get<InvitationPreview>('/provider-invitations/lookup', { query: { token }, signal: ctl.signal })
      .then((answer) => {
        if (ctl.signal.aborted) return;
        if (isFailure(answer)) {
          forgetInvitation();
          setLookup({ token, result: { status: 'error', message: answer.message } });
        } else setLookup({ token, result: { status: 'ready', preview: answer.data } });
      })
      .catch(() => undefined);
    return () => ctl.abort();
  }, [token]);
  if (!token) return { status: 'none' };
  return lookup?.token === token ? lookup.result : { status: 'loading' };
}

/** Accepts the kept invitation for the account just signed in; the sentence to tell (joined, or why not), or null without one. */
export async function acceptPendingInvitation(): Promise<{ ok: boolean; message: string } | null> {
  const token = pendingInvitationToken();
  if (!token) return null;
  forgetInvitation();
  try {
    const answer = await http.post<{ message?: string }>('/provider-invitations/accept', { token });
    return { ok: true, message: answer.message ?? 'You joined the provider.' };
  } catch (error) {
    return { ok: false, message: `Your account was created, but the invitation was not accepted: ${error instanceof Error ? error.message : 'try again from the invitation link'}` };
  }
}
