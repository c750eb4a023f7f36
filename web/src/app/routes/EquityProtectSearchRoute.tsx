import { AddressAutocomplete } from '../../features/properties/components/AddressAutocomplete.tsx';
import { PropertyVerificationForm } from '../../features/properties/components/PropertyVerificationForm.tsx';
import { VerifiedPropertyPicks } from '../../features/properties/components/VerifiedPropertyPicks.tsx';
import { PaymentForm } from '../../features/payments/components/PaymentForm.tsx';
import { ProtectPropertyFlow } from '../../features/equity/components/ProtectPropertyFlow.tsx';
import { StepsToFinish } from '../../features/sign-up/components/StepsFirst.tsx';
import type { SignedInStep } from '@acpg/contracts/sign-up-steps';

/** The sign-up steps Equity Protect needs first (the server's refusal names them), then back to the flow. */
function EquityProtectSteps(props: { missing: readonly SignedInStep[]; returnTo: string; onNothingLeft: () => void }) {
  return <StepsToFinish intent="equity_protect" what="Equity Protect" {...props} />;
}

/** /equity-protect-property-search: find a property and protect it, with the search, verification and card form of their features. */
export default function EquityProtectSearchRoute() {
  return <ProtectPropertyFlow AddressAutocomplete={AddressAutocomplete} PropertyVerificationForm={PropertyVerificationForm} PaymentForm={PaymentForm} StepsToFinish={EquityProtectSteps} PropertyPicks={VerifiedPropertyPicks} />;
}
