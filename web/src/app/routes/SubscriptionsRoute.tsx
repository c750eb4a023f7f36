import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { SubscriptionsPage } from '../../features/memberships/components/SubscriptionsPage.tsx';
import { PlanPicker } from '../../features/plans/components/PlanPicker.tsx';
import { PaymentForm } from '../../features/payments/components/PaymentForm.tsx';
import { SaveCardForm } from '../../features/payments/components/SaveCardForm.tsx';
import type { UpdateCardForm } from '../../features/memberships/components/ManageMembership.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'stretch' },
  cancel: { alignSelf: 'flex-start' },
});

/** Plan choice, then payment: composed here because features do not import each other (bulletproof-react). */
function StartMembership({ onPaid, onCancel }: { onPaid: () => void; onCancel: () => void }) {
  const s = useStyles();
  const [planId, setPlanId] = useState<string | null>(null);
  return (
    <div className={s.root}>
      <PlanPicker value={planId} onChange={setPlanId} />
      {planId ? <PaymentForm key={planId} planId={planId} onPaid={onPaid} /> : <Text>Choose a plan above to pay for it.</Text>}
      <Button className={s.cancel} onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** A card update: the payments feature's card entry saves the card, the memberships feature puts it on the membership. */
const UpdateCard: UpdateCardForm = ({ onSaved, onCancel }) => <SaveCardForm onSaved={onSaved} onCancel={onCancel} submitLabel="Save and use this card" />;

/** /subscriptions: the user's memberships (cancel, resume, switch, update card), and a way to start one when there is none. */
export default function SubscriptionsRoute() {
  return <SubscriptionsPage startMembership={StartMembership} updateCard={UpdateCard} />;
}
