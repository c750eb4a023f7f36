import { EventEnvelope } from '@acpg/contracts/envelope';
import { ProviderPropertiesConfirmed, PROVIDER_PROPERTIES_CONFIRMED } from '@acpg/contracts/provider-users';
import { z } from 'zod';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { toSummary } from '../../../platform/property-data/port.ts';
import { propertyData } from '../../../platform/property-data/select.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { ownershipDecider, ownershipStream } from '../ownership/decider.ts';

export const PROVIDER_CONFIRMED_ACTOR = 'properties.provider-confirmed';

const providerConfirmedJob = defineJob({
  queue: 'properties-provider-confirmed',
  name: 'verify-confirmed-property',
  data: z.object({ event: EventEnvelope, property_id: z.string() }),
  attempts: 8,
  backoffMs: 1000,
  what: 'property confirmed through a provider',
});

/**
 * The providers module recorded that a member, accepting their provider's invitation, confirmed properties the provider
 * attached (`ProviderPropertiesConfirmed`): one job per property verifies it for the account (`ConfirmByProvider` on the
 * pair's ownership stream: `PropertyVerified`, method `provider`, "confirmed by provider <name>"). Reads only the
 * event and the properties' own data; a repeat verifies nothing twice (the pair's decider).
 */
export const providerConfirmedReaction: Reaction = {
  name: 'properties.provider-confirmed',
  handles: [PROVIDER_PROPERTIES_CONFIRMED],
  async jobs(event) {
    const parsed = ProviderPropertiesConfirmed.safeParse(event.data);
    if (!parsed.success) return [];
    return parsed.data.properties.map((propertyId) => providerConfirmedJob.job({ event, property_id: propertyId }, { key: propertyId }));
  },
};

export const providerConfirmedWorker = providerConfirmedJob.worker(
  async (platform, { event, property_id }) => {
    const parsed = ProviderPropertiesConfirmed.safeParse(event.data);
    if (!parsed.success) throw new PermanentJobError(`${event.type} ${event.id} does not fit the contract: ${z.prettifyError(parsed.error)}`);
    const d = parsed.data;
    if (!d.properties.includes(property_id)) throw new PermanentJobError(`${event.type} ${event.id} does not confirm property ${property_id}`);
    const record = await propertyData().findById(property_id);
    // The providers module checked the id against the same data: an unknown one cannot be helped by a retry.
    if (!record) throw new PermanentJobError(`${event.type} ${event.id} names property ${property_id}, which the property data does not know`);
    const metadata = systemMeta(platform, { actor: PROVIDER_CONFIRMED_ACTOR, cause: event });
    await handleCommand(
      platform.eventStore,
      ownershipStream(d.account_id, property_id),
      ownershipDecider,
      {
        type: 'ConfirmByProvider',
        data: { verification_id: `provider-${event.id}`, account_id: d.account_id, property: toSummary(record), provider_name: d.provider_name },
        metadata,
      },
      { retries: 5 },
    );
  },
  { concurrency: 1 },
);
