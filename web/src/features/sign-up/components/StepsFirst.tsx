import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, MessageBar, MessageBarBody, Spinner, Text, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { requiredSteps, type SignedInStep, type SignUpIntent } from '@acpg/contracts/sign-up-steps';
import { LoadingSpinner } from '../../../components/PageState.tsx';
import { kvStorage } from '../../../lib/kv.ts';
import { rememberSignUpReturn } from '../../../lib/return-path.ts';
import { session } from '../../../lib/session.ts';
import { rememberStep } from '../../../lib/sign-up-resume.ts';
import { addSignUpIntent, fetchFullProgress } from '../api/sign-up.ts';
import { SIGN_UP_STORAGE_KEY } from '../machines/persisted.ts';
import { stepPath } from '../paths.ts';
import { STEP_SCREENS, WHY_WE_ASK } from './StepFrame.tsx';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  flush: { margin: 0 },
});

type Check = { status: 'checking' } | { status: 'ready' } | { status: 'steps'; missing: SignedInStep[] };

/**
 * Before buying something that needs more of the member than they gave at sign-up (a membership after an NHD-only
 * sign-up), the steps it would add are listed (from `GET /sign-up`), and nothing is recorded until the member chooses
 * to go on: then the server is told the new intent (`PUT /sign-up/intent`, which decides the steps) and the wizard asks
 * them, leading to `returnTo` at its end. An account with nothing missing (or made without the wizard) sees `children`.
 */
export function StepsFirst({ intent, what, returnTo, children }: { intent: SignUpIntent; what: string; returnTo: string; children: ReactNode }) {
  const [check, setCheck] = useState<Check>({ status: 'checking' });

  useEffect(() => {
    const ctl = new AbortController();
    void fetchFullProgress(ctl.signal)
      .then((r) => {
        if (ctl.signal.aborted) return;
        // No sign-up (an account made without the wizard) has nothing to ask; a failed read does not hold the purchase up.
        if (!r.success) return setCheck({ status: 'ready' });
        const { intents, completed_steps } = r.data;
        // A plan step done by paying for something else is not a membership: buying one is that step.
        const redo: SignedInStep[] = intent === 'membership' && !intents.includes('membership') ? ['plan'] : [];
        const missing = requiredSteps([...intents, intent]).filter((step) => !completed_steps.includes(step) || redo.includes(step));
        setCheck(missing.length === 0 ? { status: 'ready' } : { status: 'steps', missing });
      })
      .catch(() => undefined);
    return () => ctl.abort();
  }, [intent]);

  if (check.status === 'checking') return <LoadingSpinner label="Checking your account" />;
  if (check.status === 'ready') return <>{children}</>;
  return <StepsToFinish intent={intent} what={what} returnTo={returnTo} missing={check.missing} onNothingLeft={() => setCheck({ status: 'ready' })} />;
}

/**
 * The sign-up steps to finish before buying `what` (those StepsFirst found, or those a server refusal named:
 * 409 SIGN_UP_STEPS_MISSING's `missing_steps`), and a button that tells the server the intent (`PUT /sign-up/intent`)
 * and opens the wizard on its first step, which leads back to `returnTo` at its end.
 */
export function StepsToFinish({ intent, what, returnTo, missing, onNothingLeft }: { intent: SignUpIntent; what: string; returnTo: string; missing: readonly SignedInStep[]; onNothingLeft?: () => void }) {
  const s = useStyles();
  const navigate = useNavigate();
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const go = async () => {
    setGoing(true);
    setError(null);
    try {
      const { data } = await addSignUpIntent(intent);
      const path = stepPath(data.current_step);
      if (!path) return onNothingLeft?.();
      // The wizard is picked up from the server's progress (no cached step) and leads back here at its end.
      kvStorage()?.removeItem(SIGN_UP_STORAGE_KEY);
      if (session.userId) rememberStep(session.userId, path);
      rememberSignUpReturn(`?next=${encodeURIComponent(returnTo)}`, window.location.origin);
      void navigate(path);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Your account could not be checked. Try again.');
    } finally {
      setGoing(false);
    }
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
        {missing.map((step) => (
          <li key={step}>
            <Text weight="semibold">{STEP_SCREENS[step]}:</Text> <Text>{WHY_WE_ASK[STEP_SCREENS[step]]}</Text>
          </li>
        ))}
      </ul>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <Button appearance="primary" onClick={() => void go()} disabledFocusable={going} icon={going ? <Spinner size="tiny" /> : undefined}>
        Continue with {(missing[0] ? STEP_SCREENS[missing[0]] : 'the next step').toLowerCase()}
      </Button>
    </Card>
  );
}
