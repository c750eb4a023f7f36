import { US_STATES, type UsState } from '@acpg/contracts/us-states';

export { US_STATES, type UsState };

/** Options for a state picker: the 50 states, no District of Columbia (spec section 9). */
export const US_STATE_OPTIONS: readonly { value: string; label: string }[] = US_STATES.map((s) => ({ value: s.code, label: s.name }));

export function stateName(code: string): string | undefined {
  return US_STATES.find((s) => s.code === code.toUpperCase())?.name;
}
