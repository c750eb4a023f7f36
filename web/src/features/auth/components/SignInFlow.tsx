import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { signInMachine } from '../machines/sign-in.machine.ts';
import { sendCode, signIn, verifyCode } from '../api/sign-in.ts';
import { applySignIn, takeReturnPath } from '../../../lib/session.ts';
import { isRouteRegistered } from '../../../lib/route-registry.ts';
import { notify } from '../../../lib/notify.ts';

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

/** Keeps the URL in step with the machine and finishes the sign-in. */
function FlowNavigator({ onReset }: { onReset: () => void }) {
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
    // My Account's screen, unless it is not built yet (then the home page); a 401 return path wins.
    const target = takeReturnPath(output.result.user.id) ?? (isRouteRegistered(outcome.landing) ? outcome.landing : '/');
    navigate(target, { replace: true });
  }, [output, navigate, onReset]);

  return <Outlet />;
}

/** Layout route of the sign-in screens: one machine across the password, channel and code steps. */
export function SignInFlow() {
  // A finished machine cannot take events; a new key starts a fresh one.
  const [run, setRun] = useState(0);
  return (
    <SignInActor.Provider key={run}>
      <FlowNavigator onReset={() => setRun((r) => r + 1)} />
    </SignInActor.Provider>
  );
}
