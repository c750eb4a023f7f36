import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import type { SignedInStep, SignUpIntent } from '@acpg/contracts/sign-up-steps';
import { LoadingSpinner } from '../../../components/PageState.tsx';
import { kvStorage } from '../../../lib/kv.ts';
import { rememberSignUpReturn } from '../../../lib/return-path.ts';
import { session } from '../../../lib/session.ts';
import { rememberStep } from '../../../lib/sign-up-resume.ts';
import { addSignUpIntent } from '../api/sign-up.ts';
import { SIGN_UP_STORAGE_KEY } from '../machines/persisted.ts';
import { stepPath } from '../paths.ts';
import { STEP_SCREENS, WHY_WE_ASK } from './StepFrame.tsx';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  flush: { margin: 0 },
});

type Check = { status: 'checking' } | { status: 'ready' } | { status: 'steps'; missing: SignedInStep[]; current: SignedInStep };

/**
 * Before buying something that needs more of the member than they gave at sign-up (a membership after an NHD-only
 * sign-up), the server is told the new intent (`PUT /sign-up/intent`) and names the steps it adds; those are asked
 * first, in the wizard, which then leads to `returnTo`. An account with nothing missing (or made without the wizard)
 * sees `children` at once.
 */
export function StepsFirst({ intent, what, returnTo, children }: { intent: SignUpIntent; what: string; returnTo: string; children: ReactNode }) {
  const s = useStyles();
  const navigate = useNavigate();
  const [check, setCheck] = useState<Check>({ status: 'checking' });

  useEffect(() => {
    let live = true;
    addSignUpIntent(intent)
      .then(({ data }) => {
        if (!live) return;
        const missing = data.required_steps.filter((step): step is SignedInStep => step !== 'done' && !data.completed_steps.includes(step));
        setCheck(data.current_step === 'done' ? { status: 'ready' } : { status: 'steps', missing, current: data.current_step });
      })
      .catch(() => {
        // No sign-up (404: an account made without the wizard) has nothing to ask; a failed check does not hold the purchase up.
        if (live) setCheck({ status: 'ready' });
      });
    return () => {
      live = false;
    };
  }, [intent]);

  if (check.status === 'checking') return <LoadingSpinner label="Checking your account" />;
  if (check.status === 'ready') return <>{children}</>;

  const path = stepPath(check.current);
  const go = () => {
    if (!path) return;
    // The wizard is picked up from the server's progress (no cached step) and leads back here at its end.
    kvStorage()?.removeItem(SIGN_UP_STORAGE_KEY);
    if (session.userId) rememberStep(session.userId, path);
    rememberSignUpReturn(`?next=${encodeURIComponent(returnTo)}`, window.location.origin);
    void navigate(path);
  };
  return (
    <Card className={s.card}>
      <Title3 as="h2" className={s.flush}>
        Before you buy {what}
      </Title3>
      <Text as="p" className={s.flush}>
        Buying {what} needs a few things your account does not have yet. We ask them now, step by step:
      </Text>
      <ul className={s.list}>
        {check.missing.map((step) => (
          <li key={step}>
            <Text weight="semibold">{STEP_SCREENS[step]}:</Text> <Text>{WHY_WE_ASK[STEP_SCREENS[step]]}</Text>
          </li>
        ))}
      </ul>
      <Button appearance="primary" onClick={go}>
        Continue with {STEP_SCREENS[check.current].toLowerCase()}
      </Button>
    </Card>
  );
}
