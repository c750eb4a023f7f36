import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { signInMachine } from '../machines/sign-in.machine.ts';
import { sendCode, signIn, verifyCode } from '../api/sign-in.ts';
import { applySignIn, session, takeReturnPath } from '../../../lib/session.ts';
import { isRouteRegistered } from '../../../lib/route-registry.ts';
import { notify } from '../../../lib/notify.ts';
import { myAccountPath } from '../../../lib/roles.ts';
import { returnPathOf, signInPageAccess } from '../../../lib/return-path.ts';
import { LoadingSpinner } from '../../../components/PageState.tsx';
import { resumePath } from '../../../lib/sign-up-resume.ts';

export const SignInActor = createActorContext(
  signInMachine.provide({
    actors: {
      signIn: fromPromise(({ input }) => signIn(input)),
      sendCode: fromPromise(({ input }) => sendCode(input)),
      verifyCode: fromPromise(({ input }) => verifyCode(input)),
    },
  }),
);

export const CREDENTIAL_PATHS = ['/authentication/sign-in', '/login'];
export const AUTH_MODE_PATH = '/authentication/auth-mode';
export const codePath = (channel: 'email' | 'phone' | null) =>
  channel === 'phone' ? '/authentication/login-otp-verification' : '/authentication/login-email-otp-verification';

/**
 * Where a signed-in user goes: the page named in the sign-in URL (a signed-out visitor asked for it), else the page a
 * 401 saved for this user, else My Account's screen (the home page while that is not built). Takes the saved path.
 */
function destination(userId: string, asked: string | null, roles: readonly string[]): string {
  const saved = takeReturnPath(userId);
  const landing = myAccountPath(roles);
  return asked ?? saved ?? (isRouteRegistered(landing) ? landing : '/');
}

/** A signed-in user who opens a sign-in screen (or comes Back to one) is sent on, replacing the sign-in entry. */
function SignedInRedirect({ asked }: { asked: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(destination(session.userId ?? '', asked, session.user?.role ?? []), { replace: true });
  }, [navigate, asked]);
  return <LoadingSpinner label="You are signed in" />;
}

/** Keeps the URL in step with the machine and finishes the sign-in. */
function FlowNavigator({ onReset, asked }: { onReset: () => void; asked: string | null }) {
  const state = SignInActor.useSelector((s) => s.value as string);
  const channel = SignInActor.useSelector((s) => s.context.channel);
  const output = SignInActor.useSelector((s) => s.output);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  const finished = useRef(false);

  useEffect(() => {
    const from = previous.current;
    previous.current = state;
    if (from === null || from === state) return;
    if (state === 'credentials' && !CREDENTIAL_PATHS.includes(pathname)) navigate(CREDENTIAL_PATHS[0]!);
    if (state === 'choosingChannel' && pathname !== AUTH_MODE_PATH) navigate(AUTH_MODE_PATH);
    if (state === 'enteringCode' && pathname !== codePath(channel)) navigate(codePath(channel));
  }, [state, channel, pathname, navigate]);

  useEffect(() => {
    if (!output || finished.current) return;
    finished.current = true;
    const outcome = applySignIn(output.result);
    if (!outcome.ok) {
      notify.error('Your account has no role yet, so it cannot sign in. Contact support.');
      onReset();
      navigate(CREDENTIAL_PATHS[0]!, { replace: true });
      return;
    }
    notify.success(output.message ?? `Welcome, ${output.result.user.full_name}.`);
    const next = destination(output.result.user.id, asked, output.result.role);
    // A sign-up left unfinished (on this device or another) continues at its step (GET /auth/me's sign_up).
    void resumePath(output.result.user.id).then((step) => navigate(step ?? next, { replace: true }));
  }, [output, navigate, onReset, asked]);

  // This flow's own sign-in finishes above; anyone else already signed in has no business with these screens.
  const access = signInPageAccess(useSnapshot(session));
  if (!output && access === 'signed-in') return <SignedInRedirect asked={asked} />;
  if (!output && access === 'restoring') return <LoadingSpinner label="Restoring your session" />;
  return <Outlet />;
}

/**
 * Layout route of the sign-in screens: one machine across the password, channel and code steps. The page to return
 * to (`?next=`, same-origin paths only) is read when the flow opens and kept through the steps, whose URLs drop it.
 */
export function SignInFlow() {
  // A finished machine cannot take events; a new key starts a fresh one.
  const [run, setRun] = useState(0);
  const { search } = useLocation();
  const named = returnPathOf(search, location.origin);
  const [asked, setAsked] = useState(named);
  if (named && named !== asked) setAsked(named);
  return (
    <SignInActor.Provider key={run}>
      <FlowNavigator onReset={() => setRun((r) => r + 1)} asked={asked} />
    </SignInActor.Provider>
  );
}
