import type { AccountErrorCode } from '@acpg/contracts/account';
import type { IdentityErrorCode } from '@acpg/contracts/identity';
import { AppError } from '../../../platform/http/errors.ts';

/** A refusal of a reset or profile change the user can act on; `code` from the account or identity contracts. */
export const refuseAccount = (status: number, code: AccountErrorCode | IdentityErrorCode, message: string, field?: string) =>
  new AppError(status, code, message, field ? [{ path: field, message }] : undefined);
