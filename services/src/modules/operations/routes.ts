import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeadJobActionBody,
  JobDetail,
  JobParams,
  JobsPage,
  OperationsOverview,
  OperatorActionsPage,
  OperatorActionsQuery,
  QueueJobsQuery,
  QueueParams,
} from '@acpg/contracts/operations';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { requestMeta } from '../../platform/commands/metadata.ts';
import { findPage } from '../../platform/documents/paged.ts';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import { findInCopy } from '../../platform/local-copies/read-copy.ts';
import type { Platform } from '../../platform/module.ts';
import { actOnDeadJob, knownQueue, readJob, toJobRow, toJobView } from './dead-jobs/commands.ts';
import { OPERATOR_ACTIONS_COLLECTION, operatorActionsProjection, toOperatorAction } from './dead-jobs/projection.ts';

const MANAGE = { auth: { capability: 'operations.manage' } } as const;
const tags = ['operations'];
const security = [{ bearer: [] }];
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };

/** The Operations screen's API (`/operations`, Super Admins): queues, a queue's jobs, dead jobs retried or discarded with a reason, lag, readiness. */
export const operationsRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { operations } = platform;

    app.get(
      '/admin/operations',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'Every queue with its jobs by state, every projection and consumer with its lag, and each dependency\'s readiness',
          response: { 200: okEnvelope(OperationsOverview), ...refusals },
        },
      },
      async () => {
        const [queues, projections, consumers, dependencies] = await Promise.all([
          Promise.all(operations.queues.map(async (queue) => ({ queue, ...(await platform.jobs.counts(queue)) }))),
          operations.projections(),
          operations.consumers(),
          operations.readiness(),
        ]);
        const data: OperationsOverview = {
          checked_at: platform.clock().toISOString(),
          mode: platform.config.MODE,
          queues,
          projections: projections.map(({ oldestAt, ...lag }) => ({ ...lag, oldest_at: oldestAt })),
          consumers: consumers.map(({ oldestAt, ...lag }) => ({ ...lag, oldest_at: oldestAt })),
          dependencies,
        };
        return { success: true as const, data };
      },
    );

    app.get(
      '/admin/operations/queues/:queue/jobs',
      {
        config: MANAGE,
        schema: { tags, security, summary: 'A queue\'s jobs in one state (default dead), oldest first, paged', params: QueueParams, querystring: QueueJobsQuery, response: { 200: okEnvelope(JobsPage), ...refusals } },
      },
      async (request) => {
        const { page, page_size, state } = request.query;
        const queue = knownQueue(platform, request.params.queue);
        const found = await platform.jobs.list(queue, state, { offset: (page - 1) * page_size, limit: page_size });
        return { success: true as const, data: { items: found.items.map(toJobRow), total: found.total, page, page_size } };
      },
    );

    app.get(
      '/admin/operations/queues/:queue/jobs/:id',
      {
        config: MANAGE,
        schema: { tags, security, summary: 'One job with its error and its data (secrets redacted)', params: JobParams, response: { 200: okEnvelope(JobDetail), ...refusals } },
      },
      async (request) => ({ success: true as const, data: toJobView(await readJob(platform, request.params.queue, request.params.id)) }),
    );

    for (const action of ['retry', 'discard'] as const) {
      app.post(
        `/admin/operations/queues/:queue/jobs/:id/${action}`,
        {
          config: MANAGE,
          schema: {
            tags,
            security,
            summary:
              action === 'retry'
                ? 'Retry a dead job (back to waiting, attempts reset), recording who and why; 404 unknown, 409 not dead'
                : 'Discard a dead job for good (its data erased), recording who and why; 404 unknown, 409 not dead',
            params: JobParams,
            body: DeadJobActionBody,
            response: { 200: okEnvelope(JobDetail), ...refusals },
          },
        },
        async (request) => {
          const { queue, id } = request.params;
          const job = await actOnDeadJob(platform, action, queue, id, request.body.reason, requestMeta(request, platform));
          return { success: true as const, data: toJobView(job), message: action === 'retry' ? 'Job sent back to the queue.' : 'Job discarded.' };
        },
      );
    }

    app.get(
      '/admin/operations/actions',
      {
        config: MANAGE,
        schema: { tags, security, summary: 'Operators\' retries and discards of dead jobs, newest first: who, why, when', querystring: OperatorActionsQuery, response: { 200: okEnvelope(OperatorActionsPage), ...refusals } },
      },
      async (request) => {
        await platform.caughtUp(operatorActionsProjection);
        const raw = await findPage(platform.documents, OPERATOR_ACTIONS_COLLECTION, request.query, { toItem: (doc) => doc });
        const ids = [...new Set(raw.items.map((doc) => String(doc.by)))];
        const contacts = ids.length > 0 ? await findInCopy(platform, accountContactsCopy('operations'), { _id: { $in: ids } }) : [];
        const names = new Map(contacts.map((doc) => [String(doc._id), String(doc.full_name || doc.email)]));
        return { success: true as const, data: { ...raw, items: raw.items.map((doc) => toOperatorAction(doc, names)) } };
      },
    );
  };
