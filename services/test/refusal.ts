import { AppError } from '../src/platform/http/errors.ts';

/** What a decider's refusal says (status, code, message); fails the test when `act` does not refuse. */
export const refusalOf = (act: () => unknown): { status: number; code: string; message: string } => {
  try {
    act();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};
