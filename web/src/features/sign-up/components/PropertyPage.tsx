import { useState, type ComponentType } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { OwnershipVerification, PropertySummary } from '@acpg/contracts/properties';
import { LoadingSpinner } from '../../../components/PageState.tsx';
import { SignUpActor } from './SignUpFlow.tsx';
import { StepFrame, useFormStyles } from './StepFrame.tsx';

/** The properties feature's address autocomplete, as this step uses it (composed in app/, features do not import each other). */
export type AddressFinder = ComponentType<{
  label: string;
  value: PropertySummary | null;
  onSelect: (property: PropertySummary) => void;
  onClear?: () => void;
  required?: boolean;
}>;
/** The properties feature's verification by a code mailed to the property. */
export type PropertyVerifier = ComponentType<{
  propertyId: string;
  onVerified: (property: PropertySummary) => void;
  onPending?: (verification: OwnershipVerification) => void;
}>;

/**
 * /sign-up/property: find the property (address or APN), then have a code mailed to it.
 * The step counts as done once a letter is on its way (the server's sign-up progress reads PropertyVerificationPending):
 * a letter takes days, so the wizard goes on ("Continue") and the code is entered later on My properties. Entering the
 * code here, when it is at hand, verifies the property and goes on at once. The property itself counts as verified
 * (claims, Equity Protect) only once its code is entered.
 */
export function PropertyPage({ AddressAutocomplete, PropertyVerificationForm }: { AddressAutocomplete: AddressFinder; PropertyVerificationForm: PropertyVerifier }) {
  const s = useFormStyles();
  const actor = SignUpActor.useActorRef();
  const error = SignUpActor.useSelector((st) => st.context.error);
  const recording = SignUpActor.useSelector((st) => st.matches('advancing'));
  const [selected, setSelected] = useState<PropertySummary | null>(null);
  // Each letter counts (3 per property, ever): the form shows only when the user asks, and mails only on its button.
  const [verifying, setVerifying] = useState<string | null>(null);
  const [pending, setPending] = useState<OwnershipVerification | null>(null);
  const choose = (property: PropertySummary | null) => {
    setSelected(property);
    setVerifying(null);
    setPending(null);
  };

  return (
    <StepFrame screen="Property" title="Find and verify your property" intro="Type the start of its address, or its APN. We then mail a one-time code to that address: receiving it shows the property is yours." error={error}>
      {recording ? (
        <LoadingSpinner label="Recording your property" />
      ) : (
        <div className={s.form}>
          <AddressAutocomplete label="Property address or APN" required value={selected} onSelect={choose} onClear={() => choose(null)} />
          {selected && verifying !== selected.id && (
            <Button appearance="primary" onClick={() => setVerifying(selected.id)}>
              Verify this property
            </Button>
          )}
          {selected && verifying === selected.id && (
            <PropertyVerificationForm
              key={selected.id}
              propertyId={selected.id}
              onVerified={() => actor.send({ type: 'STEP_DONE', step: 'property' })}
              onPending={setPending}
            />
          )}
          {selected && verifying === selected.id && pending?.property_id === selected.id && (
            <MessageBar intent="info" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>No need to wait for the letter</MessageBarTitle>
                Continue setting up your account now. When the letter arrives, enter its code on My properties: the property counts as
                verified from then on.
              </MessageBarBody>
            </MessageBar>
          )}
          {selected && verifying === selected.id && pending?.property_id === selected.id && (
            <Button appearance="primary" onClick={() => actor.send({ type: 'STEP_DONE', step: 'property' })}>
              Continue
            </Button>
          )}
        </div>
      )}
    </StepFrame>
  );
}
