import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { Interaction, InteractionListQuery, InteractionSummary, InteractionSummaryQuery } from '@acpg/contracts/insights';
import type { Platform } from '../../../platform/module.ts';
import { INTERACTIONS_COLLECTION, toInteraction } from './projection.ts';
import { listRoute } from '../../../platform/http/list-route.ts';
import { countsBy, countsByDay, INTERACTION_TIE_BREAKERS, interactionFilter } from './query.ts';
import type { Filter } from '../../../platform/documents/port.ts';
import { accountsMatching } from '../../../platform/local-copies/account-contacts.ts';

const INSIGHTS = { auth: { capability: 'insights.read' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };

/** The Super Admin's interaction dashboard: the paged list and its summary, over the `interactions` read model. */
export const interactionQueryRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { documents } = platform;
    /** The query's filter; `user` finds the accounts by name or email in insights' copy of identity's events. */
    const filterOf = async (query: InteractionSummaryQuery): Promise<Filter> => {
      const base = interactionFilter(query);
      return query.user ? { $and: [base, { user_id: { $in: await accountsMatching(platform, 'insights', query.user) } }] } : base;
    };

    listRoute(fastify, platform, {
      url: '/admin/user-interactions',
      auth: INSIGHTS.auth,
      tags: ['insights'],
      summary: 'Recorded user interactions, filtered (also by the user’s name or email), sorted and paged',
      querystring: InteractionListQuery,
      item: Interaction,
      refusals,
      collection: INTERACTIONS_COLLECTION,
      thenBy: INTERACTION_TIE_BREAKERS,
      filter: filterOf,
      toItem: toInteraction,
    });

    app.get(
      '/admin/user-interactions/summary',
      {
        config: INSIGHTS,
        schema: {
          tags: ['insights'],
          summary: 'Counts of the recorded interactions by page, button and day (UTC)',
          security: [{ bearer: [] }],
          querystring: InteractionSummaryQuery,
          response: { 200: okEnvelope(InteractionSummary), ...refusals },
        },
      },
      async (request) => {
        const filter = await filterOf(request.query);
        const [latest, total, byPage, byButton, byDay] = await Promise.all([
          // Read first: the counts then include at least everything up to this position.
          documents.find(INTERACTIONS_COLLECTION, {}, { sort: { _position: -1 }, limit: 1 }),
          documents.count(INTERACTIONS_COLLECTION, filter),
          documents.aggregate(INTERACTIONS_COLLECTION, countsBy(filter, 'page_name')),
          documents.aggregate(INTERACTIONS_COLLECTION, countsBy(filter, 'button_name')),
          documents.aggregate(INTERACTIONS_COLLECTION, countsByDay(filter)),
        ]);
        return {
          success: true as const,
          data: {
            total,
            by_page: byPage.map((row) => ({ page_name: String(row._id), count: Number(row.count) })),
            by_button: byButton.map((row) => ({ button_name: String(row._id), count: Number(row.count) })),
            by_day: byDay.map((row) => ({ day: String(row._id), count: Number(row.count) })),
            position: Number(latest[0]?._position ?? 0),
          },
        };
      },
    );
  };
