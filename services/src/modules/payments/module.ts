import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { PROMO_CODE_UPDATED_MESSAGE, PromoCodeView } from '@acpg/contracts/promo-codes';
import { liveMessage } from '../../platform/realtime/messages.ts';
import type { Module } from '../../platform/module.ts';
import { PAYOUT_RECORDED, PAYOUT_RECORDED_MESSAGE, PayoutView } from '@acpg/contracts/payments';
import { ledgerProjection } from './ledger/projection.ts';
import { adminPaymentRoutes } from './refunds/admin-routes.ts';
import { charges } from './charges/entity.ts';
import { PAYMENTS_CONSUMES, paymentsCopies } from './copies/copies.ts';
import { myPaymentsRoutes } from './charges/routes.ts';
import { paymentRoutes } from './checkout/routes.ts';
import { checkoutExpirySchedule } from './checkout/expiry.ts';
import { deliverGatewayEvent } from './gateway/deliver.ts';
import { stripeRoutes } from './gateway/stripe/routes.ts';
import { TEST_GATEWAY_COLLECTIONS } from './gateway/test-gateway.ts';
import { STRIPE_CUSTOMERS, STRIPE_INTENTS } from './gateway/stripe/adapter.ts';
import { ORDER_PAYMENT_CLAIMED } from './checkout/purchase.ts';
import { orderRefundReaction, orderRefundWorker } from './order-refunds/reaction.ts';
import { paymentStatusRoutes } from './payment-status/routes.ts';
import { payoutReaction, payoutWorker } from './payouts/reaction.ts';
import { issueReceipt, receiptReaction } from './receipts/issue.ts';
import { receiptEmail } from './receipts/template.ts';
import { PROMO_CODE_EVENT_TYPES } from './promo-codes/decider.ts';
import { promoCodesProjection } from './promo-codes/projection.ts';
import { promoRedemptionsReaction, promoRedemptionsWorker } from './promo-codes/redemptions.ts';
import { promoCodeRoutes } from './promo-codes/routes.ts';
import { renewalChargeReaction, renewalChargeWorker } from './renewals/reaction.ts';
import { savedCardRoutes } from './saved-cards/routes.ts';
import { refundIssuedEmail, refundNoticeReaction } from './refunds/notice.ts';
import { REFUNDABLE_EVENTS, refundableCopies } from './refunds/scope.ts';
import { cardsOnFileProjection } from './saved-cards/on-file.ts';

/**
 * Checkouts paid through the payment gateway port (the embedded test gateway; Stripe next). Outcomes arrive as the
 * gateway's webhook events, recorded once per event id in whatever order: `PaymentSucceeded`, `PaymentFailed`.
 */
export const paymentsModule: Module = {
  name: 'payments',
  eventTypes: ['CheckoutStarted', 'PaymentRequiresAction', 'PaymentSucceeded', 'PaymentFailed', 'PaymentRefunded', 'CheckoutAbandoned', 'LatePaymentRefunded', ...PROMO_CODE_EVENT_TYPES, 'CardSaved', ORDER_PAYMENT_CLAIMED, PAYOUT_RECORDED],
  routes: (platform) => async (app) => {
    await app.register(paymentRoutes(platform));
    await app.register(myPaymentsRoutes(platform));
    await app.register(adminPaymentRoutes(platform));
    await app.register(paymentStatusRoutes(platform));
    await app.register(promoCodeRoutes(platform));
    await app.register(savedCardRoutes(platform));
    await app.register(stripeRoutes(platform));
  },
  projections: [charges.projection, ledgerProjection, promoCodesProjection, cardsOnFileProjection, ...paymentsCopies, ...refundableCopies],
  collections: [STRIPE_CUSTOMERS, STRIPE_INTENTS, ...Object.values(TEST_GATEWAY_COLLECTIONS)],
  consumes: [...PAYMENTS_CONSUMES, 'MembershipRenewalDue', 'ReimbursementPayoutRequested', ...REFUNDABLE_EVENTS],
  pushes: [
    charges.push,
    liveMessage({ name: PAYOUT_RECORDED_MESSAGE, summary: 'A claim payout was recorded: money paid out to a member (the admin Payments list)', payload: PayoutView, rooms: OVERSEER_ROLES.map((role) => `role:${role}`) }),
    liveMessage({ name: PROMO_CODE_UPDATED_MESSAGE, summary: 'A promo code was created or changed (the admin list)', payload: PromoCodeView, rooms: ['role:Super Admin'] }),
  ],
  rooms: charges.rooms,
  reactions: [receiptReaction, promoRedemptionsReaction, renewalChargeReaction, orderRefundReaction, payoutReaction, refundNoticeReaction],
  templates: [receiptEmail, refundIssuedEmail],
  schedules: [checkoutExpirySchedule],
  workers: [
    deliverGatewayEvent,
    issueReceipt,
    promoRedemptionsWorker,
    renewalChargeWorker,
    orderRefundWorker,
    payoutWorker,
  ],
};

/** For tools outside the module (bench/nhd-report-pdf.ts, the baseline of a generated document): the receipt's renderer. */
export { receiptPdf } from './receipts/pdf.ts';
/** The queue the embedded test gateway delivers its webhook events on (tests wait for it to drain). */
export { GATEWAY_EVENTS_QUEUE } from './gateway/test-gateway.ts';
export { checkoutExpirySchedule } from './checkout/expiry.ts';
export type { Receipt } from './receipts/receipt.ts';
