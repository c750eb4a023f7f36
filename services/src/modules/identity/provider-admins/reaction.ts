import { EventEnvelope } from '@acpg/contracts/envelope';
import { PROVIDER_ADMIN_APPOINTED, PROVIDER_ADMIN_EVENTS, ProviderAdminAppointed } from '@acpg/contracts/providers';
import { z } from 'zod';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { accountDecider, accountStream } from '../account/decider.ts';

export const PROVIDER_ADMINS_ACTOR = 'identity.provider-admins';

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
 * appointed and why; the account's older access tokens are refused from then on.
 */
export const providerAdminsReaction: Reaction = {
  name: 'identity.provider-admins',
  handles: PROVIDER_ADMIN_EVENTS,
  async jobs(event) {
    return [providerAdminJob.job({ event })];
  },
};

/** One job at a time, so an appointment and its removal are applied in the order they came. */
export const providerAdminsWorker = providerAdminJob.worker(
  async (platform, { event }) => {
    const parsed = ProviderAdminAppointed.safeParse(event.data);
    if (!parsed.success) throw new PermanentJobError(`${event.type} ${event.id} does not fit the contract: ${z.prettifyError(parsed.error)}`);
    const { account_id, provider_id, appointed_by } = parsed.data;
    const appointed = event.type === PROVIDER_ADMIN_APPOINTED;
    const { state } = await loadStream(platform.eventStore, accountStream(account_id), accountDecider);
    // The providers module found the account in its copy of identity's events: an unknown one cannot be helped by a retry.
    if (state.status !== 'registered') throw new PermanentJobError(`${event.type} ${event.id} names account ${account_id}, which identity does not hold`);
    await handleCommand(
      platform.eventStore,
      accountStream(account_id),
      accountDecider,
      {
        type: 'SetProviderAdmin',
        data: { provider_id, appointed, changed_by: appointed_by, reason: appointed ? `Appointed Provider Admin of provider ${provider_id}` : `Removed as Provider Admin of provider ${provider_id}` },
        metadata: systemMeta(platform, { actor: PROVIDER_ADMINS_ACTOR, cause: event }),
      },
      { retries: 5 },
    );
  },
  { concurrency: 1 },
);
