import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { AdminOrdersQuery, CancelOrderBody, MyOrdersQuery, NhdOrderView, OrderHistory, OrderIdParams, RevokeReceiptLinksBody } from '@acpg/contracts/nhd';
import type { RouteAuth } from '../../../platform/auth/port.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { daysFilter, searchFilter } from '../../../platform/documents/list-filters.ts';
import { customerSearchFilter } from '../../../platform/local-copies/account-contacts.ts';
import { providerAdminOf, providerScopeFilter, withinScope } from '../../../platform/local-copies/provider-members.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { entityByIdRoute, entityHistoryRoute } from '../../../platform/entities/entity-routes.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { listRoute, OWN_LIST_REFUSALS, ROLE_LIST_REFUSALS } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { PDF_CONTENT_TYPE } from '../../../platform/pdf/document.ts';
import { accessibleOrder, actableOrder, orderView, runOrderCommand } from '../order/commands.ts';
import { orders } from './entity.ts';
import { summaryOf } from './history.ts';
import { ORDERS_COLLECTION, toOrderView } from './view.ts';

const OVERSEE = { auth: { capability: 'nhd.oversee' } } as const;
const ORDERER = { auth: { capability: 'nhd.order' } } as const;
const OWN_RECORD = { auth: { capability: 'records.own' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };


/** The lists' filters as a documents filter (placed_at is an ISO time: days compare as text). */
export const ordersFilter = (q: MyOrdersQuery | AdminOrdersQuery): Filter => ({
  ...searchFilter(q.q),
  ...(q.status ? { status: q.status } : {}),
  ...(q.report_type !== undefined ? { report_type_code: q.report_type } : {}),
  ...(q.county ? { county: q.county } : {}),
  ...('account_id' in q && q.account_id ? { account_id: q.account_id } : {}),
  ...daysFilter('placed_at', q),
});

/** The orders' lists, one order's page (view, audit trail, report) and the steps its owner or a Super Admin takes. */
export const orderRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    // The search box also finds the customer by name or email (the module's copy of account contacts).
    const customerSearch = async (query: MyOrdersQuery | AdminOrdersQuery): Promise<Filter> => {
      const { search_text: _ownText, ...rest } = ordersFilter(query);
      return { ...rest, ...(await customerSearchFilter(platform, 'nhd', query.q, { ownText: searchFilter(query.q) })) };
    };
    const list = { tags: ['nhd'], item: NhdOrderView, collection: ORDERS_COLLECTION, thenBy: ['placed_at'], toItem: toOrderView };
    listRoute(fastify, platform, {
      ...list,
      url: '/nhd/orders/mine',
      auth: ORDERER.auth,
      summary:
        "The caller's NHD orders (a Provider Admin's: their own and their provider's users', the search also finding the customer by name or email): search, filters (status, report type, county, placed from/to), server paging and sorting",
      querystring: MyOrdersQuery,
      refusals: OWN_LIST_REFUSALS,
      filter: async (query, caller) => {
        if (!providerAdminOf(caller)) return { ...ordersFilter(query), account_id: caller.userId };
        return withinScope(await customerSearch(query), await providerScopeFilter(platform, 'nhd', caller));
      },
      ownWrites: orders.projection,
    });
    listRoute(fastify, platform, {
      ...list,
      url: '/admin/nhd/orders',
      auth: OVERSEE.auth,
      summary: 'Every NHD order (Super Admin): search (also by the customer’s name or email), filters (status, report type, county, account, placed from/to), server paging and sorting',
      querystring: AdminOrdersQuery,
      refusals: ROLE_LIST_REFUSALS,
      // The search box also finds the customer by name or email (the module's copy of account contacts).
      filter: customerSearch,
    });

    const one = { tags: ['nhd'], params: OrderIdParams, refusals };
    entityByIdRoute(fastify, platform, orders, { ...one, url: '/nhd/orders/:id', summary: 'One NHD order with its timeline (the owner, Super Admins and Admins, or a Provider Admin of the owner’s provider); live twin: nhd-order.updated in room nhd-order:<id>' });
    entityHistoryRoute(fastify, platform, orders, {
      ...one,
      url: '/nhd/orders/:id/history',
      summary: "The order's audit trail from its event stream: what, who and when (the owner, Super Admins and Admins, or a Provider Admin of the owner's provider)",
      history: OrderHistory,
      summaryOf,
    });

    app.get(
      '/nhd/orders/:id/report',
      {
        config: OWN_RECORD,
        schema: {
          tags: ['nhd'],
          summary: "The order's NHD report as a PDF (the owner or a Super Admin)",
          description: 'Answers application/pdf. Refusals are JSON: 401; 404 ORDER_NOT_FOUND (none, or not yours: the same answer); 409 REPORT_NOT_READY.',
          security: [{ bearer: [] }],
          params: OrderIdParams,
        },
      },
      async (request, reply) => {
        const order = await accessibleOrder(platform, request.params.id, callerOf(request));
        const file = order.report ? await platform.files.get(order.report.file_key) : null;
        if (!file) throw new AppError(409, 'REPORT_NOT_READY', 'The report is not ready yet. It appears here as soon as it is made.');
        return reply
          .type(PDF_CONTENT_TYPE)
          .header('content-disposition', `inline; filename="NHD-report-${request.params.id}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );

    const step = (path: string, summary: string, config: { auth: RouteAuth }, command: 'CloseOrder' | 'RetryReport', done: string) =>
      app.post(
        path,
        { config, schema: { tags: ['nhd'], summary, security: [{ bearer: [] }], params: OrderIdParams, response: { 200: okEnvelope(NhdOrderView), ...refusals } } },
        async (request) => {
          await actableOrder(platform, request.params.id, callerOf(request));
          await runOrderCommand(platform, request.params.id, { type: command, data: {}, metadata: requestMeta(request, platform) });
          return { success: true as const, data: await orderView(platform, request.params.id), message: done };
        },
      );
    step('/nhd/orders/:id/close', 'Close a delivered or acknowledged order (the owner or a Super Admin)', OWN_RECORD, 'CloseOrder', 'Order closed.');
    step('/admin/nhd/orders/:id/retry-report', 'Make a failed report again (Super Admin)', OVERSEE, 'RetryReport', 'The report is being made again.');

    app.post(
      '/nhd/orders/:id/cancel',
      {
        config: OWN_RECORD,
        schema: {
          tags: ['nhd'],
          summary: 'Cancel an order before its report is made (the owner or a Super Admin); a paid order is refunded in full',
          security: [{ bearer: [] }],
          params: OrderIdParams,
          body: CancelOrderBody,
          response: { 200: okEnvelope(NhdOrderView), ...refusals },
        },
      },
      async (request) => {
        await actableOrder(platform, request.params.id, callerOf(request));
        const { events } = await runOrderCommand(platform, request.params.id, { type: 'CancelOrder', data: { reason: request.body.reason }, metadata: requestMeta(request, platform) });
        const refund = events.some((e) => e.type === 'NhdOrderCancelled' && e.data.refund_due);
        return { success: true as const, data: await orderView(platform, request.params.id), message: refund ? 'Order cancelled. The payment is refunded in full.' : 'Order cancelled.' };
      },
    );

    app.post(
      '/nhd/orders/:id/receipt-links/revoke',
      {
        config: OWN_RECORD,
        schema: {
          tags: ['nhd'],
          summary: "Withdraw a recipient's emailed report link, or every link of the order (the owner or a Super Admin)",
          description:
            'Body `{ recipient_id }` withdraws that recipient\'s link; `{}` withdraws every link sent so far. A withdrawn link answers ' +
            '410 RECEIPT_LINK_REVOKED (page, report download and confirmation); withdrawing one again changes nothing. Links also ' +
            'expire RECEIPT_LINK_DAYS (30 by default) days after they were sent. 404 ORDER_NOT_FOUND, RECIPIENT_NOT_FOUND; 409 RECEIPT_LINK_NOT_SENT.',
          security: [{ bearer: [] }],
          params: OrderIdParams,
          body: RevokeReceiptLinksBody,
          response: { 200: okEnvelope(NhdOrderView), ...refusals },
        },
      },
      async (request) => {
        await actableOrder(platform, request.params.id, callerOf(request));
        const recipientId = request.body.recipient_id ?? null;
        const { events } = await runOrderCommand(platform, request.params.id, { type: 'RevokeReceiptLinks', data: { recipient_id: recipientId }, metadata: requestMeta(request, platform) });
        const count = events.reduce((n, e) => n + (e.type === 'NhdReceiptLinksRevoked' ? e.data.recipient_ids.length : 0), 0);
        const message = count === 0 ? 'There is no link left to withdraw.' : count === 1 ? 'The link was withdrawn. It no longer opens the report.' : `${count} links were withdrawn. They no longer open the report.`;
        return { success: true as const, data: await orderView(platform, request.params.id), message };
      },
    );
  };
