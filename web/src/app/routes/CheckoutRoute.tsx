import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SignedInStep } from '@acpg/contracts/sign-up-steps';
import { useSnapshot } from 'valtio';
import { Card, Text, Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { CheckoutResult } from '@acpg/contracts/payments';
import { session } from '../../lib/session.ts';
import { signInPathFor } from '../../lib/return-path.ts';
import { LinkButton } from '../../components/LinkButton.tsx';
import { EmptyState, LoadingSpinner } from '../../components/PageState.tsx';
import { PaymentForm } from '../../features/payments/components/PaymentForm.tsx';
import { useCurrentMembership } from '../../features/memberships/api/memberships.ts';
import { StepsFirst, StepsToFinish } from '../../features/sign-up/components/StepsFirst.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px', width: '100%', marginInline: 'auto' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  change: { alignSelf: 'flex-start' },
});

/**
 * /checkout?plan=<id> (public route): the signed-in customer pays for the plan (its summary and the card form), then
 * follows the payment on /payment-status. A visitor signs in and comes back here with the plan, or creates an account
 * (the sign-up wizard has its own plan and payment step, so it does not come back to pay twice).
 */
export default function CheckoutRoute() {
  const s = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const snap = useSnapshot(session);
  const planId = params.get('plan')?.trim() ?? '';
  const signedIn = snap.user != null && snap.user.role.length > 0 && snap.accessToken != null;
  // One membership per member: a member is sent to the plan switch instead of a second checkout.
  const current = useCurrentMembership(signedIn);
  // The server refused the plan until sign-up steps are done (409 SIGN_UP_STEPS_MISSING): exactly those are asked.
  const [stepsMissing, setStepsMissing] = useState<SignedInStep[] | null>(null);
  const follow = (checkout: CheckoutResult) => navigate(`/payment-status?checkout_id=${encodeURIComponent(checkout.checkout_id)}`);

  let body;
  if (!planId) {
    body = (
      <EmptyState>
        No plan is chosen yet.{' '}
        <LinkButton to="/subscription-plan" appearance="primary">
          See the plans
        </LinkButton>
      </EmptyState>
    );
  } else if (snap.restoring && snap.user) {
    body = <LoadingSpinner label="Restoring your session" />;
  } else if (!signedIn) {
    body = (
      <Card className={s.card}>
        <Text>Sign in to pay for this plan. You come back to this page afterwards, with the plan still chosen.</Text>
        <Text>New to ACPG? Create an account: you choose your plan and pay in the last steps of the sign-up.</Text>
        <div className={s.actions}>
          <LinkButton to={signInPathFor(`/checkout?plan=${encodeURIComponent(planId)}`)} appearance="primary">
            Sign in
          </LinkButton>
          <LinkButton to="/authentication/sign-up">Create an account</LinkButton>
        </div>
      </Card>
    );
  } else if (current.status === 'loading') {
    body = <LoadingSpinner label="Checking your membership" />;
  } else if (current.data) {
    body = (
      <Card className={s.card}>
        <Text>
          You already have a {current.data.plan_name} membership. To change plans, switch at its next renewal on the Subscriptions page; you are not charged twice.
        </Text>
        <div className={s.actions}>
          <LinkButton to="/subscriptions" appearance="primary">
            Go to Subscriptions
          </LinkButton>
        </div>
      </Card>
    );
  } else if (stepsMissing) {
    body = <StepsToFinish intent="membership" what="a membership" returnTo="/subscriptions" missing={stepsMissing} onNothingLeft={() => setStepsMissing(null)} />;
  } else {
    // An account that signed up for less (an NHD order) is asked the membership's steps first (sign-up wizard).
    body = (
      <StepsFirst intent="membership" what="a membership" returnTo="/subscriptions">
        <Card className={s.card}>
          <PaymentForm planId={planId} onPaid={follow} onCheckout={follow} onStepsMissing={setStepsMissing} />
        </Card>
        <LinkButton to="/subscription-plan" appearance="subtle" className={s.change}>
          Choose another plan
        </LinkButton>
      </StepsFirst>
    );
  }

  return (
    <section className={s.root} aria-labelledby="checkout-title">
      <div className={s.head}>
        <Title1 as="h1" id="checkout-title" tabIndex={-1}>
          Checkout
        </Title1>
      </div>
      {body}
    </section>
  );
}
