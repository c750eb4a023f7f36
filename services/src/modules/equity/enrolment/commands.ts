import { createHash } from 'node:crypto';
import type { EnrolmentView } from '@acpg/contracts/equity';
import type { PlacedBy } from '@acpg/contracts/on-behalf';
import { handleCommand, isAlreadyExists, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Principal } from '../../../platform/auth/port.ts';
import { type MembersPlatform, ownedThing } from '../../../platform/http/access.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { propertyData } from '../../../platform/property-data/select.ts';
import { enrolments as enrolmentEntity } from '../enrolments/entity.ts';
import { currentPricing } from '../pricing/routes.ts';
import { verifiedByAccount } from '../../../platform/local-copies/verified-properties.ts';
import { membershipsCopy } from './memberships-copy.ts';
import { findInCopy } from '../../../platform/local-copies/read-copy.ts';
import { assertSignUpStepsFor } from '../../../platform/local-copies/sign-up-steps.ts';
import { enrolmentDecider, enrolmentStream, protectsNow, type Enrolment, type EnrolmentCommand, type EnrolmentState } from './decider.ts';

const LIVE_MEMBERSHIP = ['active', 'trialing', 'past_due'];

/** A uuid (version-5 shaped) derived from text: one enrolment per account and property, whatever the clicks. */
export const uuidFrom = (text: string): string => {
  const hex = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
export const enrolmentIdOf = (accountId: string, propertyId: string) => uuidFrom(`equity-enrolment:${accountId}:${propertyId}`);

/**
 * The member's and Super Admins': anyone else is answered as for an enrollment that does not exist
 * (`platform/http/access.ts`). The id derives from account and property, so a 403 would tell whether a member protects one.
 */
const enrolments = ownedThing<Enrolment>({ code: 'ENROLLMENT', noun: 'enrollment', ownerOf: (enrolment) => enrolment.requested.account_id, providers: 'equity' });

export const loadEnrolment = async (platform: Pick<Platform, 'eventStore'>, enrolmentId: string): Promise<EnrolmentState> =>
  (await loadStream(platform.eventStore, enrolmentStream(enrolmentId), enrolmentDecider)).state;

export const mayAccessEnrolment = enrolments.mayAccess;

/**
 * The enrollment for a step on it (cancel): the owner's or an overseer's; 403 ENROLLMENT_FORBIDDEN for a Provider Admin
 * who sees it (their provider's user's), else 404 ENROLLMENT_NOT_FOUND both when there is none and when the caller may not see it.
 */
export const actableEnrolment = async (platform: Pick<Platform, 'eventStore'> & MembersPlatform, enrolmentId: string, principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>): Promise<Enrolment> => {
  const state = await loadEnrolment(platform, enrolmentId);
  return enrolments.actable(platform, principal, state.status === 'none' ? null : state);
};

/** A command's answer: the enrollment as it stands after the command, with the version it wrote (`Entity.writtenView`). */
export const enrolmentView = (platform: Pick<Platform, 'eventStore'>, enrolmentId: string): Promise<EnrolmentView> => enrolmentEntity.writtenView(platform, enrolmentId);

export const runEnrolmentCommand = async (platform: Pick<Platform, 'eventStore'>, enrolmentId: string, command: EnrolmentCommand) =>
  handleCommand(platform.eventStore, enrolmentStream(enrolmentId), enrolmentDecider, command, { retries: 5 });

/** Whether the account's live membership includes Equity Protect: the plan's name, or null. */
const includingPlan = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, accountId: string, planNames: readonly string[]): Promise<string | null> => {
  if (planNames.length === 0) return null;
  const [membership] = await findInCopy(platform, membershipsCopy, { account_id: accountId, status: { $in: LIVE_MEMBERSHIP }, plan_name: { $in: [...planNames] } }, { limit: 1 });
  return membership ? String(membership.plan_name) : null;
};

/**
 * Protects one of the caller's verified properties: at once when their plan includes it (or it is free), else awaiting
 * payment at today's price. Sent again (double click, lost answer), it answers the enrolment as it stands; after a
 * cancellation, or once its year of protection has run out, it enrols again at today's price. `placedBy`: a Provider
 * Admin enrolls it for the member (`for-member.ts`), and who pays.
 */
export const enrol = async (platform: Platform, propertyId: string, accountId: string, meta: CommandMeta, placedBy?: PlacedBy): Promise<{ view: EnrolmentView; created: boolean }> => {
  const enrolmentId = enrolmentIdOf(accountId, propertyId);
  const existing = await loadEnrolment(platform, enrolmentId);
  if (existing.status === 'awaiting_payment' || protectsNow(existing, meta.now)) return { view: await enrolmentView(platform, enrolmentId), created: false };
  // Equity Protect needs the sign-up steps before the wizard's plan step (an NHD-only account has not done them).
  await assertSignUpStepsFor(platform, 'equity', accountId, 'equity_protect', 'Equity Protect');
  if (!(await verifiedByAccount(platform, 'equity', accountId, propertyId))) {
    throw new DomainError('invalid', 'PROPERTY_NOT_VERIFIED', 'Verify that this property is yours before protecting it.', [{ path: 'property_id', message: 'Verify this property first' }]);
  }
  const property = await propertyData().findById(propertyId);
  if (!property) throw new DomainError('invalid', 'PROPERTY_NOT_FOUND', 'This property was not found. Search for the address again.', [{ path: 'property_id', message: 'Choose a property from the search' }]);
  const pricing = await currentPricing(platform);
  const planName = await includingPlan(platform, accountId, pricing.included_plan_names);
  const data = {
    enrolment_id: enrolmentId,
    account_id: accountId,
    property: { property_id: property.id, address_line: property.address_line, city: property.city, county: property.county, state: property.state, zip: property.zip, apn: property.apn },
    price_cents: planName ? 0 : pricing.annual_price_cents,
    included: planName !== null || pricing.annual_price_cents === 0,
    plan_name: planName,
    ...(placedBy ? { placed_by: placedBy } : {}),
  };
  try {
    await handleCommand(platform.eventStore, enrolmentStream(enrolmentId), enrolmentDecider, { type: 'RequestEnrolment', data, metadata: meta }, existing.status === 'none' ? { newStream: true } : { retries: 1 });
  } catch (error) {
    const repeat = isAlreadyExists(error) || (error instanceof DomainError && error.code === 'ENROLLMENT_TRANSITION_REFUSED');
    if (!repeat) throw error;
    return { view: await enrolmentView(platform, enrolmentId), created: false }; // the other click enrolled it a moment ago
  }
  return { view: await enrolmentView(platform, enrolmentId), created: true };
};
