import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { AccountsSummary } from '@acpg/contracts/identity';
import type { Platform } from '../../../platform/module.ts';
import { ACCOUNTS_COLLECTION } from './projection.ts';

/** `GET /admin/accounts/summary`: accounts in total and by role (an account with two roles counts in both). */
export const accountsSummaryRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (plugin) => {
    plugin.withTypeProvider<ZodTypeProvider>().get(
      '/admin/accounts/summary',
      {
        config: { auth: { capability: 'accounts.oversee' } },
        schema: {
          tags: ['accounts'],
          summary: 'Accounts by role (admin dashboard)',
          security: [{ bearer: [] }],
          response: { 200: okEnvelope(AccountsSummary), 401: ErrorEnvelope, 403: ErrorEnvelope },
        },
      },
      async () => {
        const [total, rows] = await Promise.all([
          platform.documents.count(ACCOUNTS_COLLECTION),
          platform.documents.aggregate(ACCOUNTS_COLLECTION, [
            { $unwind: '$roles' },
            { $group: { _id: '$roles', count: { $sum: 1 } } },
            { $sort: { count: -1, _id: 1 } },
          ]),
        ]);
        const by_role = rows.map((r) => ({ role: String(r._id), count: Number(r.count) }));
        return { success: true as const, data: { total, by_role } };
      },
    );
  };
