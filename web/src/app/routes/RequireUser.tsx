import { Navigate, Outlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { session } from '../../lib/session.ts';
import { SIGN_IN_PATH } from '../../lib/logout.ts';
import { LoadingSpinner } from '../../components/PageState.tsx';

/** Protected routes need the 'user' entry with a role list (spec sections 2 and 6). */
export function RequireUser() {
  const snap = useSnapshot(session);
  if (!snap.user || snap.user.role.length === 0) return <Navigate to={SIGN_IN_PATH} replace />;
  if (snap.restoring) return <LoadingSpinner label="Restoring your session" />;
  return <Outlet />;
}
