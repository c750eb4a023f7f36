import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { PaymentView } from '@acpg/contracts/payments';
import { ownedThing } from '../../../platform/http/access.ts';
import { AppError, unauthorized } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { PDF_CONTENT_TYPE } from '../../../platform/pdf/document.ts';
import { issuedReceipt } from '../receipts/download.ts';
import { chargeFromStream } from './charge.ts';

const CheckoutParams = z.object({ id: z.uuid('The checkout id is a uuid') });
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope };
/** The owner or a Super Admin; anyone else is told it does not exist (404 CHECKOUT_NOT_FOUND, never 403). */
const payments = ownedThing<PaymentView>({ code: 'CHECKOUT', noun: 'payment', ownerOf: (charge) => charge.account_id });

/** The payment status page's read (one charge, live twin of `payment.updated`) and the receipt download. */
export const paymentStatusRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/payments/charges/:id',
      {
        config: { auth: { roles: 'any' } },
        schema: {
          tags: ['payments'],
          summary: 'One charge (checkout or renewal) as the payment status page shows it: the owner or a Super Admin',
          description: "Read from the checkout's stream, so it is current right after Pay; `version` orders it against `payment.updated` pushes.",
          security: [{ bearer: [] }],
          params: CheckoutParams,
          response: { 200: okEnvelope(PaymentView), ...refusals },
        },
      },
      async (request) => {
        if (!request.principal) throw unauthorized();
        const charge = payments.visible(request.principal, await chargeFromStream(platform, request.params.id));
        return { success: true as const, data: charge };
      },
    );

    app.get(
      '/payments/checkouts/:id/receipt',
      {
        config: { auth: { roles: 'any' } },
        schema: {
          tags: ['payments'],
          summary: 'The receipt of a succeeded charge as a PDF: the owner or a Super Admin',
          // No response schema: the answer is the PDF's bytes (a Buffer is sent as it is, never serialized).
          description: 'Answers application/pdf as an attachment. Refusals are JSON: 401; 404 CHECKOUT_NOT_FOUND (not yours, or none); 404 RECEIPT_NOT_FOUND (the charge has not succeeded).',
          security: [{ bearer: [] }],
          params: CheckoutParams,
        },
      },
      async (request, reply) => {
        if (!request.principal) throw unauthorized();
        const charge = payments.visible(request.principal, await chargeFromStream(platform, request.params.id));
        const receipt = await issuedReceipt(platform, charge.checkout_id);
        if (!receipt) throw new AppError(404, 'RECEIPT_NOT_FOUND', 'This payment has no receipt: only a succeeded payment has one.');
        return reply
          .type(PDF_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="ACPG-receipt-${receipt.number}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(receipt.bytes);
      },
    );
  };
