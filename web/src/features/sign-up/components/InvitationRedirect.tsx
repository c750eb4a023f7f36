import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { LoadingSpinner } from '../../../components/PageState.tsx';
import { notify } from '../../../lib/notify.ts';
import { session } from '../../../lib/session.ts';
import { acceptPendingInvitation, invitationFromSearch } from '../invitation.ts';
import { SIGN_UP_PATH } from '../paths.ts';

/** Signed in already: the account accepts the invitation and goes home, told whether it joined. */
function AcceptAsSignedIn() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void acceptPendingInvitation().then((joined) => {
      if (joined) (joined.ok ? notify.success : notify.error)(joined.ok ? joined.message : joined.message.replace('Your account was created, but the', 'The'));
      navigate('/', { replace: true });
    });
  }, [navigate]);
  return <LoadingSpinner label="Accepting the invitation" />;
}

/**
 * `/sign-up?invitation=<token>` (the invitation email's link): keeps the invitation; a visitor goes on to the sign-up
 * wizard, a signed-in account accepts it at once (the server refuses it for another email).
 */
export default function InvitationRedirect() {
  const { search } = useLocation();
  const snap = useSnapshot(session);
  invitationFromSearch(search);
  if (snap.restoring) return <LoadingSpinner label="Loading" />;
  if (snap.user && snap.accessToken) return <AcceptAsSignedIn />;
  return <Navigate to={SIGN_UP_PATH} replace />;
}
