import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope } from '@acpg/contracts/http';
import { entityByIdRoute } from '../../../platform/entities/entity-routes.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import type { Platform } from '../../../platform/module.ts';
import { PDF_CONTENT_TYPE } from '../../../platform/pdf/document.ts';
import { charges } from '../charges/entity.ts';
import { issuedReceipt } from '../receipts/download.ts';

const CheckoutParams = z.object({ id: z.uuid('The checkout id is a uuid') });
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope };

/** The payment status page's read (one charge, live twin of `payment.updated`) and the receipt download: the owner or a Super Admin; anyone else is told it does not exist (404 CHECKOUT_NOT_FOUND, never 403). */
export const paymentStatusRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    entityByIdRoute(fastify, platform, charges, {
      url: '/payments/charges/:id',
      tags: ['payments'],
      summary: 'One charge (checkout or renewal) as the payment status page shows it: the owner or a Super Admin',
      description: "Read from the checkout's stream, so it is current right after Pay; `version` orders it against `payment.updated` pushes.",
      params: CheckoutParams,
      refusals,
    });

    app.get(
      '/payments/checkouts/:id/receipt',
      {
        config: { auth: { capability: 'records.own' } },
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
        const { view: charge } = await charges.visibleById(platform, request.params.id, callerOf(request));
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
