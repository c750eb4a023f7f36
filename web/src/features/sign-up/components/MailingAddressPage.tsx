import { useState } from 'react';
import { Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import type { PropertySummary } from '@acpg/contracts/properties';
import { US_STATE_OPTIONS } from '../../../lib/us-states.ts';
import { OptionSelect } from '../../../components/OptionSelect.tsx';
import { ErrorState, LoadingBlock } from '../../../components/PageState.tsx';
import { useDraft } from '../api/sign-up.ts';
import { addressProblems, toMailingAddress, type AddressForm } from '../mailing-address.ts';
import { useFormStyles } from './StepFrame.tsx';
import { StepPage, useStepForm } from './StepPage.tsx';
import type { AddressFinder } from './PropertyPage.tsx';

const EMPTY: AddressForm = { line1: '', line2: '', city: '', state: '', zip: '' };

/** /sign-up/mailing-address: the verified property's address, or another one (found through the same autocomplete). */
export function MailingAddressPage({ AddressAutocomplete }: { AddressAutocomplete: AddressFinder }) {
  const s = useFormStyles();
  const form = useStepForm();
  const draft = useDraft();
  const properties = draft.data?.properties ?? [];
  const [choice, setChoice] = useState<'property' | 'other'>('property');
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [address, setAddress] = useState<AddressForm>(EMPTY);
  const [found, setFound] = useState<PropertySummary | null>(null);

  const sameAs = choice === 'property' && properties.length > 0;
  const chosenProperty = propertyId ?? properties[0]?.property_id ?? null;
  const problems = form.touched && !sameAs ? addressProblems(address) : {};
  const set = (patch: Partial<AddressForm>) => setAddress((a) => ({ ...a, ...patch }));

  if (draft.status === 'error') return <ErrorState title="Your verified properties could not be loaded" message={draft.error} onRetry={draft.reload} />;
  if (!draft.data) return <LoadingBlock label="Loading your verified properties" lines={3} />;

  return (
    <StepPage
      screen="Mailing address"
      title="Your mailing address"
      intro="Where we send letters about your membership."
      trackAs="Save mailing address"
      form={form}
      save={() => {
        if (sameAs && chosenProperty) return { step: 'mailing_address', body: { same_as_property: true, property_id: chosenProperty } };
        const other = toMailingAddress(address);
        return other ? { step: 'mailing_address', body: { same_as_property: false, address: other } } : null;
      }}
    >
      {properties.length > 0 && (
        <Field label="Send my mail to">
          <RadioGroup value={choice} onChange={(_, d) => setChoice(d.value as 'property' | 'other')}>
            <Radio value="property" label="The address of my property" />
            <Radio value="other" label="Another address" />
          </RadioGroup>
        </Field>
      )}
      {sameAs && properties.length > 1 && (
        <Field label="Which property">
          <Select value={chosenProperty ?? ''} onChange={(_, d) => setPropertyId(d.value)}>
            {properties.map((p) => (
              <option key={p.property_id} value={p.property_id}>
                {p.address_line}, {p.city}, {p.state} {p.zip}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {sameAs && properties.length === 1 && (
        <p>
          {properties[0]!.address_line}, {properties[0]!.city}, {properties[0]!.state} {properties[0]!.zip}
        </p>
      )}
      {!sameAs && (
        <>
          <AddressAutocomplete
            label="Find an address (optional)"
            value={found}
            onSelect={(p: PropertySummary) => {
              setFound(p);
              set({ line1: p.address_line, city: p.city, state: p.state, zip: p.zip });
            }}
          />
          <div className={s.grid}>
            <Field label="Street address" required validationMessage={problems.line1}>
              <Input autoComplete="address-line1" value={address.line1} onChange={(_, d) => set({ line1: d.value })} />
            </Field>
            <Field label="Apartment, suite (optional)">
              <Input autoComplete="address-line2" value={address.line2} onChange={(_, d) => set({ line2: d.value })} />
            </Field>
            <Field label="City" required validationMessage={problems.city}>
              <Input autoComplete="address-level2" value={address.city} onChange={(_, d) => set({ city: d.value })} />
            </Field>
            <Field label="State" required validationMessage={problems.state}>
              <OptionSelect value={address.state} onChange={(state) => set({ state })} placeholder="Choose a state" options={US_STATE_OPTIONS} />
            </Field>
            <Field label="ZIP code" required validationMessage={problems.zip}>
              <Input autoComplete="postal-code" inputMode="numeric" value={address.zip} onChange={(_, d) => set({ zip: d.value })} />
            </Field>
          </div>
        </>
      )}
    </StepPage>
  );
}
