import { useState, type ComponentType } from 'react';
import { Button } from '@fluentui/react-components';
import type { PropertySummary } from '@acpg/contracts/properties';
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
/** The properties feature's verification questions. */
export type PropertyVerifier = ComponentType<{ propertyId: string; onVerified: (property: PropertySummary) => void }>;

/** /sign-up/property: find the property (address or APN), then answer the questions that show it is yours. */
export function PropertyPage({ AddressAutocomplete, PropertyVerificationForm }: { AddressAutocomplete: AddressFinder; PropertyVerificationForm: PropertyVerifier }) {
  const s = useFormStyles();
  const actor = SignUpActor.useActorRef();
  const error = SignUpActor.useSelector((st) => st.context.error);
  const recording = SignUpActor.useSelector((st) => st.matches('advancing'));
  const [selected, setSelected] = useState<PropertySummary | null>(null);
  // Each start of a verification counts (3 a day per property): it starts when the user asks, not on every pick.
  const [verifying, setVerifying] = useState<string | null>(null);
  const choose = (property: PropertySummary | null) => {
    setSelected(property);
    setVerifying(null);
  };

  return (
    <StepFrame screen="Property" title="Find and verify your property" intro="Type the start of its address, or its APN, then answer a few questions only the owner would know." error={error}>
      {recording ? (
        <LoadingSpinner label="Recording your verified property" />
      ) : (
        <div className={s.form}>
          <AddressAutocomplete label="Property address or APN" required value={selected} onSelect={choose} onClear={() => choose(null)} />
          {selected && verifying !== selected.id && (
            <Button appearance="primary" onClick={() => setVerifying(selected.id)}>
              Verify this property
            </Button>
          )}
          {selected && verifying === selected.id && (
            <PropertyVerificationForm key={selected.id} propertyId={selected.id} onVerified={() => actor.send({ type: 'STEP_DONE', step: 'property' })} />
          )}
        </div>
      )}
    </StepFrame>
  );
}
