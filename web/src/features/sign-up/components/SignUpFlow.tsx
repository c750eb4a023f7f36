import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { SignInResult } from '@acpg/contracts/identity';
import { requiredSteps, type SignUpIntent } from '@acpg/contracts/sign-up-steps';
import { signUpMachine } from '../machines/sign-up.machine.ts';
import { restoredSnapshot, SIGN_UP_STORAGE_KEY, toPersisted } from '../machines/persisted.ts';
import { createAccount, fetchProgress, saveStep, sendSignUpCode, verifySignUpCode, waitForStep } from '../api/sign-up.ts';
import { rememberStep, resumePath } from '../../../lib/sign-up-resume.ts';
import { EMAIL_VERIFICATION_PATH, MOBILE_VERIFICATION_PATH, SIGN_UP_PATH, SIGNED_IN_STEP_PATHS, stepPath } from '../paths.ts';
import { applySignIn, session } from '../../../lib/session.ts';
import { kvStorage } from '../../../lib/kv.ts';
import { notify } from '../../../lib/notify.ts';
import { myAccountPath } from '../../../lib/roles.ts';
import { isRouteRegistered } from '../../../lib/route-registry.ts';
import { signInPathFor, takeSignUpReturn } from '../../../lib/return-path.ts';
import { ErrorState, LoadingSpinner } from '../../../components/PageState.tsx';
import { acceptPendingInvitation } from '../invitation.ts';

/** The email code registers the account and signs in: its answer is the sign-in's, applied to the session here. */
async function verifyAndSignIn({ channel, code, intent }: { channel: 'phone' | 'email'; code: string; intent?: SignUpIntent }): Promise<unknown> {
  const { data } = await verifySignUpCode(channel, code);
  if (channel === 'phone') return data;
  const result = SignInResult.safeParse(data);
  if (!result.success) throw new Error('Your account was created, but signing in failed. Sign in with your email and password.');
  if (!applySignIn(result.data).ok) throw new Error('Your account has no role yet, so it cannot sign in. Contact support.');
  // Signed up through a provider's invitation: the new account accepts it now (the server checks the email).
  const joined = await acceptPendingInvitation();
  if (joined) (joined.ok ? notify.success : notify.error)(joined.message);
  const needsProperty = requiredSteps([intent ?? 'membership']).includes('property');
  if (joined?.ok && joined.confirmed > 0 && needsProperty) {
    // Properties the provider attached and the user confirmed are verified for the account (a moment later, by the
    // properties module): the property step is then done, so the wizard skips it. Waited for, bounded; if it is slow the
    // step shows and the verified properties appear there.
    await waitForStep('property', { timeoutMs: 8_000 }).catch(() => undefined);
    return data;
  }
  // Mid-wizard: say what happened and what comes next (not "ready", five steps remain). An NHD order needs no more
  // steps: the end of the sign-up says so.
  if (needsProperty) {
    notify.success(`Welcome, ${result.data.user.full_name}. Your phone and email are confirmed. Next, find your property.`);
  }
  return data;
}

export const SignUpActor = createActorContext(
  signUpMachine.provide({
    actors: {
      createAccount: fromPromise(({ input }) => createAccount(input)),
      sendCode: fromPromise(({ input }) => sendSignUpCode(input.channel)),
      verifyCode: fromPromise(({ input }) => verifyAndSignIn(input)),
      fetchProgress: fromPromise(({ signal }) => fetchProgress(signal)),
      waitForStep: fromPromise(({ input, signal }) => waitForStep(input.step, { signal })),
      saveStep: fromPromise(({ input }) => saveStep(input)),
    },
  }),
);

export type SignUpScreen = ReturnType<ReturnType<typeof SignUpActor.useActorRef>['getSnapshot']>['value'];

/** The page each screen state shows; busy states keep the page they started on (null). */
function screenPath(state: string, signedIn: boolean): string | null {
  if (state === 'details') return signedIn ? null : SIGN_UP_PATH; // signed in: about to load the server's progress
  if (state === 'phoneCode') return MOBILE_VERIFICATION_PATH;
  if (state === 'emailCode') return EMAIL_VERIFICATION_PATH;
  return stepPath(state);
}

/** States that show the page they were started from (a call in flight), so the page stays while it runs. */
const ON_PAGE = ['creating', 'sendingPhoneCode', 'verifyingPhone', 'sendingEmailCode', 'verifyingEmail', 'saving', 'advancing'];

const storage = () => kvStorage();

/** My Account's screen for the signed-in user (the home page while that screen is not built). */
const landingPath = () => {
  const landing = myAccountPath(session.user?.role);
  return isRouteRegistered(landing) ? landing : '/';
};

/** Keeps the URL in step with the machine, the persisted snapshot current, and finishes the sign-up. */
function FlowNavigator() {
  const actor = SignUpActor.useActorRef();
  const state = SignUpActor.useSelector((s) => s.value as string);
  const error = SignUpActor.useSelector((s) => s.context.error);
  const snap = useSnapshot(session);
  const signedIn = snap.user != null && snap.accessToken != null;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const lastTarget = useRef<string | null>(null);
  const finished = useRef(false);

  // The persisted snapshot: a cache of the public steps (never a password, a code, an image or a card number).
  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status === 'done') storage()?.removeItem(SIGN_UP_STORAGE_KEY);
      else storage()?.setItem(SIGN_UP_STORAGE_KEY, JSON.stringify(toPersisted(s)));
    });
    return () => sub.unsubscribe();
  }, [actor]);

  // Signed in (arriving on any device): an unfinished sign-up continues where the server's progress says; anyone
  // else (finished, or an account made without the wizard) has no business here and goes to My Account.
  useEffect(() => {
    if (snap.restoring || !signedIn || !snap.userId) return;
    const s = actor.getSnapshot();
    if (s.matches('phoneCode') || s.matches('emailCode')) actor.send({ type: 'START_OVER' });
    if (!actor.getSnapshot().matches('details')) return;
    const ctl = new AbortController();
    void resumePath(snap.userId, ctl.signal)
      .then((path) => {
        if (ctl.signal.aborted || !actor.getSnapshot().matches('details')) return;
        if (path) actor.send({ type: 'RESUME' });
        else navigate(landingPath(), { replace: true });
      })
      .catch(() => undefined);
    return () => ctl.abort();
  }, [actor, signedIn, snap.restoring, snap.userId, state, navigate]);

  const target = screenPath(state, signedIn);
  // Later checks in this page load (the protected-route guard) send the user to the step the wizard is at.
  useEffect(() => {
    if (target && SIGNED_IN_STEP_PATHS.includes(target) && session.userId) rememberStep(session.userId, target);
  }, [target]);
  useEffect(() => {
    if (!target || target === pathname) return;
    // A new screen of the flow is a new history entry; a URL that does not match the screen (Back, a typed URL) is replaced.
    const moved = lastTarget.current !== null && lastTarget.current !== target;
    lastTarget.current = target;
    navigate(target, { replace: !moved });
  }, [target, pathname, navigate]);
  useEffect(() => {
    if (target) lastTarget.current = target;
  }, [target]);

  useEffect(() => {
    if (state !== 'done' || finished.current) return;
    finished.current = true;
    if (session.userId) rememberStep(session.userId, null);
    const name = session.user?.full_name;
    notify.success(name ? `Your account is ready. Welcome to ACPG, ${name}.` : 'Your sign-up is complete. Welcome to ACPG.');
    navigate(takeSignUpReturn(window.location.origin) ?? landingPath(), { replace: true });
  }, [state, navigate]);

  if (snap.restoring && SIGNED_IN_STEP_PATHS.includes(pathname)) return <LoadingSpinner label="Restoring your session" />;
  if (!signedIn && SIGNED_IN_STEP_PATHS.includes(pathname)) return <Navigate to={signInPathFor(pathname)} replace />;
  if (state === 'progressError') {
    return <ErrorState title="Your sign-up could not be loaded" message={error ?? 'Try again.'} onRetry={() => actor.send({ type: 'RETRY' })} />;
  }
  const showsPage = (target !== null && target === pathname) || ON_PAGE.includes(state);
  if (!showsPage) return <LoadingSpinner label={state === 'done' ? 'Finishing your sign-up' : 'Loading your sign-up'} />;
  return <Outlet />;
}

/** Layout route of every wizard screen: one machine from the account details to the PIN. */
export function SignUpFlow() {
  const [snapshot] = useState(() => restoredSnapshot(storage()?.getItem(SIGN_UP_STORAGE_KEY) ?? null));
  return (
    <SignUpActor.Provider options={{ input: {}, ...(snapshot ? { snapshot } : {}) }}>
      <FlowNavigator />
    </SignUpActor.Provider>
  );
}
