import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { Button, Card, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ScreenHeading } from '../../../components/ScreenHeading.tsx';
import { LoadingSpinner } from '../../../components/PageState.tsx';
import { isFailure } from '../../../lib/http.ts';
import { notify } from '../../../lib/notify.ts';
import { session } from '../../../lib/session.ts';
import { acceptPendingInvitation, invitationFromSearch, keepConfirmedProperties, keepInvitation, lookupInvitation, pendingInvitation, useInvitation } from '../invitation.ts';
import { ProviderProperties } from './ProviderProperties.tsx';
import { SIGN_UP_PATH } from '../paths.ts';

const useStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', paddingBlock: tokens.spacingVerticalXL, paddingInline: tokens.spacingHorizontalM },
  card: { width: '100%', maxWidth: '520px', boxSizing: 'border-box', padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Accepts the kept invitation (with the properties checked) and goes home, told whether it joined. */
function AcceptNow({ refused }: { refused?: string }) {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (refused) {
      notify.error(`The invitation was not accepted: ${refused}`);
      navigate('/', { replace: true });
      return;
    }
    void acceptPendingInvitation().then((joined) => {
      if (joined) (joined.ok ? notify.success : notify.error)(joined.message);
      navigate('/', { replace: true });
    });
  }, [navigate, refused]);
  return <LoadingSpinner label="Accepting the invitation" />;
}

/**
 * Signed in already: an invitation with properties attached asks first which are the account's ("Your provider added
 * these properties"), then accepts; one without accepts at once.
 */
function AcceptAsSignedIn() {
  const s = useStyles();
  const [key] = useState(pendingInvitation);
  const invitation = useInvitation(key);
  const [checked, setChecked] = useState<string[] | null>(null);
  const [accepting, setAccepting] = useState(false);
  if (invitation.status === 'loading') return <LoadingSpinner label="Loading the invitation" />;
  if (invitation.status === 'error') return <AcceptNow refused={invitation.message} />;
  if (invitation.status !== 'ready' || invitation.preview.properties.length === 0 || accepting) return <AcceptNow />;
  const { preview } = invitation;
  const confirmed = checked ?? preview.properties.map((p) => p.id);
  return (
    <div className={s.page}>
      <Card className={s.card}>
        <ScreenHeading id="invitation-title" title={`Join ${preview.provider_name}`} />
        <Text>{`${preview.provider_name} invited you as ${preview.role}.`}</Text>
        <form
          className={s.form}
          aria-label="Accept the invitation"
          onSubmit={(e) => {
            e.preventDefault();
            keepConfirmedProperties(confirmed);
            setAccepting(true);
          }}
        >
          <ProviderProperties providerName={preview.provider_name} properties={preview.properties} checked={confirmed} onChange={setChecked} />
          <Button type="submit" appearance="primary">
            Accept the invitation
          </Button>
        </form>
      </Card>
    </div>
  );
}

/** The invitation email's code, typed: checked, kept, then accepted (signed in) or carried into the sign-up. */
function CodeForm({ onKept }: { onKept: () => void }) {
  const s = useStyles();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.replace(/[\s-]/g, '').toUpperCase();
    if (!/^[0-9A-Z]{10}$/.test(typed)) {
      setError('Enter the 10-character code from the invitation email.');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await lookupInvitation({ code: typed });
    setBusy(false);
    if (isFailure(answer)) {
      setError(answer.message);
      input.current?.focus();
      return;
    }
    keepInvitation({ code: typed });
    onKept();
  };
  return (
    <div className={s.page}>
      <Card className={s.card}>
        <ScreenHeading id="invitation-title" title="Accept an invitation" />
        <Text>Enter the code from the invitation email. Signed in, you join the provider at once; otherwise you create your account with the invited email first.</Text>
        <form className={s.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Invitation code">
          <Field label="Invitation code" required validationMessage={error}>
            <Input ref={input} value={code} onChange={(_, d) => setCode(d.value)} autoComplete="off" placeholder="ABCDE-FGHJK" />
          </Field>
          <Button type="submit" appearance="primary" disabledFocusable={busy}>
            {busy ? 'Checking…' : 'Continue'}
          </Button>
        </form>
      </Card>
    </div>
  );
}

/**
 * `/sign-up?invitation=<token>` (the invitation email's link) or `/sign-up` with its code: keeps the invitation; a
 * visitor goes on to the sign-up wizard, a signed-in account accepts it at once (the server refuses another email).
 */
export default function InvitationRedirect() {
  const { search } = useLocation();
  const snap = useSnapshot(session);
  const [kept, setKept] = useState(() => new URLSearchParams(search).has('invitation') && invitationFromSearch(search) !== null);
  if (!kept) return <CodeForm onKept={() => setKept(true)} />;
  if (snap.restoring) return <LoadingSpinner label="Loading" />;
  if (snap.user && snap.accessToken) return <AcceptAsSignedIn />;
  return <Navigate to={SIGN_UP_PATH} replace />;
}
