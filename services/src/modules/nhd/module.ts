import { NHD_ORDER_EVENT_TYPES, NHD_ORDER_NUMBER_ALLOCATED } from '@acpg/contracts/nhd';
import type { Module } from '../../platform/module.ts';
import { placeOrderRoutes } from './order/routes.ts';
import { orders } from './orders/entity.ts';
import { orderRoutes } from './orders/routes.ts';
import { orderPaymentReaction, orderPaymentWorker } from './payment/reaction.ts';
import { receiptRoutes } from './recipients/routes.ts';
import { recipientsReaction, recipientsWorker } from './recipients/send.ts';
import { reportReadyEmail } from './recipients/template.ts';
import { reportReaction, reportWorker } from './report/job.ts';
import { reportTypesProjection } from './report-types/projection.ts';
import { reportTypeRoutes } from './report-types/routes.ts';
import { ACCOUNT_BROKERAGE_EVENTS, ACCOUNT_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import { accountTimeZonesCopy } from '../../platform/local-copies/account-time-zones.ts';
import { ACCOUNT_TIME_ZONE_EVENTS } from '@acpg/contracts/time-zones';
import { brokeragesCopy } from './order/brokerages.ts';
import { seedReportTypes } from './report-types/seed.ts';
import { orderToPayEmail, orderToPayReaction } from './order/to-pay-notice.ts';
import { providerMembersCopy } from '../../platform/local-copies/provider-members.ts';
import { verifiedPropertiesCopy } from '../../platform/local-copies/verified-properties.ts';
import { PROVIDER_MEMBER_EVENTS } from '@acpg/contracts/provider-users';
import { PROPERTY_VERIFIED } from '@acpg/contracts/properties';

/**
 * NHD orders (issue 9): a Natural Hazard Disclosure report for a California property, ordered and paid, made as a
 * PDF by a job, emailed to every recipient, each of whom confirms receipt once. Report types and prices are data.
 * Payment: payments reads `NhdOrderPlaced` to charge it; this module records its outcome (payment/).
 */
export const nhdModule: Module = {
  name: 'nhd',
  eventTypes: [...NHD_ORDER_EVENT_TYPES, 'NhdReportTypeDefined', NHD_ORDER_NUMBER_ALLOCATED],
  routes: (platform) => async (app) => {
    await app.register(reportTypeRoutes(platform));
    await app.register(placeOrderRoutes(platform));
    await app.register(orderRoutes(platform));
    await app.register(receiptRoutes(platform));
  },
  projections: [orders.projection, reportTypesProjection, accountContactsCopy('nhd'), accountTimeZonesCopy('nhd'), brokeragesCopy, providerMembersCopy('nhd'), verifiedPropertiesCopy('nhd')],
  consumes: ['PaymentSucceeded', 'PaymentFailed', 'PaymentRefunded', ...ACCOUNT_CONTACT_EVENTS, ...ACCOUNT_BROKERAGE_EVENTS, ...PROVIDER_MEMBER_EVENTS, PROPERTY_VERIFIED, ...ACCOUNT_TIME_ZONE_EVENTS],
  pushes: [orders.push],
  rooms: orders.rooms,
  reactions: [orderPaymentReaction, reportReaction, recipientsReaction, orderToPayReaction],
  templates: [reportReadyEmail, orderToPayEmail],
  workers: [orderPaymentWorker, reportWorker, recipientsWorker],
  seed: seedReportTypes,
};

/** For tools outside the module (bench/nhd-report-pdf.ts): the report's renderer. */
export { nhdReportPdf } from './report/pdf.ts';
