import { VERIFICATION_RULES, type PropertyErrorCode, type PropertySummary, type PropertyVerifiedData } from '@acpg/contracts/properties';
import type { Command, Decider, DomainEvent } from '../../../platform/commands/handle-command.ts';
import { DomainError, type DomainErrorKind } from '../../../platform/commands/domain-error.ts';
import type { AskedQuestion } from './questions.ts';

/**
 * A property verification: questions about one property, asked to one signed-in account. Rules: answered within 15
 * minutes; every question answered with one of its choices (else nothing is counted); 3 wrong submissions lock it;
 * all right verifies the property for the account (`PropertyVerified`, once). How often an account may start one for
 * a property is the claim's rule (claim/decider.ts).
 */
export const verificationStream = (verificationId: string) => `properties-verification-${verificationId}`;

export type VerificationEvent =
  | DomainEvent<
      'PropertyVerificationStarted',
      { verification_id: string; account_id: string; property: PropertySummary; questions: AskedQuestion[]; started_at: string; expires_at: string }
    >
  | DomainEvent<'PropertyVerificationAnswersRejected', { verification_id: string; failures: number; tries_left: number; at: string }>
  | DomainEvent<'PropertyVerificationLocked', { verification_id: string; account_id: string; property_id: string; at: string }>
  | DomainEvent<'PropertyVerified', PropertyVerifiedData>;

export type VerificationCommand =
  | Command<'StartVerification', { verification_id: string; account_id: string; property: PropertySummary; questions: AskedQuestion[] }>
  | Command<'AnswerVerification', { account_id: string; answers: Record<string, string> }>;

interface Verification {
  status: 'open' | 'locked' | 'verified';
  verificationId: string;
  accountId: string;
  property: PropertySummary;
  questions: AskedQuestion[];
  expiresAt: string;
  failures: number;
}
export type VerificationState = { status: 'none' } | Verification;

export const initialState = (): VerificationState => ({ status: 'none' });

export const refuse = (kind: DomainErrorKind, code: PropertyErrorCode | 'INVALID_COMMAND', message: string) => new DomainError(kind, code, message);

const addSeconds = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

export const evolve = (state: VerificationState, event: VerificationEvent): VerificationState => {
  if (event.type === 'PropertyVerificationStarted') {
    const d = event.data;
    return { status: 'open', verificationId: d.verification_id, accountId: d.account_id, property: d.property, questions: d.questions, expiresAt: d.expires_at, failures: 0 };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PropertyVerificationAnswersRejected':
      return { ...state, failures: event.data.failures };
    case 'PropertyVerificationLocked':
      return { ...state, status: 'locked' };
    case 'PropertyVerified':
      return { ...state, status: 'verified' };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown verification event ${JSON.stringify(unexpected)}`);
    }
  }
};

/** The same 404 for an unknown verification and another account's: an id reveals nothing about its owner. */
const NOT_FOUND_MESSAGE = 'This verification was not found. Look up the property and start again.';

/** Every question answered with one of its own choices, and nothing else: a malformed submission costs no try. */
const answersProblem = (questions: readonly AskedQuestion[], answers: Record<string, string>): string | null => {
  const ids = new Set(questions.map((q) => q.id));
  const unknown = Object.keys(answers).find((id) => !ids.has(id));
  if (unknown !== undefined) return `There is no question "${unknown}" in this verification.`;
  for (const q of questions) {
    const answer = answers[q.id];
    if (answer === undefined) return `Answer every question: "${q.prompt}" has no answer.`;
    if (!q.choices.includes(answer)) return `Pick one of the choices for "${q.prompt}".`;
  }
  return null;
};

export const decide = (command: VerificationCommand, state: VerificationState): VerificationEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'StartVerification': {
      if (state.status !== 'none') throw refuse('conflict', 'INVALID_COMMAND', 'This verification already exists.');
      const d = command.data;
      return [
        {
          type: 'PropertyVerificationStarted',
          data: { ...d, started_at: now, expires_at: addSeconds(now, VERIFICATION_RULES.validSeconds) },
        },
      ];
    }
    case 'AnswerVerification': {
      if (state.status === 'none' || state.accountId !== command.data.account_id) throw refuse('not_found', 'VERIFICATION_NOT_FOUND', NOT_FOUND_MESSAGE);
      if (state.status === 'verified') throw refuse('gone', 'VERIFICATION_COMPLETE', 'This property is already verified for your account.');
      if (state.status === 'locked') {
        throw refuse('gone', 'VERIFICATION_LOCKED', 'Too many wrong answers: this verification is locked. Start a new verification later.');
      }
      if (Date.parse(now) >= Date.parse(state.expiresAt)) {
        throw refuse('gone', 'VERIFICATION_EXPIRED', 'This verification has expired (15 minutes). Start a new one.');
      }
      const problem = answersProblem(state.questions, command.data.answers);
      if (problem) throw refuse('invalid', 'ANSWERS_INCOMPLETE', problem);
      if (state.questions.every((q) => command.data.answers[q.id] === q.answer)) {
        const p = state.property;
        return [
          {
            type: 'PropertyVerified',
            data: {
              verification_id: state.verificationId,
              account_id: state.accountId,
              property_id: p.id,
              address_line: p.address_line,
              city: p.city,
              county: p.county,
              state: p.state,
              zip: p.zip,
              apn: p.apn,
              verified_at: now,
            },
          },
        ];
      }
      const failures = state.failures + 1;
      const triesLeft = Math.max(0, VERIFICATION_RULES.maxWrongTries - failures);
      const rejected: VerificationEvent = { type: 'PropertyVerificationAnswersRejected', data: { verification_id: state.verificationId, failures, tries_left: triesLeft, at: now } };
      if (triesLeft > 0) return [rejected];
      return [rejected, { type: 'PropertyVerificationLocked', data: { verification_id: state.verificationId, account_id: state.accountId, property_id: state.property.id, at: now } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown verification command ${JSON.stringify(unexpected)}`);
    }
  }
};

export const verificationDecider: Decider<VerificationCommand, VerificationEvent, VerificationState> = { initialState, evolve, decide };

/** Tries left of an open verification (for the start's answer). */
export const triesLeft = (state: VerificationState): number =>
  state.status === 'open' ? Math.max(0, VERIFICATION_RULES.maxWrongTries - state.failures) : 0;
