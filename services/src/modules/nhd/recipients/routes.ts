import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { ReceiptTokenParams, ReceiptView } from '@acpg/contracts/nhd';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { PDF_CONTENT_TYPE } from '../../../platform/pdf/document.ts';
import { loadOrder, runOrderCommand } from '../order/commands.ts';
import type { PlacedOrder } from '../order/decider.ts';
import { readReceiptToken } from './token.ts';
import { formatLongDate } from '../../../platform/formatting/index.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';

const invalid = () => new AppError(404, 'RECEIPT_LINK_INVALID', 'This link is not one we sent. Open the link in your email again, or ask the sender to check your email address.');
// A recipient has no account: the days a link's refusals name are the orderer's (who sent it; nhd's copy of zones).
const used = (at: string, timeZone: string) => new AppError(409, 'RECEIPT_LINK_USED', `You confirmed receipt on ${formatLongDate(at, timeZone)}. This link has been used.`);
const refusals = { 400: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 410: ErrorEnvelope, 429: ErrorEnvelope };
// Public links are guessed at most this often per address.
const PUBLIC = { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

/** The order and recipient of a link that is ours, sent, not withdrawn or expired (410) and of an order not cancelled. */
const linkOf = async (platform: Platform, token: string): Promise<{ order: PlacedOrder; recipientId: string; sentAt: string; timeZone: string }> => {
  const named = await readReceiptToken(platform, token);
  if (!named) throw invalid();
  const order = await loadOrder(platform, named.orderId);
  const sentAt = order.status === 'none' ? undefined : order.sent[named.recipientId];
  if (order.status === 'none' || !sentAt) throw invalid();
  const timeZone = await timeZoneOf(platform, 'nhd', order.placed.account_id);
  const onDay = (iso: string) => formatLongDate(iso, timeZone);
  const revokedAt = order.revoked[named.recipientId];
  if (revokedAt) throw new AppError(410, 'RECEIPT_LINK_REVOKED', `This link was withdrawn on ${onDay(revokedAt)}. Ask the person who ordered the report to send it to you again.`);
  if (order.status === 'cancelled' || order.status === 'refunded') throw new AppError(410, 'RECEIPT_LINK_EXPIRED', 'This order was cancelled, so its report is no longer available.');
  const expiresAt = Date.parse(sentAt) + platform.config.RECEIPT_LINK_DAYS * 86_400_000;
  if (!order.acknowledged[named.recipientId] && platform.clock().getTime() >= expiresAt) {
    throw new AppError(410, 'RECEIPT_LINK_EXPIRED', `This link expired on ${onDay(new Date(expiresAt).toISOString())}. Ask the person who ordered the report to send it again.`);
  }
  return { order, recipientId: named.recipientId, sentAt, timeZone };
};

const viewOf = (platform: Platform, order: PlacedOrder, recipientId: string, sentAt: string): ReceiptView => {
  const recipient = order.placed.recipients.find((r) => r.recipient_id === recipientId);
  if (!recipient) throw invalid();
  return {
    order_id: order.placed.order_id,
    recipient: { recipient_id: recipient.recipient_id, email: recipient.email, name: recipient.name, role: recipient.role },
    property: order.placed.property,
    report_type: order.placed.report_type,
    sent_at: sentAt,
    expires_at: new Date(Date.parse(sentAt) + platform.config.RECEIPT_LINK_DAYS * 86_400_000).toISOString(),
    acknowledged_at: order.acknowledged[recipientId] ?? null,
  };
};

/** A recipient's one-time link, no account: what was sent, the report (until confirmed), and the confirmation (once). */
export const receiptRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/nhd/receipts/:token',
      {
        config: PUBLIC,
        schema: { tags: ['nhd'], summary: "What a recipient's link is for: the property, report type and whether receipt was confirmed", params: ReceiptTokenParams, response: { 200: okEnvelope(ReceiptView), ...refusals } },
      },
      async (request) => {
        const { order, recipientId, sentAt } = await linkOf(platform, request.params.token);
        return { success: true as const, data: viewOf(platform, order, recipientId, sentAt) };
      },
    );
    app.get(
      '/nhd/receipts/:token/report',
      {
        config: PUBLIC,
        schema: {
          tags: ['nhd'],
          summary: 'The report as a PDF, through the recipient’s link, until receipt is confirmed',
          description: 'Answers application/pdf. Refusals are JSON: 404 RECEIPT_LINK_INVALID, 409 RECEIPT_LINK_USED, 410 RECEIPT_LINK_EXPIRED or RECEIPT_LINK_REVOKED.',
          params: ReceiptTokenParams,
        },
      },
      async (request, reply) => {
        const { order, recipientId, timeZone } = await linkOf(platform, request.params.token);
        const acknowledgedAt = order.acknowledged[recipientId];
        if (acknowledgedAt) throw used(acknowledgedAt, timeZone);
        const file = order.report ? await platform.files.get(order.report.file_key) : null;
        if (!file) throw new AppError(409, 'REPORT_NOT_READY', 'The report is not available right now. Try again in a minute.');
        return reply
          .type(PDF_CONTENT_TYPE)
          .header('content-disposition', `inline; filename="NHD-report-${order.placed.order_id}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );
    app.post(
      '/nhd/receipts/:token/acknowledge',
      {
        config: PUBLIC,
        schema: { tags: ['nhd'], summary: 'Confirm receipt of the report through the recipient’s link (once)', params: ReceiptTokenParams, response: { 200: okEnvelope(ReceiptView), ...refusals } },
      },
      async (request) => {
        const { order, recipientId, sentAt, timeZone } = await linkOf(platform, request.params.token);
        const acknowledgedAt = order.acknowledged[recipientId];
        if (acknowledgedAt) throw used(acknowledgedAt, timeZone);
        const meta: CommandMeta = { ...requestMeta(request, platform), actor: `recipient:${recipientId}` };
        const { state } = await runOrderCommand(platform, order.placed.order_id, { type: 'AcknowledgeReceipt', data: { recipient_id: recipientId, time_zone: timeZone }, metadata: meta });
        if (state.status === 'none') throw invalid();
        return { success: true as const, data: viewOf(platform, state, recipientId, sentAt), message: 'Thank you: your receipt of the report is confirmed.' };
      },
    );
  };
