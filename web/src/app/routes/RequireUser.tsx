import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { session } from '../../lib/session.ts';
import { SIGN_IN_PATH } from '../../lib/logout.ts';
import { signInPathFor } from '../../lib/return-path.ts';
import { announceSessionExpiry } from '../../lib/http.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { LoadingSpinner } from '../../components/PageState.tsx';
import { resumePath } from '../../lib/sign-up-resume.ts';

export type Access = 'sign-in' | 'restoring' | 'expired' | 'open';


/**
 * What the protected-route guard does. No 'user' entry (or no role): sign-in. A session a 401 already ended (the
 * token dropped, e.g. Back from /login): /login again, saving the path, instead of showing a page whose calls fail.
 */
export function protectedAccess(s: { user: { role: readonly string[] } | null; restoring: boolean; accessToken: string | null; expired: boolean }): Access {
  if (!s.user || s.user.role.length === 0) return 'sign-in';
  if (s.restoring) return 'restoring';
  if (!s.accessToken && s.expired) return 'expired';
  return 'open';
}

/** Tells the user (once per loss) and replaces this entry by /login, so Back from /login does not loop here. */
function ExpiredRedirect({ from }: { from: string }) {
  useEffect(() => {
    // False: a failed GET already handled this loss and is on its way to /login.
    if (announceSessionExpiry(from)) navigateTo('/login', { replace: true });
  }, [from]);
  return <LoadingSpinner label="Your session has expired" />;
}

/** A signed-in user whose sign-up is not finished is taken to their step (once per page load, on any device). */
function useSignUpResume(open: boolean, userId: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!open || !userId) return;
    const ctl = new AbortController();
    void resumePath(userId, ctl.signal)
      .then((path) => {
        if (path && !ctl.signal.aborted) navigate(path, { replace: true });
      })
      .catch(() => undefined);
    return () => ctl.abort();
  }, [open, userId, navigate]);
}

/**
 * Protected routes need the 'user' entry with a role list (spec sections 2 and 6). A signed-out visitor goes to
 * sign-in with this page (path and query) to come back to afterwards; a user who signs out here (or in another tab)
 * does not: the next person to sign in starts at their own My Account.
 */
export function RequireUser() {
  const snap = useSnapshot(session);
  const { pathname, search, hash } = useLocation();
  const access = protectedAccess(snap);
  // Derived state set during render (React's pattern for it): once open, a later 'sign-in' is a sign-out.
  const [wasOpen, setWasOpen] = useState(false);
  if (access === 'open' && !wasOpen) setWasOpen(true);
  useSignUpResume(access === 'open', snap.userId);
  switch (access) {
    case 'sign-in':
      return <Navigate to={wasOpen ? SIGN_IN_PATH : signInPathFor(`${pathname}${search}`)} replace />;
    case 'restoring':
      return <LoadingSpinner label="Restoring your session" />;
    case 'expired':
      return <ExpiredRedirect from={`${pathname}${search}${hash}`} />;
    case 'open':
      return <Outlet />;
  }
}
