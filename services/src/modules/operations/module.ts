import { ACCOUNT_CONTACT_EVENTS } from '@acpg/contracts/identity';
import { accountContactsCopy } from '../../platform/local-copies/account-contacts.ts';
import type { Module } from '../../platform/module.ts';
import { DEAD_JOB_EVENTS } from './dead-jobs/decider.ts';
import { operatorActionsProjection } from './dead-jobs/projection.ts';
import { operationsRoutes } from './routes.ts';

/**
 * Operators' view of the running system (issue 23): queues and their jobs, dead jobs retried or discarded with a
 * reason (recorded on `operations-deadjob-*`), projection and consumer lag, readiness. What it shows of the system it
 * reads through `platform.operations` and `platform.jobs` (ports), never another module's data.
 */
export const operationsModule: Module = {
  name: 'operations',
  eventTypes: DEAD_JOB_EVENTS,
  consumes: ACCOUNT_CONTACT_EVENTS,
  projections: [operatorActionsProjection, accountContactsCopy('operations')],
  routes: operationsRoutes,
};
