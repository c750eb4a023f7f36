import { z } from 'zod';
import { Role } from './roles.ts';
import { SignUpStatus } from './sign-up-steps.ts';
import { TimeZoneName } from './time-zones.ts';

export const OtpChannel = z.enum(['email', 'phone']);
export type OtpChannel = z.infer<typeof OtpChannel>;

export const SignInBody = z.object({
  email: z.email('Enter a valid email address').transform((e) => e.toLowerCase()),
  password: z.string().min(1, 'Enter your password').max(128),
});
export const SignInChallenge = z.object({
  challenge_id: z.string(),
  channels: z.array(OtpChannel),
  masked: z.object({ email: z.string(), phone: z.string().nullable() }),
});
export type SignInChallenge = z.infer<typeof SignInChallenge>;

export const SendOtpBody = z.object({ challenge_id: z.string().min(1), channel: OtpChannel });
export const SendOtpResult = z.object({ channel: OtpChannel, masked_destination: z.string(), resend_after_seconds: z.number().int(), expires_in_seconds: z.number().int() });

export const VerifyOtpBody = z.object({
  challenge_id: z.string().min(1),
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'),
  /** The browser's IANA zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`); absent keeps the account's. */
  time_zone: TimeZoneName.optional(),
});

export const SessionUser = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  user_type: z.array(z.object({ type: z.string() })),
  profile_img: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** Login response fields read (spec section 3). */
export const SignInResult = z.object({
  AccessToken: z.string(),
  role: z.array(Role),
  user: SessionUser,
});
export type SignInResult = z.infer<typeof SignInResult>;

/** Accounts by role, for the admin dashboard. */
export const AccountsSummary = z.object({
  total: z.number().int().nonnegative(),
  by_role: z.array(z.object({ role: z.string(), count: z.number().int().nonnegative() })),
});
export type AccountsSummary = z.infer<typeof AccountsSummary>;

// ---- Passwords (DECISIONS.md: 8..128, no composition rules, common passwords refused on the server) ----
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const codePoints = (s: string) => [...s].length;
/** A password being chosen (sign-up, reset): length only; the server also refuses common passwords. */
export const NewPassword = z
  .string()
  .refine((p) => codePoints(p) >= PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((p) => codePoints(p) <= PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

// ---- One-time codes (DECISIONS.md) ----
export const OTP_RULES = {
  digits: 6,
  validSeconds: 600,
  maxWrongTries: 5,
  resendAfterSeconds: 60,
  maxSendsPerHour: 5,
  /** Codes (email and SMS together) one account, sign-up or password reset may be sent in a UTC day. */
  maxSendsPerAccountPerDay: 20,
  /**
   * A right code is used up before the change it authorizes is applied; the request applying it holds it this long.
   * Another request with the code meanwhile is told OTP_IN_USE (409); after it (the first died on the way) the same
   * code may finish the change.
   */
  claimSeconds: 30,
} as const;

/** `code` of the error envelope for identity failures, so the client can pick its next screen. */
export const IDENTITY_ERROR_CODES = [
  'INVALID_CREDENTIALS', // 401 wrong email or password
  'SIGN_IN_NOT_FOUND', // 404 unknown challenge_id
  'SIGN_IN_EXPIRED', // 410 the challenge is too old: sign in again
  'SIGN_IN_LOCKED', // 410 (400 on the try that locks it) too many wrong codes: sign in again
  'SIGN_IN_USED', // 410 the challenge already signed in
  'CHANNEL_UNAVAILABLE', // 400 no phone on the account
  'OTP_NOT_SENT', // 400 verify before any code was sent
  'OTP_INCORRECT', // 400 wrong code; the message says how many tries are left
  'OTP_EXPIRED', // 410 the code is older than 10 minutes: ask for a new one
  'OTP_IN_USE', // 409 the right code is being used by another request this moment (its change is under way)
  'OTP_RESEND_TOO_SOON', // 429 less than 60 s since the last code to this destination
  'OTP_HOURLY_LIMIT', // 429 5 codes in the last hour to this destination
  'OTP_DAILY_LIMIT', // 429 20 codes today for this account (or sign-up, or password reset)
  'SMS_BUDGET_EXHAUSTED', // 429 the platform's text-message budget for this hour or day is spent
  'PHONE_COUNTRY_NOT_ALLOWED', // 400 a phone outside the countries texts go to (SMS_ALLOWED_COUNTRIES)
  'SESSION_ENDED', // 401 no, unknown, expired or ended refresh token
  'SESSION_REUSED', // 401 a rotated refresh token came back: the whole session was ended
  'EMAIL_TAKEN', // 409 an account with this email exists
  'PASSWORD_REFUSED', // 400 too short, too long or too common
  'PHONE_TAKEN', // 409 an account with this phone exists (sign-up)
  'ACCOUNT_SUSPENDED', // 401 at sign-in (after the password) and at refresh: a Super Admin suspended the account (account administration)
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

/** `POST /auth/refresh` answers like the sign-in verification. */
export const RefreshResult = SignInResult;
export type RefreshResult = SignInResult;

/** The signed-in caller (`GET /auth/me`). */
export const Me = z.object({
  role: z.array(Role),
  user: SessionUser,
  /** The account's phone, masked as the spec shows it (e.g. +1415********); null when it has none. */
  phone_masked: z.string().nullable(),
  /** Where the account stands in the sign-up wizard (complete, 'done' for an account made without it). */
  sign_up: SignUpStatus,
});
export type Me = z.infer<typeof Me>;

// ---- Events other modules may read ----
/** Data of `AccountRegistered` (stream `identity-account-<id>`). Secrets travel in other event types. */
export const AccountRegistered = z.object({
  account_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  roles: z.array(Role),
  phone_encrypted: z.string().nullable(),
  phone_masked: z.string().nullable(),
  profile_img: z.string().nullable(),
  /** An Agent's or a Broker's brokerage, as named at sign-up (absent for other roles and on older accounts). */
  brokerage_name: z.string().nullable().optional(),
});
export type AccountRegistered = z.infer<typeof AccountRegistered>;

/** Data of `AccountNameChanged` (stream `identity-account-<id>`): a contract event other modules keep copies from. */
export const AccountNameChanged = z.object({ account_id: z.string(), full_name: z.string().min(1), at: z.string() });
export type AccountNameChanged = z.infer<typeof AccountNameChanged>;

/** Data of `AccountEmailChanged` (stream `identity-account-<id>`): a contract event other modules keep copies from. */
export const AccountEmailChanged = z.object({ account_id: z.string(), email: z.string().min(1), previous_email: z.string(), at: z.string() });
export type AccountEmailChanged = z.infer<typeof AccountEmailChanged>;

/** Data of `AccountBrokerageChanged` (stream `identity-account-<id>`): an Agent or a Broker renamed their brokerage. */
export const AccountBrokerageChanged = z.object({ account_id: z.string(), brokerage_name: z.string().min(1), at: z.string() });
export type AccountBrokerageChanged = z.infer<typeof AccountBrokerageChanged>;

/** The identity events from which another module keeps its copy of an account's brokerage (`AccountBrokerage`). */
export const ACCOUNT_BROKERAGE_EVENTS = ['AccountRegistered', 'AccountBrokerageChanged'] as const;

/** What a module keeps of an Agent's or a Broker's brokerage (null: the account names none). */
export interface AccountBrokerage {
  brokerage_name: string | null;
}

/** The published fold of `ACCOUNT_BROKERAGE_EVENTS`: the brokerage as the latest identity event names it. */
export const nextAccountBrokerage = (copy: AccountBrokerage | null, event: { type: string; data: unknown }): AccountBrokerage | null => {
  if (event.type === 'AccountRegistered') {
    const d = AccountRegistered.safeParse(event.data);
    return d.success ? { brokerage_name: d.data.brokerage_name ?? null } : copy;
  }
  if (event.type === 'AccountBrokerageChanged') {
    const d = AccountBrokerageChanged.safeParse(event.data);
    return d.success ? { brokerage_name: d.data.brokerage_name } : copy;
  }
  return copy;
};

/** The identity events from which another module keeps its copy of an account's name and email (`AccountContact`). */
export const ACCOUNT_CONTACT_EVENTS = ['AccountRegistered', 'AccountNameChanged', 'AccountEmailChanged'] as const;

/** What a module keeps of an account to address it: its name and email, as the latest identity event says. */
export interface AccountContact {
  full_name: string;
  email: string;
}

/**
 * The published fold of `ACCOUNT_CONTACT_EVENTS` (identity's word on what they mean): the account's contact after
 * `event`, from the one before (null: not registered yet). An event it cannot read leaves the contact as it was.
 */
export const nextAccountContact = (contact: AccountContact | null, event: { type: string; data: unknown }): AccountContact | null => {
  if (event.type === 'AccountRegistered') {
    const d = AccountRegistered.safeParse(event.data);
    return d.success ? { full_name: d.data.full_name, email: d.data.email } : contact;
  }
  if (!contact) return contact;
  if (event.type === 'AccountNameChanged') {
    const d = AccountNameChanged.safeParse(event.data);
    return d.success ? { ...contact, full_name: d.data.full_name } : contact;
  }
  if (event.type === 'AccountEmailChanged') {
    const d = AccountEmailChanged.safeParse(event.data);
    return d.success ? { ...contact, email: d.data.email } : contact;
  }
  return contact;
};

/** Data of `AccountPhoneChanged` (stream `identity-account-<id>`): other modules may read only its masked phone. */
export const AccountPhoneChanged = z.object({ account_id: z.string(), phone_masked: z.string(), at: z.string() });
export type AccountPhoneChanged = z.infer<typeof AccountPhoneChanged>;

/** The identity events from which a module keeps how to reach a member in person (`MemberContact`: also roles and the masked phone). */
export const MEMBER_CONTACT_EVENTS = [...ACCOUNT_CONTACT_EVENTS, 'AccountPhoneChanged'] as const;

/**
 * What a module that follows members up (a fraud case) keeps of an account: name, email, the phone as identity masks it
 * (the number itself stays in identity, which alone decrypts it) and the roles it was registered with.
 */
export interface MemberContact extends AccountContact {
  phone_masked: string | null;
  roles: string[];
}

/** The published fold of `MEMBER_CONTACT_EVENTS`: `nextAccountContact`, plus the masked phone and the roles. */
export const nextMemberContact = (contact: MemberContact | null, event: { type: string; data: unknown }): MemberContact | null => {
  if (event.type === 'AccountRegistered') {
    const d = AccountRegistered.safeParse(event.data);
    return d.success ? { full_name: d.data.full_name, email: d.data.email, phone_masked: d.data.phone_masked, roles: [...d.data.roles] } : contact;
  }
  if (!contact) return contact;
  if (event.type === 'AccountPhoneChanged') {
    const d = AccountPhoneChanged.safeParse(event.data);
    return d.success ? { ...contact, phone_masked: d.data.phone_masked } : contact;
  }
  const next = nextAccountContact(contact, event);
  return next ? { ...contact, ...next } : contact;
};

/** The identity events from which another module keeps its copy of an account's roles (`AccountRoles`). */
export const ACCOUNT_ROLES_EVENTS = ['AccountRegistered', 'AccountRolesChanged'] as const;

/** What a module keeps of an account's roles (e.g. to refuse a staff account something): identity's latest word. */
export interface AccountRoles {
  roles: string[];
}

/** The published fold of `ACCOUNT_ROLES_EVENTS`: the roles registered with, then each role change's. */
export const nextAccountRoles = (copy: AccountRoles | null, event: { type: string; data: unknown }): AccountRoles | null => {
  if (event.type === 'AccountRegistered') {
    const d = AccountRegistered.safeParse(event.data);
    return d.success ? { roles: [...d.data.roles] } : copy;
  }
  if (event.type === 'AccountRolesChanged' && copy) {
    const d = AccountRolesChanged.safeParse(event.data);
    return d.success ? { roles: [...d.data.roles] } : copy;
  }
  return copy;
};

/** Read model `accounts`: one document per account, for admin lists and dashboards. */
export const AccountView = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  roles: z.array(Role),
  phone_masked: z.string().nullable(),
  profile_img: z.string().nullable(),
  created_at: z.string(),
});
export type AccountView = z.infer<typeof AccountView>;

/**
 * socket.io message to the entity room `account:<id>` (subscribe `{ entity: 'account:<id>' }`; the account itself and
 * Super Admins may follow it), sent after the account's read model changed. `version` and `position` are those of the
 * document, so a live view keeps the newer of a read and a push.
 */
export const ACCOUNT_UPDATED_MESSAGE = 'account.updated';
export const AccountUpdated = AccountView.extend({ version: z.number().int().nonnegative(), position: z.number().int().nonnegative() });
export type AccountUpdated = z.infer<typeof AccountUpdated>;

/** `GET /admin/accounts/names?ids=a,b`: the full names of up to 100 accounts, for lists that show people (Super Admin). */
export const AccountNamesQuery = z.object({
  ids: z
    .string({ error: (issue) => (issue.input === undefined ? undefined : 'Give the account ids once, separated by commas (ids=a,b).') })
    .transform((raw) => [...new Set(raw.split(',').map((id) => id.trim()).filter((id) => id !== ''))])
    .pipe(
      z
        .array(z.string().max(100, 'An account id is at most 100 characters.'))
        .min(1, 'Give at least one account id.')
        .max(100, 'Ask for at most 100 accounts at a time.'),
    ),
});
export type AccountNamesQuery = z.infer<typeof AccountNamesQuery>;
/** Account id → full name; ids of no account are left out. */
export const AccountNames = z.object({ names: z.record(z.string(), z.string()) });
export type AccountNames = z.infer<typeof AccountNames>;

/**
 * Data of `AccountRolesChanged` (stream `identity-account-<id>`): the account's roles (and provider, for a Provider
 * Admin) from now on, who changed them and why. It moves the account's session version on: access tokens issued
 * before are refused at once. `changed_by`: an account id, or the reaction that acted (e.g. `identity.provider-admins`).
 */
export const AccountRolesChanged = z.object({
  account_id: z.string().min(1),
  roles: z.array(Role).min(1),
  provider_id: z.string().min(1).nullable(),
  changed_by: z.string().min(1),
  reason: z.string().min(1).max(500),
  changed_at: z.string().min(1),
});
export type AccountRolesChanged = z.infer<typeof AccountRolesChanged>;
