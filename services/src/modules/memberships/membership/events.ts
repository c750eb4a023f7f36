import type {
  MembershipCancellationRequested,
  MembershipCancelled,
  MembershipCardUpdated,
  MembershipPastDue,
  MembershipPlanSwitchScheduled,
  MembershipRenewalDue,
  MembershipRenewalFailed,
  MembershipRenewed,
  MembershipResumed,
  MembershipStarted,
} from '@acpg/contracts/memberships';
import { ownEvents } from '../../../platform/commands/own-events.ts';

/** Every event of a membership's stream `memberships-membership-<id>`. */
export type MembershipEvent =
  | { type: 'MembershipStarted'; data: MembershipStarted }
  | { type: 'MembershipCancellationRequested'; data: MembershipCancellationRequested }
  | { type: 'MembershipResumed'; data: MembershipResumed }
  | { type: 'MembershipPlanSwitchScheduled'; data: MembershipPlanSwitchScheduled }
  | { type: 'MembershipCardUpdated'; data: MembershipCardUpdated }
  | { type: 'MembershipRenewalDue'; data: MembershipRenewalDue }
  | { type: 'MembershipRenewed'; data: MembershipRenewed }
  | { type: 'MembershipRenewalFailed'; data: MembershipRenewalFailed }
  | { type: 'MembershipPastDue'; data: MembershipPastDue }
  | { type: 'MembershipCancelled'; data: MembershipCancelled };

export const MEMBERSHIP_EVENT_TYPES = [
  'MembershipStarted',
  'MembershipCancellationRequested',
  'MembershipResumed',
  'MembershipPlanSwitchScheduled',
  'MembershipCardUpdated',
  'MembershipRenewalDue',
  'MembershipRenewed',
  'MembershipRenewalFailed',
  'MembershipPastDue',
  'MembershipCancelled',
] as const satisfies readonly MembershipEvent['type'][];
/** Reads a stored event back (null for other types). */
export const toMembershipEvent = ownEvents<MembershipEvent>(MEMBERSHIP_EVENT_TYPES);
