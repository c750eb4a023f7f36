import { DomainError } from '../src/platform/commands/domain-error.ts';
import { DOMAIN_ERROR_STATUS } from '../src/platform/http/domain-errors.ts';

/** The `DomainError` a decider refuses with; fails the test when `act` does not refuse, or throws anything else. */
export const domainErrorOf = (act: () => unknown): DomainError => {
  try {
    act();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

/** What a decider's refusal says (the status the API answers it with, code, message); fails the test when `act` does not refuse. */
export const refusalOf = (act: () => unknown): { status: number; code: string; message: string } => {
  const error = domainErrorOf(act);
  return { status: DOMAIN_ERROR_STATUS[error.kind], code: error.code, message: error.message };
};

/** A decider's refusal as kind and code (what a unit test of a decider compares); fails the test when `act` does not refuse. */
export const refusalKindOf = (act: () => unknown): { kind: DomainError['kind']; code: string } => {
  const error = domainErrorOf(act);
  return { kind: error.kind, code: error.code };
};
