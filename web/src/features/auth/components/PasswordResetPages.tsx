import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Button, Card, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { RouteLink } from '../../../components/RouteLink.tsx';
import { clearPersisted } from '../../../lib/persist.ts';
import { isSignedIn, resetSession } from '../../../lib/session.ts';
import { resetAllStores } from '../../../lib/store-reset.ts';
import { useTrackClick } from '../../../lib/track.ts';
import { clock } from '../../../lib/countdown.ts';
import { NEW_PASSWORD_HINT, newPasswordProblems } from '../../../lib/new-password.ts';
import { errorCode } from '../machines/sign-in.machine.ts';
import { requestPasswordReset, resetPassword } from '../api/password-reset.ts';
import { forgotSent, passwordReset, resetDone, storeForgotDetails } from '../stores/password-reset.ts';
import { OneTimeCodeInput } from '../../../components/OneTimeCodeInput.tsx';

export const FORGOT_PASSWORD_PATH = '/authentication/forgot-password';
export const RESET_PASSWORD_PATH = '/authentication/reset-password';
const SIGN_IN_PATH = '/authentication/sign-in';

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', paddingBlock: tokens.spacingVerticalXXL },
  // The card's gap spaces its heading and text: their browser margins would double it.
  card: { width: '100%', maxWidth: '440px', padding: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, '& > h1, & > p': { margin: 0 } },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emailProblem = (email: string) => (!email.trim() ? 'Enter your email address' : !EMAIL.test(email.trim()) ? 'Enter a valid email address' : null);
const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** Whole seconds until `epochMs`, ticking each second (0 once passed). */
function useSecondsUntil(epochMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (epochMs <= Date.now()) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [epochMs]);
  return Math.max(0, Math.ceil((epochMs - now) / 1000));
}

/** The wait a 429 names (`retry_after_seconds` in the error envelope), if any. */
function retryAfterSeconds(error: unknown): number | null {
  const body = error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  const seconds = body && typeof body === 'object' && 'retry_after_seconds' in body ? body.retry_after_seconds : null;
  return typeof seconds === 'number' ? seconds : null;
}

function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function ErrorBar({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  );
}

/** Asks for a code and a link; the same answer whatever the email (the server does not say whether it has an account). */
function useSendCode() {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blockedUntil, setBlockedUntil] = useState(0);
  const send = async (email: string) => {
    setSending(true);
    setError(null);
    storeForgotDetails({ email });
    try {
      forgotSent(await requestPasswordReset(passwordReset.forgotDetails?.email ?? email));
      return true;
    } catch (err) {
      setError(messageOf(err, 'The code could not be sent. Try again.'));
      const wait = retryAfterSeconds(err);
      if (wait) setBlockedUntil(Date.now() + wait * 1000);
      return false;
    } finally {
      setSending(false);
    }
  };
  return { sending, error, send, blockedUntil };
}

/** /authentication/forgot-password: the email of the account, then a code and a link by email. */
export function ForgotPasswordPage() {
  const s = useStyles();
  const snap = useSnapshot(passwordReset);
  const navigate = useNavigate();
  const track = useTrackClick();
  const [email, setEmail] = useState(() => snap.forgotDetails?.email ?? snap.emailForReset);
  const [touched, setTouched] = useState(false);
  const { sending, error, send, blockedUntil } = useSendCode();
  const emailRef = useFocusOnMount<HTMLInputElement>();
  const sameEmail = snap.forgotDetails?.email === email.trim().toLowerCase();
  const waitIn = useSecondsUntil(Math.max(blockedUntil, sameEmail ? (snap.forgot?.resendAt ?? 0) : 0));
  const problem = emailProblem(email);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    track('Send reset code');
    if (problem || sending || waitIn > 0) return;
    if (await send(email)) navigate(RESET_PASSWORD_PATH);
  };

  return (
    <div className={s.page}>
      <Card className={s.card}>
        <Title2 as="h1">Forgot your password?</Title2>
        <Text as="p">Enter the email of your account. We will send it a code and a link to choose a new password.</Text>
        <ErrorBar message={error} />
        {snap.forgot && sameEmail && !error && (
          <MessageBar intent="info">
            <MessageBarBody>
              {snap.forgot.message} <RouteLink to={RESET_PASSWORD_PATH}>Enter the code</RouteLink>
            </MessageBarBody>
          </MessageBar>
        )}
        <form className={s.form} onSubmit={submit} noValidate aria-label="Forgot password">
          <Field label="Email" required validationMessage={touched ? problem : null}>
            <Input ref={emailRef} type="email" autoComplete="username" value={email} onChange={(_, d) => setEmail(d.value)} />
          </Field>
          <Button type="submit" appearance="primary" disabledFocusable={sending || waitIn > 0} icon={sending ? <Spinner size="tiny" /> : undefined}>
            {sending ? 'Sending…' : waitIn > 0 ? `Send again in ${waitIn} s` : 'Send code and link'}
          </Button>
          <RouteLink to={SIGN_IN_PATH}>Back to sign in</RouteLink>
        </form>
      </Card>
    </div>
  );
}

/** A reset ends every session of the account: this browser's too. */
function endLocalSession() {
  if (!isSignedIn()) return;
  resetSession();
  resetAllStores();
  clearPersisted();
}

/** /authentication/reset-password: the emailed code (with the email), or the link's token, then the new password. */
export function ResetPasswordPage() {
  const s = useStyles();
  const [params] = useSearchParams();
  const token = params.get('token');
  const snap = useSnapshot(passwordReset);
  const track = useTrackClick();
  const [email, setEmail] = useState(() => snap.forgotDetails?.email ?? snap.emailForReset);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ code: string | null; message: string } | null>(null);
  const resend = useSendCode();
  const firstRef = useFocusOnMount<HTMLInputElement>();
  const resendIn = useSecondsUntil(Math.max(resend.blockedUntil, snap.forgot?.resendAt ?? 0));
  const codeExpiresIn = useSecondsUntil(snap.forgot?.codeExpiresAt ?? 0);

  // The result of this page's reset; another link (a newer email) opens its own form.
  if (snap.reset && snap.reset.via === token) {
    return (
      <div className={s.page}>
        <Card className={s.card}>
          <Title2 as="h1">Password reset</Title2>
          <MessageBar intent="success">
            <MessageBarBody>{snap.reset.message}</MessageBarBody>
          </MessageBar>
          <LinkButton to={SIGN_IN_PATH} appearance="primary">
            Sign in
          </LinkButton>
        </Card>
      </div>
    );
  }

  const problems = newPasswordProblems(password, confirmation);
  const emailError = token ? null : emailProblem(email);
  const codeError = token ? null : /^\d{6}$/.test(code) ? null : 'Enter the 6-digit code';
  const serverOn = (field: 'code' | 'password') =>
    failure && ((field === 'code' && ['OTP_INCORRECT', 'OTP_EXPIRED'].includes(failure.code ?? '')) || (field === 'password' && failure.code === 'PASSWORD_REFUSED')) ? failure.message : null;
  const generalError = failure && !serverOn('code') && !serverOn('password') ? failure.message : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    track('Reset password');
    if (busy || emailError || codeError || problems.password || problems.confirmation) return;
    setBusy(true);
    setFailure(null);
    try {
      const message = await resetPassword(token ? { token, password } : { email: email.trim().toLowerCase(), code, password });
      endLocalSession();
      resetDone(message, token);
    } catch (err) {
      setFailure({ code: errorCode(err), message: messageOf(err, 'The password could not be reset. Try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={s.page}>
      <Card className={s.card}>
        <Title2 as="h1">Reset your password</Title2>
        {token ? (
          <Text as="p">Choose a new password for your account.</Text>
        ) : (
          snap.forgot && (
            <MessageBar intent="info">
              <MessageBarBody>
                <MessageBarTitle>Check your email.</MessageBarTitle>
                {snap.forgot.message} {codeExpiresIn > 0 ? `The code expires in ${clock(codeExpiresIn)}.` : 'The code has expired: ask for a new one.'}
              </MessageBarBody>
            </MessageBar>
          )
        )}
        <ErrorBar message={generalError ?? resend.error} />
        <form className={s.form} onSubmit={submit} noValidate aria-label="Reset password">
          {!token && (
            <>
              <Field label="Email" required validationMessage={touched ? emailError : null}>
                <Input ref={firstRef} type="email" autoComplete="username" value={email} onChange={(_, d) => setEmail(d.value)} />
              </Field>
              <Field label="6-digit code" required validationMessage={(touched ? codeError : null) ?? serverOn('code')}>
                <OneTimeCodeInput value={code} onChange={setCode} />
              </Field>
            </>
          )}
          <Field label="New password" required hint={NEW_PASSWORD_HINT} validationMessage={(touched ? problems.password : null) ?? serverOn('password')}>
            <Input ref={token ? firstRef : undefined} type="password" autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </Field>
          <Field label="Confirm new password" required validationMessage={touched ? problems.confirmation : null}>
            <Input type="password" autoComplete="new-password" value={confirmation} onChange={(_, d) => setConfirmation(d.value)} />
          </Field>
          <Button type="submit" appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? 'Resetting…' : 'Reset password'}
          </Button>
          <div className={s.row}>
            {token ? (
              <LinkButton to={FORGOT_PASSWORD_PATH}>
                Ask for a new link
              </LinkButton>
            ) : (
              <Button
                type="button"
                disabledFocusable={resendIn > 0 || resend.sending || emailError !== null}
                onClick={() => {
                  track('Resend reset code');
                  setCode('');
                  setFailure(null);
                  void resend.send(email);
                }}
              >
                {resend.sending ? 'Sending…' : resendIn > 0 ? `Send a new code in ${clock(resendIn)}` : 'Send a new code'}
              </Button>
            )}
            <RouteLink to={SIGN_IN_PATH}>Back to sign in</RouteLink>
          </div>
        </form>
      </Card>
    </div>
  );
}
