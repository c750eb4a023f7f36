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
import type { StoredEvent } from '../../../platform/event-store/port.ts';

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
const TYPES: ReadonlySet<string> = new Set(MEMBERSHIP_EVENT_TYPES);

/** Reads a stored event back (null for other types). Not re-validated: an event is a fact the module wrote. */
export const toMembershipEvent = (event: StoredEvent): MembershipEvent | null =>
  TYPES.has(event.type) ? ({ type: event.type, data: event.data } as MembershipEvent) : null;
