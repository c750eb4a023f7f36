import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SubscriptionsPage } from '../../features/memberships/components/SubscriptionsPage.tsx';
import { PlanPicker } from '../../features/plans/components/PlanPicker.tsx';
import { PaymentForm } from '../../features/payments/components/PaymentForm.tsx';
import { PaymentHistory } from '../../features/payments/components/PaymentHistory.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { SaveCardForm } from '../../features/payments/components/SaveCardForm.tsx';
import type { UpdateCardForm } from '../../features/memberships/components/ManageMembership.tsx';
import { StepsFirst } from '../../features/sign-up/components/StepsFirst.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'stretch' },
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
  cancel: { alignSelf: 'flex-start' },
  plans: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** Plan choice, then payment: composed here because features do not import each other (bulletproof-react). */
function StartMembership({ onPaid, onCancel }: { onPaid: () => void; onCancel: () => void }) {
  const s = useStyles();
  const [planId, setPlanId] = useState<string | null>(null);
  // An account that signed up for less (an NHD order) is asked the membership's steps first (sign-up wizard).
  return (
    <div className={s.root}>
      <StepsFirst intent="membership" what="a membership" returnTo="/subscriptions">
        <PlanPicker value={planId} onChange={setPlanId} />
        {planId ? <PaymentForm key={planId} planId={planId} onPaid={onPaid} /> : <Text>Choose a plan above to pay for it.</Text>}
      </StepsFirst>
      <Button className={s.cancel} onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** A card update: the payments feature's card entry saves the card, the memberships feature puts it on the membership. */
const UpdateCard: UpdateCardForm = ({ onSaved, onCancel }) => <SaveCardForm onSaved={onSaved} onCancel={onCancel} submitLabel="Save and use this card" />;

/**
 * /subscriptions: the user's memberships (cancel, resume, switch, update card), a way to start one when there is none,
 * and the payment history below.
 */
export default function SubscriptionsRoute() {
  const s = useStyles();
  return (
    <div className={s.page}>
      <SubscriptionsPage startMembership={StartMembership} updateCard={UpdateCard} />
      <div className={s.plans}>
        <Text>What each plan covers and costs:</Text>
        <LinkButton to="/subscription-plan">See membership plans</LinkButton>
      </div>
      <PaymentHistory />
    </div>
  );
}
