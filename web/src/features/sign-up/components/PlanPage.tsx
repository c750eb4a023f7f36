import { useState, type ComponentType } from 'react';
import { LoadingSpinner } from '../../../components/PageState.tsx';
import { SignUpActor } from './SignUpFlow.tsx';
import { StepFrame, useFormStyles } from './StepFrame.tsx';

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
    <StepFrame screen="Plan and payment" title="Choose your plan and pay" intro="Your membership starts as soon as the payment goes through." error={error}>
      {recording ? (
        <LoadingSpinner label="Starting your membership" />
      ) : (
        <div className={s.form}>
          <PlanPicker value={planId} onChange={setPlanId} />
          {planId && <PaymentForm key={planId} planId={planId} onPaid={() => actor.send({ type: 'STEP_DONE', step: 'plan' })} />}
        </div>
      )}
    </StepFrame>
  );
}
