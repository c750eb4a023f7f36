import { refusedForGood } from '../commands/domain-error.ts';

/**
 * Thrown by a processor when retrying cannot help (invalid data, a message that can never be sent):
 * every adapter sends the job to the dead letters at once instead of spending its attempts.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export const isPermanentJobError = (error: unknown): error is PermanentJobError =>
  error instanceof PermanentJobError || (error instanceof Error && error.name === 'PermanentJobError');

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;

/**
 * Runs a job's command: a refusal no retry can change (`refusedForGood`: no such order, a state that takes no such
 * command) becomes a PermanentJobError named `<what>: <refusal>`; anything else (a lost race, a store away) is retried.
 */
export const refusedForGoodIsPermanent = async (what: string, work: () => Promise<unknown>): Promise<void> => {
  try {
    await work();
  } catch (error) {
    if (refusedForGood(error)) throw new PermanentJobError(`${what}: ${error.message}`, { cause: error });
    throw error;
  }
};
