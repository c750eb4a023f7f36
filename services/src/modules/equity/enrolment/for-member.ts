import type { EnrolmentView } from '@acpg/contracts/equity';
import type { MemberProperty, Payer, PlacedBy } from '@acpg/contracts/on-behalf';
import type { Principal } from '../../../platform/auth/port.ts';
import { DomainError, StepsMissing } from '../../../platform/commands/domain-error.ts';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { findInCopy } from '../../../platform/local-copies/read-copy.ts';
import { providerOfMember } from '../../../platform/local-copies/provider-members.ts';
import { requireVerifiedForMember, toMemberProperty, verifiedPropertiesCopy } from '../../../platform/local-copies/verified-properties.ts';
import type { Platform } from '../../../platform/module.ts';
import { enrol, enrolmentIdOf, loadEnrolment } from './commands.ts';
import { protectsNow } from './decider.ts';

/** The user's verified properties (equity's own copy of `PropertyVerified`), newest first, one per property. */
export const memberProperties = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, accountId: string): Promise<MemberProperty[]> => {
  const docs = await findInCopy(platform, verifiedPropertiesCopy('equity'), { account_id: accountId }, { limit: 500 });
  const byProperty = new Map<string, MemberProperty>();
  for (const doc of docs) {
    const p = toMemberProperty(doc);
    const known = byProperty.get(p.property_id);
    if (!known || known.verified_at < p.verified_at) byProperty.set(p.property_id, p);
  }
  return [...byProperty.values()].sort((a, b) => b.verified_at.localeCompare(a.verified_at));
};

/**
 * A Provider Admin protects one of its provider's users' verified properties for them: the enrollment is the user's
 * (`account_id`), its `EquityEnrolmentRequested` says who placed it and who pays (`placed_by`). Refused, with nothing
 * written, for a user who is not the provider's (404), a property not verified for the user (400) and a property the
 * user protects already or whose protection waits for its payment (409). The same request again (the same Provider
 * Admin, the same payer, still awaiting payment) answers the enrollment as it stands.
 */
export const enrolForMember = async (
  platform: Platform,
  principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>,
  request: { accountId: string; propertyId: string; payer: Payer },
  meta: CommandMeta,
): Promise<{ view: EnrolmentView; created: boolean }> => {
  const providerId = await providerOfMember(platform, 'equity', principal, request.accountId);
  await requireVerifiedForMember(platform, 'equity', request.accountId, request.propertyId);
  const existing = await loadEnrolment(platform, enrolmentIdOf(request.accountId, request.propertyId));
  if (existing.status !== 'none') {
    const placed = existing.requested.placed_by;
    const sameRequest = existing.status === 'awaiting_payment' && placed?.account_id === principal.userId && placed.payer === request.payer;
    if (!sameRequest && protectsNow(existing, meta.now)) throw new DomainError('conflict', 'ALREADY_ENROLLED', 'This property is protected already.');
    if (!sameRequest && existing.status === 'awaiting_payment') throw new DomainError('conflict', 'ALREADY_ENROLLED', 'This property’s protection is waiting for its payment already.');
  }
  const placedBy: PlacedBy = { account_id: principal.userId, provider_id: providerId, payer: request.payer };
  try {
    return await enrol(platform, request.propertyId, request.accountId, meta, placedBy);
  } catch (error) {
    // The user has sign-up steps to finish before Equity Protect: said to the Provider Admin about the user.
    if (error instanceof StepsMissing) throw new StepsMissing('This user has not finished the sign-up steps Equity Protect needs. Ask them to sign in and finish them first.', error.missingSteps);
    throw error;
  }
};
