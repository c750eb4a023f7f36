import { Checkbox, Text } from '@fluentui/react-components';
import type { PropertySummary } from '@acpg/contracts/properties';
import { FieldGroup } from './FieldGroup.tsx';

const addressOf = (p: PropertySummary) => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`;

/**
 * "Your provider added these properties": one checkbox per property the provider attached to the invitation. The checked
 * ones are confirmed when the invitation is accepted and become verified for the account (the property step is then done).
 */
export function ProviderProperties({ providerName, properties, checked, onChange }: { providerName: string; properties: readonly PropertySummary[]; checked: readonly string[]; onChange: (next: string[]) => void }) {
  if (properties.length === 0) return null;
  return (
    <FieldGroup label="Your provider added these properties">
      <Text size={200}>{`Check each property that is yours: ${providerName} vouches for it, so it is verified for your account when you join. Leave unchecked any that is not yours.`}</Text>
      {properties.map((p) => (
        <Checkbox
          key={p.id}
          label={`${addressOf(p)} (APN ${p.apn})`}
          checked={checked.includes(p.id)}
          onChange={(_, d) => onChange(d.checked === true ? [...checked.filter((id) => id !== p.id), p.id] : checked.filter((id) => id !== p.id))}
        />
      ))}
    </FieldGroup>
  );
}
