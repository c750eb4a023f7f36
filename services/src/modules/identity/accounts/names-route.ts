import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { AccountNames, AccountNamesQuery } from '@acpg/contracts/identity';
import type { Platform } from '../../../platform/module.ts';
import { ACCOUNTS_COLLECTION } from './projection.ts';

/** `GET /admin/accounts/names?ids=a,b`: full names for lists that show people; ids of no account are left out. */
export const accountNamesRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (plugin) => {
    plugin.withTypeProvider<ZodTypeProvider>().get(
      '/admin/accounts/names',
      {
        config: { auth: { capability: 'accounts.oversee' } },
        schema: {
          tags: ['accounts'],
          summary: 'Full names of up to 100 accounts by id (comma-separated)',
          security: [{ bearer: [] }],
          querystring: AccountNamesQuery,
          response: { 200: okEnvelope(AccountNames), 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
        },
      },
      async (request) => {
        const { ids } = request.query;
        const docs = await platform.documents.find(ACCOUNTS_COLLECTION, { _id: { $in: ids } }, { limit: ids.length });
        const names = Object.fromEntries(docs.map((doc) => [doc._id, String(doc.full_name)]));
        return { success: true as const, data: { names } };
      },
    );
  };
