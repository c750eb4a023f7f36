import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { OutboxMessage } from '@acpg/contracts/notifications';
import { validationFailed } from '../../../platform/http/errors.ts';
import type { DevOutbox } from '../../../platform/mail/dev-outbox.ts';

export const OutboxQuery = z.object({
  // Optional here so a missing address answers VALIDATION_FAILED with a plain message, not a schema error.
  to: z
    .string()
    // An unencoded '+' in a query string decodes as a space: ?to=+14155550100 means the phone number, not ' 14155550100'.
    .transform((value) => value.replace(/^ (\d+)$/, '+$1').trim())
    .optional()
    .describe('Email address or E.164 phone number (a leading "+" may be sent unencoded).'),
  limit: z.coerce.number().int().positive().max(100).default(50),
});

export const OutboxResponse = okEnvelope(z.object({ items: z.array(OutboxMessage) }));

/**
 * GET /dev/outbox?to=ADDRESS: the messages the dev outbox stored for an address, newest first, so a tester
 * (or an e2e test) can read an OTP or an email without a mail server. Public on purpose: it exists only with
 * DEV_OUTBOX=true on the embedded profile.
 */
export const outboxRoutes =
  (outbox: DevOutbox): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/dev/outbox',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['notifications'],
          summary: 'Dev outbox: messages sent to an address, newest first (DEV_OUTBOX only)',
          querystring: OutboxQuery,
          response: { 200: OutboxResponse, 400: ErrorEnvelope },
        },
      },
      async (request) => {
        const { to, limit } = request.query;
        if (!to) throw validationFailed('Say whose messages to list: ?to=an email address or phone number.', [{ path: 'to', message: 'to is required.' }]);
        return { success: true as const, data: { items: outbox.list(to, limit) } };
      },
    );
  };
