import { proxy } from 'valtio/vanilla';
import { registerReset } from '../../../lib/store-reset.ts';

/** Property-screen state (lookup, selection, verification). Screens come with the properties feature. */
interface PropertyState {
  propertyData: unknown;
  selectedProperty: unknown;
  verifiedProperties: unknown[];
  address: string | null;
  screen: number;
}

const initial = (): PropertyState => ({ propertyData: null, selectedProperty: null, verifiedProperties: [], address: null, screen: 0 });

export const property = proxy<PropertyState>(initial());

/** Choosing Services resets the property-screen state (spec section 2); logout clears property list data. */
export function resetProperty(): void {
  Object.assign(property, initial());
}

registerReset('property', resetProperty);
