import { Select } from '@fluentui/react-components';

export interface OptionSelectProps<V extends string> {
  value: V | '';
  onChange: (value: V | '') => void;
  /** The first, empty choice ("Choose a state"): nothing chosen yet. */
  placeholder: string;
  options: readonly { value: V; label: string }[];
}

/** A native select of known values, starting on an empty "Choose …" choice; goes inside a Field. */
export function OptionSelect<V extends string>({ value, onChange, placeholder, options }: OptionSelectProps<V>) {
  return (
    <Select value={value} onChange={(_, d) => onChange(d.value as V | '')}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
