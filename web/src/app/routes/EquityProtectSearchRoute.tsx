import { AddressAutocomplete } from '../../features/properties/components/AddressAutocomplete.tsx';
import { PropertyVerificationForm } from '../../features/properties/components/PropertyVerificationForm.tsx';
import { VerifiedPropertyPicks } from '../../features/properties/components/VerifiedPropertyPicks.tsx';
import { PaymentForm } from '../../features/payments/components/PaymentForm.tsx';
import { ProtectPropertyFlow } from '../../features/equity/components/ProtectPropertyFlow.tsx';

/** /equity-protect-property-search: find a property and protect it, with the search, verification and card form of their features. */
export default function EquityProtectSearchRoute() {
  return <ProtectPropertyFlow AddressAutocomplete={AddressAutocomplete} PropertyVerificationForm={PropertyVerificationForm} PaymentForm={PaymentForm} PropertyPicks={VerifiedPropertyPicks} />;
}
