import { maskPhone } from '@acpg/contracts/masking';
import type { SessionUser } from '@acpg/contracts/identity';
import type { Role } from '@acpg/contracts/roles';
import { DEFAULT_TIME_ZONE } from '@acpg/contracts/time-zones';
import type { EventStore } from '../../platform/event-store/port.ts';
import { accountDecider, accountStream, type AccountState } from './account/decider.ts';
import { handleCommand, loadStream, type CommandMeta } from '../../platform/commands/handle-command.ts';
import { validationFailed } from '../../platform/commands/domain-error.ts';
import type { IdentityContext } from './context.ts';
import { emailDecider, emailStream, normaliseEmail } from './email/decider.ts';
import { reservePhone } from './sign-up/uniqueness.ts';

export type RegisteredAccount = Extract<AccountState, { status: 'registered' }>;

export const E164 = /^\+[1-9]\d{6,14}$/;

/** The account an email belongs to, read from the reservation stream (strongly consistent, unlike the read model). */
export const findAccountIdByEmail = async (store: EventStore, email: string): Promise<string | null> => {
  const { state } = await loadStream(store, emailStream(email), emailDecider);
  return state.status === 'reserved' ? state.accountId : null;
};

export const loadAccount = async (store: EventStore, accountId: string): Promise<RegisteredAccount | null> => {
  const { state } = await loadStream(store, accountStream(accountId), accountDecider);
  return state.status === 'registered' ? state : null;
};

/** The zone what the account is sent is dated in: its own (`AccountTimeZoneSet`), else `DEFAULT_TIME_ZONE`. */
export const timeZoneOfAccount = (account: Pick<RegisteredAccount, 'timeZone'>): string => account.timeZone ?? DEFAULT_TIME_ZONE;

export const phoneContext = (accountId: string) => `${accountStream(accountId)}:phone`;

/** The user part of the sign-in answer (spec section 3: data.user.user_type, first entry read). */
export const sessionUser = (account: RegisteredAccount): SessionUser => ({
  id: account.id,
  full_name: account.fullName,
  email: account.email,
  user_type: account.roles.map((type) => ({ type })),
  profile_img: account.profileImg,
});

export interface NewAccount {
  email: string;
  fullName: string;
  roles: Role[];
  /** Already checked against the password policy by the caller. */
  password: string;
  /** E.164 */
  phone?: string | null;
  profileImg?: string | null;
}

/**
 * Registers an account: reserves the email (expected version 0 makes it unique) and the phone, then writes the account stream.
 * Idempotent for a repeated email: answers `created: false` with the existing account. A reservation whose account
 * stream is missing (a crash between the two appends) is completed with the reserved id.
 */
export const registerAccount = async (ctx: IdentityContext, input: NewAccount, meta: CommandMeta): Promise<{ accountId: string; created: boolean }> => {
  const store = ctx.platform.eventStore;
  const email = normaliseEmail(input.email);
  if (input.phone && !E164.test(input.phone)) {
    const message = 'The phone must be an E.164 number, e.g. +14155550123';
    throw validationFailed(message, [{ path: 'phone', message }]);
  }

  let accountId = await findAccountIdByEmail(store, email);
  if (accountId === null) {
    const candidate = meta.newId();
    try {
      // At the loaded version: an email released by a profile change may be reserved again; a race still loses.
      await handleCommand(store, emailStream(email), emailDecider, { type: 'ReserveEmail', data: { email, account_id: candidate }, metadata: meta });
      accountId = candidate;
    } catch (error) {
      // Someone reserved it between our read and our append: theirs wins.
      accountId = await findAccountIdByEmail(store, email);
      if (accountId === null) throw error;
    }
  }
  // The phone is unique too (sign-up refuses a taken one); a repeat for the same account is a no-op, so an account
  // seeded before phones were reserved gets its reservation at the next start.
  if (input.phone) await reservePhone(ctx, accountId, input.phone, meta);
  if (await loadAccount(store, accountId)) return { accountId, created: false };

  const passwordHash = await ctx.passwords.hash(input.password);
  const phone = input.phone ?? null;
  try {
    await handleCommand(
      store,
      accountStream(accountId),
      accountDecider,
      {
        type: 'RegisterAccount',
        data: {
          account_id: accountId,
          email,
          full_name: input.fullName,
          roles: input.roles,
          password_hash: passwordHash,
          phone_encrypted: phone ? ctx.cipher.encrypt(phone, phoneContext(accountId)) : null,
          phone_masked: phone ? maskPhone(phone) : null,
          profile_img: input.profileImg ?? null,
        },
        metadata: meta,
      },
      { newStream: true },
    );
  } catch (error) {
    // A concurrent registration of the same email got there first.
    if (await loadAccount(store, accountId)) return { accountId, created: false };
    throw error;
  }
  return { accountId, created: true };
};
