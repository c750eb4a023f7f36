import type { AccountErrorCode } from '@acpg/contracts/account';
import type { IdentityErrorCode } from '@acpg/contracts/identity';
import { DomainError, type DomainErrorKind } from '../../../platform/commands/domain-error.ts';

/** A refusal of a reset or profile change the user can act on; `code` from the account or identity contracts. */
export const refuseAccount = (kind: DomainErrorKind, code: AccountErrorCode | IdentityErrorCode, message: string, field?: string) =>
  new DomainError(kind, code, message, field ? [{ path: field, message }] : undefined);
