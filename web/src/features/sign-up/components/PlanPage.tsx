import { useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { LoadingSpinner } from '../../../components/PageState.tsx';
import { kvStorage } from '../../../lib/kv.ts';
import { peekSignUpReturn, rememberSignUpReturn } from '../../../lib/return-path.ts';
import { forgetResume } from '../../../lib/sign-up-resume.ts';
import { SIGN_UP_STORAGE_KEY } from '../machines/persisted.ts';
import { SignUpActor } from './SignUpFlow.tsx';
import { StepFrame, useFormStyles } from './StepFrame.tsx';

/**
 * A visitor who started signing up on the way to Equity Protect needs no membership: paying for that completes the
 * plan step (the server counts it), and the wizard's last step follows on their next member page. (One who came for
 * an NHD report is never asked for a plan: that intent needs no signed-in step.)
 */
const SERVICES = [{ paths: ['/equity-protect', '/equity-protect-property-search'], what: 'Equity Protect', action: 'Protect your property first', afterwards: '/equity-protect-list' }] as const;

/** The service a sign-up return path (path, query, hash) belongs to, by its page. */
const serviceOfReturn = (path: string | null) => {
  const page = path?.split(/[?#]/)[0];
  return SERVICES.find((s) => (s.paths as readonly string[]).includes(page ?? '')) ?? null;
};

function ServiceFirst() {
  const navigate = useNavigate();
  const [path] = useState(() => peekSignUpReturn(window.location.origin));
  const service = serviceOfReturn(path);
  // Who chose a membership pays for one here; only an Equity Protect sign-up may pay for that instead.
  const cameForIt = SignUpActor.useSelector((st) => st.context.progress?.intents.includes('equity_protect') === true && !st.context.progress.intents.includes('membership'));
  if (!path || !service || !cameForIt) return null;
  const go = () => {
    // The wizard is picked up again from the server's progress (no cached step), and ends on the service's own list.
    forgetResume();
    kvStorage()?.removeItem(SIGN_UP_STORAGE_KEY);
    rememberSignUpReturn(`?next=${encodeURIComponent(service.afterwards)}`, window.location.origin);
    void navigate(path);
  };
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Came for {service.what}?</MessageBarTitle>
        You don’t need a membership: paying for {service.what} completes this step. You can choose a membership later.
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={go}>
          {service.action}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** /sign-up/plan: Monthly or Yearly, then the card (the card number goes only to the payment gateway's route). */
export function PlanPage({
  PlanPicker,
  PaymentForm,
}: {
  /** The plans feature's Monthly/Yearly picker and the payments feature's card form (composed in app/). */
  PlanPicker: ComponentType<{ value: string | null; onChange: (planId: string) => void }>;
  PaymentForm: ComponentType<{ planId: string; onPaid: () => void }>;
}) {
  const s = useFormStyles();
  const actor = SignUpActor.useActorRef();
  const error = SignUpActor.useSelector((st) => st.context.error);
  const recording = SignUpActor.useSelector((st) => st.matches('advancing'));
  const [planId, setPlanId] = useState<string | null>(null);

  return (
    <StepFrame screen="Plan and payment" title="Choose your plan and pay" intro="Each plan shows every fee and what it is for, what is due today, and when the next charge comes. Your membership starts as soon as the payment goes through and renews until you cancel." error={error}>
      {recording ? (
        <LoadingSpinner label="Starting your membership" />
      ) : (
        <div className={s.form}>
          <ServiceFirst />
          <PlanPicker value={planId} onChange={setPlanId} />
          {planId && <PaymentForm key={planId} planId={planId} onPaid={() => actor.send({ type: 'STEP_DONE', step: 'plan' })} />}
        </div>
      )}
    </StepFrame>
  );
}
