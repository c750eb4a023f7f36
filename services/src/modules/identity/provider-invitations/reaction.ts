import { EventEnvelope } from '@acpg/contracts/envelope';
import { ProviderInvitationAccepted } from '@acpg/contracts/provider-users';
import { z } from 'zod';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { accountDecider, accountStream } from '../account/decider.ts';

export const PROVIDER_INVITATIONS_ACTOR = 'identity.provider-invitations';

/** The providers module's contract event this reaction reads (declared in identity's `consumes`). */
export const PROVIDER_INVITATION_ROLE_EVENTS = ['ProviderInvitationAccepted'] as const;

const invitedRoleJob = defineJob({
  queue: 'identity-provider-invitations',
  name: 'add-invited-role',
  data: z.object({ event: EventEnvelope }),
  attempts: 8,
  backoffMs: 1000,
  what: "An invitation's role on the account",
});

/**
 * An account accepted a provider's invitation (`ProviderInvitationAccepted`, by sign-up or signed in): a job gives
 * the account the invitation's role, recorded as `AccountRolesChanged` (who invited, why). The role comes from the
 * invitation as the providers module recorded it, never from what the browser sent at sign-up.
 */
export const providerInvitationsReaction: Reaction = {
  name: 'identity.provider-invitations',
  handles: PROVIDER_INVITATION_ROLE_EVENTS,
  async jobs(event) {
    return [invitedRoleJob.job({ event })];
  },
};

/** Adds the role (a repeat or a late run adds nothing: the account has it then). */
export const providerInvitationsWorker = invitedRoleJob.worker(
  async (platform, { event }) => {
    const parsed = ProviderInvitationAccepted.safeParse(event.data);
    if (!parsed.success) throw new PermanentJobError(`${event.type} ${event.id} does not fit the contract: ${z.prettifyError(parsed.error)}`);
    const { account_id, role, by, provider_id } = parsed.data;
    const { state } = await loadStream(platform.eventStore, accountStream(account_id), accountDecider);
    // The providers module accepted it for a signed-in account: an account identity does not hold cannot be helped by a retry.
    if (state.status !== 'registered') throw new PermanentJobError(`${event.type} ${event.id} names account ${account_id}, which identity does not hold`);
    await handleCommand(
      platform.eventStore,
      accountStream(account_id),
      accountDecider,
      {
        type: 'AddInvitedRole',
        data: { role, changed_by: by, reason: `Accepted the invitation of provider ${provider_id} as ${role}` },
        metadata: systemMeta(platform, { actor: PROVIDER_INVITATIONS_ACTOR, cause: event }),
      },
      { retries: 5 },
    );
  },
  { concurrency: 1 },
);
