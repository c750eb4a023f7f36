import { timingSafeEqual } from 'node:crypto';
import type { IdentityErrorCode } from '@acpg/contracts/identity';
import type { SignUpErrorCode } from '@acpg/contracts/sign-up';
import { DomainError, type DomainErrorKind } from '../../platform/commands/domain-error.ts';

/** A refusal the user can act on; `code` lets the client pick its next screen. */
export const refuse = (kind: DomainErrorKind, code: IdentityErrorCode | SignUpErrorCode | 'INVALID_COMMAND', message: string) =>
  new DomainError(kind, code, message);

/** Closes an exhaustive switch: a new command type fails type-checking until handled. */
export const unknownCommand = (command: never): never => {
  throw new Error(`Unknown command ${JSON.stringify(command)}`);
};

export const secondsBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;
export const addSeconds = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
/** True when `now` is at or after `deadline` (both ISO 8601). */
export const reached = (now: string, deadline: string) => Date.parse(now) >= Date.parse(deadline);

/** Constant-time comparison of two stored digests (hex); an empty digest never matches. */
export const sameDigest = (a: string, b: string) => a.length === b.length && a.length > 0 && timingSafeEqual(Buffer.from(a), Buffer.from(b));
