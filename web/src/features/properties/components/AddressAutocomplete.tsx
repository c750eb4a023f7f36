import { useState, type ReactNode } from 'react';
import type { PropertySummary } from '@acpg/contracts/properties';
import { Button, Caption1, Combobox, Field, Option, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { formatAddress } from '../api/properties.ts';
import { usePropertySearch } from '../api/use-property-search.ts';

const useStyles = makeStyles({
  combobox: { width: '100%', minWidth: 0 },
  listbox: { maxHeight: '320px' },
  option: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  secondary: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  field: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  retry: { alignSelf: 'flex-start' },
  hint: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface AddressAutocompleteProps {
  label: string;
  /** The chosen property (shown as its address), or null. */
  value: PropertySummary | null;
  onSelect: (property: PropertySummary) => void;
  /** Called when the user edits the text of a chosen property: it is no longer chosen. */
  onClear?: () => void;
  required?: boolean;
  /** The form's message for this field (e.g. "Choose your property"); shown instead of the search's own. */
  validationMessage?: string | null;
  /** Overrides the hint shown before typing. */
  hint?: string;
  /** A picker of several (the chosen ones listed beside it): the box empties after each choice, ready for the next. */
  clearOnSelect?: boolean;
}

// No made-up example address: one the data does not hold would be tried and find nothing.
const DEFAULT_HINT = 'Start typing the street address, or enter the APN. California properties (sample data).';

/**
 * Address autocomplete over the property lookup (Fluent Combobox): debounced search as you type, arrow keys and
 * Enter to choose, Escape to close. Loading, no-match and error states are announced through the field's hint.
 */
export function AddressAutocomplete({ label, value, onSelect, onClear, required, validationMessage, hint, clearOnSelect = false }: AddressAutocompleteProps) {
  const s = useStyles();
  const chosenText = value ? formatAddress(value) : '';
  const [text, setText] = useState(chosenText);
  // Open while the user is choosing and there is something to choose from (also after a paste, which is no keystroke).
  const [open, setOpen] = useState(false);
  // A new value from the parent (a restored draft, a reset) shows its address: state adjusted during render.
  const [shownId, setShownId] = useState(value?.id ?? null);
  if ((value?.id ?? null) !== shownId) {
    setShownId(value?.id ?? null);
    setText(chosenText);
  }
  const searching = !value || text !== chosenText;
  const search = usePropertySearch(text, searching);
  const items = value && !searching ? [value] : search.items;

  let status: ReactNode = hint ?? DEFAULT_HINT;
  if (search.status === 'loading') {
    status = (
      <span className={s.hint}>
        <Spinner size="extra-tiny" aria-hidden /> Searching…
      </span>
    );
  } else if (search.status === 'ready') {
    const n = search.items.length;
    status = n === 0 ? `No property matches "${text.trim()}". Check the street number and name, or search by APN.` : `${n} ${n === 1 ? 'property' : 'properties'} found: use the arrow keys to choose.`;
  } else if (value && !searching) {
    status = `${value.county} County · APN ${value.apn}`;
  }
  const searchError = search.status === 'error' ? `Search is unavailable right now (${search.error}).` : null;
  const message = validationMessage || searchError;

  return (
    <div className={s.field}>
      <Field
        label={label}
        required={required}
        validationMessage={message}
        validationState={message ? 'error' : 'none'}
        hint={{ children: status, 'aria-live': 'polite' }}
      >
        <Combobox
          className={s.combobox}
          listbox={{ className: s.listbox }}
          freeform
          autoComplete="off"
          value={text}
          selectedOptions={value ? [value.id] : []}
          open={open && items.length > 0}
          onOpenChange={(_, data) => setOpen(data.open)}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            if (value && e.target.value !== chosenText) onClear?.();
          }}
          onOptionSelect={(_, data) => {
            const chosen = items.find((p) => p.id === data.optionValue);
            if (!chosen) return;
            setText(clearOnSelect ? '' : formatAddress(chosen));
            setOpen(false);
            onSelect(chosen);
          }}
        >
          {items.map((p) => (
            <Option key={p.id} value={p.id} text={formatAddress(p)}>
              <span className={s.option}>
                <Text>{p.address_line}</Text>
                <Caption1 className={s.secondary}>
                  {p.city}, {p.state} {p.zip} · {p.county} County · APN {p.apn}
                </Caption1>
              </span>
            </Option>
          ))}
        </Combobox>
      </Field>
      {searchError && (
        <Button className={s.retry} size="small" onClick={search.retry}>
          Search again
        </Button>
      )}
    </div>
  );
}
