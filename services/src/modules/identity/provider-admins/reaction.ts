import { EventEnvelope } from '@acpg/contracts/envelope';
import { nextProviderAdminship, PROVIDER_ADMIN_EVENTS, ProviderAdminAppointed, type ProviderAdminship } from '@acpg/contracts/providers';
import { z } from 'zod';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import { idField, localCopy } from '../../../platform/local-copies/define.ts';
import { readCopy } from '../../../platform/local-copies/read-copy.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { accountDecider, accountStream } from '../account/decider.ts';

export const PROVIDER_ADMINS_ACTOR = 'identity.provider-admins';

/** Identity's copy of which provider each account is a Provider Admin of (the providers module's contract events). */
export const providerAdminsCopy = localCopy<ProviderAdminship>({
  module: 'identity',
  of: 'provider_admins',
  source: 'providers',
  events: PROVIDER_ADMIN_EVENTS,
  idOf: idField('account_id'),
  next: nextProviderAdminship,
});

const providerAdminJob = defineJob({
  queue: 'identity-provider-admins',
  name: 'set-provider-admin',
  data: z.object({ event: EventEnvelope }),
  attempts: 8,
  backoffMs: 1000,
  what: 'Provider Admin role change',
});

/**
 * The providers module appointed or removed a Provider Admin (`ProviderAdminAppointed` / `ProviderAdminRemoved`): a
 * job gives (or takes back) the role and the provider on the account, recorded as `AccountRolesChanged` with who
 * made the change and why; the account's older access tokens are refused from then on.
 */
export const providerAdminsReaction: Reaction = {
  name: 'identity.provider-admins',
  handles: PROVIDER_ADMIN_EVENTS,
  async jobs(event) {
    return [providerAdminJob.job({ event })];
  },
};

/**
 * Sets the account to what identity's copy says once it holds the event: jobs run late, twice or out of order (a
 * retry, several workers) still leave the account as the providers module's latest word on it.
 */
export const providerAdminsWorker = providerAdminJob.worker(
  async (platform, { event }) => {
    const parsed = ProviderAdminAppointed.safeParse(event.data);
    if (!parsed.success) throw new PermanentJobError(`${event.type} ${event.id} does not fit the contract: ${z.prettifyError(parsed.error)}`);
    const { account_id, appointed_by } = parsed.data;
    const copy = await readCopy(platform, providerAdminsCopy, account_id);
    // The copy lags the event: try again later (the job's backoff), never act on an older word.
    if (!copy || Number(copy._position ?? 0) < event.position) throw new Error(`identity's copy of Provider Admins does not hold ${event.type} ${event.id} yet`);
    const { state } = await loadStream(platform.eventStore, accountStream(account_id), accountDecider);
    // The providers module found the account in its copy of identity's events: an unknown one cannot be helped by a retry.
    if (state.status !== 'registered') throw new PermanentJobError(`${event.type} ${event.id} names account ${account_id}, which identity does not hold`);
    const providerId = typeof copy.provider_id === 'string' ? copy.provider_id : null;
    await handleCommand(
      platform.eventStore,
      accountStream(account_id),
      accountDecider,
      {
        type: 'SetProviderAdmin',
        data: {
          provider_id: providerId,
          changed_by: appointed_by,
          reason: providerId ? `Appointed Provider Admin of provider ${providerId}` : `Removed as Provider Admin of provider ${parsed.data.provider_id}`,
        },
        metadata: systemMeta(platform, { actor: PROVIDER_ADMINS_ACTOR, cause: event }),
      },
      { retries: 5 },
    );
  },
  { concurrency: 1 },
);
