import { PROPERTY_VERIFIED, PropertyVerifiedData } from '@acpg/contracts/properties';
import { publicUrl } from '../../../platform/config/public-url.ts';
import { accountNoticeJob } from '../../../platform/jobs/notifications.ts';
import type { Reaction, ReactionJob } from '../../../platform/reactions/port.ts';
import { VERIFIED_PROPERTIES_COLLECTION, verifiedPropertiesProjection } from '../verified-properties/projection.ts';
import { alsoVerifiedEmail } from './template.ts';
import { formatLongDate } from '../../../platform/formatting/index.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';


/**
 * When an account verifies a property, every other account that had verified it already is emailed (through identity,
 * which holds the addresses). One job per event and account (`<reaction>:<event id>:<account>`), so a redelivered
 * event tells nobody twice. A second verification by the same account (a repeat event) tells nobody.
 */
export const alsoVerifiedReaction: Reaction = {
  name: 'properties.also-verified',
  handles: [PROPERTY_VERIFIED],
  async jobs(event, platform) {
    if (!event.stream.startsWith('properties-')) return [];
    const verified = PropertyVerifiedData.safeParse(event.data);
    if (!verified.success) return [];
    const d = verified.data;
    await platform.caughtUp(verifiedPropertiesProjection);
    const holders = await platform.documents.find(VERIFIED_PROPERTIES_COLLECTION, { property_id: d.property_id });
    // Only accounts that verified it before this event: the read model may already hold this one, or a later one.
    const before = holders.filter((h) => h.account_id !== d.account_id && String(h.verified_at) < d.verified_at);
    const variablesFor = async (accountId: string) => ({
      address: `${d.address_line}, ${d.city}, ${d.state} ${d.zip}`,
      // Each holder's own calendar (properties' copy of account time zones).
      verified_on: formatLongDate(d.verified_at, await timeZoneOf(platform, 'properties', accountId)),
      contact_url: `${publicUrl(platform.config)}/contact-us`,
    });
    return Promise.all(
      before.map(
        async (h): Promise<ReactionJob> =>
          accountNoticeJob.job({ account_id: String(h.account_id), email: { template: alsoVerifiedEmail.key, variables: await variablesFor(String(h.account_id)) } }, { key: String(h.account_id), attempts: 8, backoffMs: 2000 }),
      ),
    );
  },
};
