import { AddressAutocomplete } from '../../features/properties/components/AddressAutocomplete.tsx';
import { ProvidersPage } from '../../features/providers/components/ProvidersPage.tsx';

/** /acpg-provider: the providers screen, with the properties' address autocomplete for a provider's office. */
export default function ProvidersRoute() {
  return <ProvidersPage AddressAutocomplete={AddressAutocomplete} />;
}
