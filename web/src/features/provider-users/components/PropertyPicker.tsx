import type { ComponentType } from 'react';
import { Button, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { PropertySummary } from '@acpg/contracts/properties';
import { PROVIDER_PROPERTIES_MAX } from '@acpg/contracts/provider-users';

/** The properties' address autocomplete, handed in by the app (features do not import each other). */
export type AddressFinder = ComponentType<{ label: string; value: PropertySummary | null; onSelect: (property: PropertySummary) => void; onClear?: () => void; hint?: string; clearOnSelect?: boolean }>;

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, minWidth: 0 },
  address: { overflowWrap: 'anywhere', minWidth: 0 },
});

export const addressOf = (p: PropertySummary) => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`;

/**
 * Properties a provider attaches to an invitation: each found with the address autocomplete and listed with a Remove
 * button; at most PROVIDER_PROPERTIES_MAX in all (`already` counts those attached before).
 */
export function PropertyPicker({ AddressAutocomplete, value, onChange, already = 0 }: { AddressAutocomplete: AddressFinder; value: readonly PropertySummary[]; onChange: (next: PropertySummary[]) => void; already?: number }) {
  const s = useStyles();
  const room = PROVIDER_PROPERTIES_MAX - already - value.length;
  return (
    <>
      {room > 0 ? (
        <AddressAutocomplete
          label="Add a property (optional)"
          value={null}
          clearOnSelect
          hint={`The user confirms each one when they accept. Up to ${PROVIDER_PROPERTIES_MAX} per invitation.`}
          onSelect={(p) => {
            if (!value.some((v) => v.id === p.id)) onChange([...value, p]);
          }}
        />
      ) : (
        <Caption1>{`An invitation holds at most ${PROVIDER_PROPERTIES_MAX} properties.`}</Caption1>
      )}
      {value.length > 0 && (
        <ul className={s.list} aria-label="Properties to attach">
          {value.map((p) => (
            <li key={p.id} className={s.item}>
              <Text className={s.address}>{addressOf(p)}</Text>
              <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={`Remove ${addressOf(p)}`} onClick={() => onChange(value.filter((v) => v.id !== p.id))} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
