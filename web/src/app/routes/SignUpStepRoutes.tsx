import { PropertyPage } from '../../features/sign-up/components/PropertyPage.tsx';
import { MailingAddressPage } from '../../features/sign-up/components/MailingAddressPage.tsx';
import { PlanPage } from '../../features/sign-up/components/PlanPage.tsx';
import { AddressAutocomplete } from '../../features/properties/components/AddressAutocomplete.tsx';
import { PropertyVerificationForm } from '../../features/properties/components/PropertyVerificationForm.tsx';
import { PlanPicker } from '../../features/plans/components/PlanPicker.tsx';
import { PaymentForm } from '../../features/payments/components/PaymentForm.tsx';

// The sign-up steps that use other features' components, composed here because features do not import each other.

/** /sign-up/property */
export const SignUpPropertyRoute = () => <PropertyPage AddressAutocomplete={AddressAutocomplete} PropertyVerificationForm={PropertyVerificationForm} />;

/** /sign-up/mailing-address */
export const SignUpMailingAddressRoute = () => <MailingAddressPage AddressAutocomplete={AddressAutocomplete} />;

/** /sign-up/plan */
export const SignUpPlanRoute = () => <PlanPage PlanPicker={PlanPicker} PaymentForm={PaymentForm} />;
