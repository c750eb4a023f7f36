import { AddressAutocomplete } from '../../features/properties/components/AddressAutocomplete.tsx';
import { VerifiedPropertyPicks } from '../../features/properties/components/VerifiedPropertyPicks.tsx';
import { PaymentForm } from '../../features/payments/components/PaymentForm.tsx';
import { OrderFlow } from '../../features/nhd/components/OrderFlow.tsx';

/** /nhd-order: the NHD ordering flow, with the property search and the card form of their own features. */
export default function NhdOrderRoute() {
  return <OrderFlow AddressAutocomplete={AddressAutocomplete} PaymentForm={PaymentForm} PropertyPicks={VerifiedPropertyPicks} />;
}
