import { PaymentForm } from '../../features/payments/components/PaymentForm.tsx';
import { ActForUserPage } from '../../features/provider-users/components/ActForUserPage.tsx';

/** /acpg-provider-users/:accountId/act: a Provider Admin protects a user's property or orders an NHD report for them, with the payments feature's card form. */
export default function ActForProviderUserRoute() {
  return <ActForUserPage PaymentForm={PaymentForm} />;
}
