import { ROLES_WITH_BROKERAGE } from '@acpg/contracts/sign-up';
import type { Command, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { ownEvents } from '../../../platform/commands/own-events.ts';
import { refuseAccount } from '../profile/refuse.ts';
import type { AccountState } from './decider.ts';

/** Changes to a registered account after sign-up: profile edits, a new password, sessions ended. */
export type ProfileEvent =
  | DomainEvent<'AccountNameChanged', { account_id: string; full_name: string; at: string }>
  | DomainEvent<'AccountEmailChanged', { account_id: string; email: string; previous_email: string; at: string }>
  | DomainEvent<'AccountPhoneChanged', { account_id: string; phone_encrypted: string; phone_masked: string; at: string }>
  /** `profile_img`: URL of the largest width; `widths`: every width stored (the srcset). */
  | DomainEvent<'AccountPhotoChanged', { account_id: string; photo_id: string; widths: number[]; profile_img: string; at: string }>
  | DomainEvent<'AccountPhotoRemoved', { account_id: string; photo_id: string; at: string }>
  /** An Agent or a Broker renamed their brokerage (the contract's `AccountBrokerageChanged`). */
  | DomainEvent<'AccountBrokerageChanged', { account_id: string; brokerage_name: string; at: string }>
  /** The zone the account's emails, texts and documents are dated in (the contract's `AccountTimeZoneSet`). */
  | DomainEvent<'AccountTimeZoneSet', { account_id: string; time_zone: string; at: string }>
  /** Every session started before `ended_before` is over, except `kept_session_id` (the one making the change). */
  | DomainEvent<'AccountSessionsEnded', { account_id: string; reason: SessionsEndedReason; ended_before: string; kept_session_id: string | null }>
  /** One session signed out: the account's access tokens issued before are refused (the session version moves on). */
  | DomainEvent<'AccountSignedOut', { account_id: string; session_id: string; at: string }>;

/** Why every session (but perhaps the caller's) ended: a new password, a new email or phone, or a contact change undone. */
export type SessionsEndedReason = 'password-reset' | 'password-change' | 'email-change' | 'phone-change' | 'contact-change-undone';

export type ProfileCommand =
  | Command<'ChangeName', { full_name: string }>
  | Command<'ChangeEmail', { email: string }>
  | Command<'ChangePhone', { phone_encrypted: string; phone_masked: string }>
  | Command<'ChangePhoto', { photo_id: string; widths: number[]; profile_img: string }>
  | Command<'RemovePhoto', Record<string, never>>
  | Command<'ChangeBrokerage', { brokerage_name: string }>
  /** The browser's zone at sign-in, or the one picked on the profile (already checked: `TimeZoneName`). */
  | Command<'SetTimeZone', { time_zone: string }>
  /** A new password (already checked and hashed) ends the account's sessions, all of them or all but the caller's. */
  | Command<'SetPassword', { password_hash: string; reason: 'password-reset' | 'password-change'; kept_session_id: string | null }>
  /** Ends every session of the account but `kept_session_id` (a contact change keeps the caller's; an undo keeps none). */
  | Command<'EndSessions', { reason: 'email-change' | 'phone-change' | 'contact-change-undone'; kept_session_id: string | null }>
  | Command<'RecordSignOut', { session_id: string }>;

type Registered = Extract<AccountState, { status: 'registered' }>;

export const evolveProfile = (state: Registered, event: ProfileEvent): Registered => {
  switch (event.type) {
    case 'AccountNameChanged':
      return { ...state, fullName: event.data.full_name };
    case 'AccountEmailChanged':
      return { ...state, email: event.data.email };
    case 'AccountPhoneChanged':
      return { ...state, phoneEncrypted: event.data.phone_encrypted, phoneMasked: event.data.phone_masked };
    case 'AccountPhotoChanged':
      return { ...state, profileImg: event.data.profile_img, photo: { photoId: event.data.photo_id, widths: event.data.widths } };
    case 'AccountPhotoRemoved':
      return { ...state, profileImg: null, photo: null };
    case 'AccountBrokerageChanged':
      return { ...state, brokerageName: event.data.brokerage_name };
    case 'AccountTimeZoneSet':
      return { ...state, timeZone: event.data.time_zone };
    case 'AccountSessionsEnded':
      return { ...state, sessionsEndedBefore: event.data.ended_before, keptSessionId: event.data.kept_session_id };
    case 'AccountSignedOut':
      return state;
    default:
      return state;
  }
};

type PasswordSet = DomainEvent<'AccountPasswordSet', { account_id: string; password_hash: string }>;

export const decideProfile = (command: ProfileCommand, state: Registered): (ProfileEvent | PasswordSet)[] => {
  const at = command.metadata.now.toISOString();
  const account_id = state.id;
  switch (command.type) {
    case 'ChangeName':
      if (command.data.full_name === state.fullName) return [];
      return [{ type: 'AccountNameChanged', data: { account_id, full_name: command.data.full_name, at } }];
    case 'ChangeEmail':
      if (command.data.email === state.email) throw refuseAccount('invalid', 'SAME_AS_CURRENT', 'This is already your email.');
      return [{ type: 'AccountEmailChanged', data: { account_id, email: command.data.email, previous_email: state.email, at } }];
    case 'ChangePhone':
      return [{ type: 'AccountPhoneChanged', data: { account_id, ...command.data, at } }];
    case 'ChangePhoto':
      return [{ type: 'AccountPhotoChanged', data: { account_id, ...command.data, at } }];
    case 'RemovePhoto':
      if (!state.photo) return [];
      return [{ type: 'AccountPhotoRemoved', data: { account_id, photo_id: state.photo.photoId, at } }];
    case 'ChangeBrokerage':
      if (!state.roles.some((role) => (ROLES_WITH_BROKERAGE as readonly string[]).includes(role))) {
        throw refuseAccount('invalid', 'BROKERAGE_NOT_ALLOWED', 'Only an Agent or a Broker names a brokerage.', 'brokerage_name');
      }
      if (command.data.brokerage_name === (state.brokerageName ?? null)) return [];
      return [{ type: 'AccountBrokerageChanged', data: { account_id, brokerage_name: command.data.brokerage_name, at } }];
    case 'SetTimeZone':
      // The same zone again (every sign-in from the same browser) records nothing.
      if (command.data.time_zone === state.timeZone) return [];
      return [{ type: 'AccountTimeZoneSet', data: { account_id, time_zone: command.data.time_zone, at } }];
    case 'SetPassword':
      return [
        { type: 'AccountPasswordSet', data: { account_id, password_hash: command.data.password_hash } },
        {
          type: 'AccountSessionsEnded',
          data: { account_id, reason: command.data.reason, ended_before: at, kept_session_id: command.data.kept_session_id },
        },
      ];
    case 'EndSessions':
      return [{ type: 'AccountSessionsEnded', data: { account_id, reason: command.data.reason, ended_before: at, kept_session_id: command.data.kept_session_id } }];
    case 'RecordSignOut':
      return [{ type: 'AccountSignedOut', data: { account_id, session_id: command.data.session_id, at } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
};

/** Every profile change's event type (identity's `IDENTITY_EVENT_TYPES` lists them from here). */
export const PROFILE_EVENT_TYPES = [
  'AccountNameChanged',
  'AccountEmailChanged',
  'AccountPhoneChanged',
  'AccountPhotoChanged',
  'AccountPhotoRemoved',
  'AccountSessionsEnded',
  'AccountBrokerageChanged',
  'AccountSignedOut',
  'AccountTimeZoneSet',
] as const satisfies readonly ProfileEvent['type'][];

/** Only identity writes these streams: the stored data is the event's as decided. */
export const toProfileEvent = ownEvents<ProfileEvent>(PROFILE_EVENT_TYPES);

/** Whether the session that started at `startedAt` was ended by a password reset or change. */
export const sessionEndedByAccount = (state: Registered, sessionId: string, startedAt: string | undefined): boolean => {
  if (!state.sessionsEndedBefore) return false;
  if (state.keptSessionId === sessionId) return false;
  return startedAt === undefined || Date.parse(startedAt) < Date.parse(state.sessionsEndedBefore);
};

/**
 * What moves the account's session version on: an access token issued before one of these is refused at once (the
 * guard's check, `session-version/check.ts`), not only when it expires. A role change would too: the check also
 * compares the token's roles with the account's.
 */
export const SESSION_VERSION_EVENTS: readonly string[] = [
  'AccountSessionsEnded',
  'AccountEmailChanged',
  'AccountPhoneChanged',
  'AccountSignedOut',
  // account administration: a role change, a suspension or a reactivation ends every session at once
  'AccountRolesChanged',
  'AccountSuspended',
  'AccountReactivated',
];
