import { PaymentForm } from '../../features/payments/components/PaymentForm.tsx';
import { OrderPage } from '../../features/nhd/components/OrderPage.tsx';

/** /nhd-order-list/:orderId: one NHD order, with the card form of the payments feature to pay it. */
export default function NhdOrderPageRoute() {
  return <OrderPage PaymentForm={PaymentForm} />;
}
