import { AddressAutocomplete } from '../../features/properties/components/AddressAutocomplete.tsx';
import { ProviderUsersPage } from '../../features/provider-users/components/ProviderUsersPage.tsx';

/** /acpg-provider-users: the provider users screen, with the properties' address autocomplete for attaching properties. */
export default function ProviderUsersRoute() {
  return <ProviderUsersPage AddressAutocomplete={AddressAutocomplete} />;
}
