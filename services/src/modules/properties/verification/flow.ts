import { VERIFICATION_RULES, type VerificationPassed, type VerificationStarted } from '@acpg/contracts/properties';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import { claimDecider, claimStream } from '../claim/decider.ts';
import { toSummary, type PropertyData } from '../../../platform/property-data/port.ts';
import { VERIFIED_PROPERTIES_COLLECTION, verifiedPropertyId } from '../verified-properties/projection.ts';
import { refuse, verificationDecider, verificationStream } from './decider.ts';
import { verificationQuestions } from './questions.ts';

/**
 * Starts a verification of a property for the signed-in account: the verification's own stream holds the questions
 * and their answers, and the start is counted on the account's claim to the property (at most 3 a day).
 */
export const startVerification = async (
  platform: Platform,
  data: PropertyData,
  input: { accountId: string; propertyId: string },
  meta: CommandMeta,
): Promise<VerificationStarted> => {
  const record = await data.findById(input.propertyId);
  if (!record) throw refuse('not_found', 'PROPERTY_NOT_FOUND', 'This property was not found. Look it up by its address or APN.');
  // From the read model: a verification that passed a moment ago may not be there yet, and a second PropertyVerified
  // for the same account and property is harmless (every reader keys it by both).
  if (await platform.documents.get(VERIFIED_PROPERTIES_COLLECTION, verifiedPropertyId(input.accountId, record.id))) {
    throw refuse('conflict', 'PROPERTY_ALREADY_VERIFIED', 'You have already verified this property.');
  }
  const verificationId = meta.newId();
  const claim = claimStream(input.accountId, record.id);
  const request = { type: 'RequestVerification' as const, data: { verification_id: verificationId, account_id: input.accountId, property_id: record.id }, metadata: meta };
  // The limit is checked first without writing, and the start counted once its verification exists: a request cut
  // short by a crash costs no start. A verification whose count then loses a race is never answered (nobody has its id).
  claimDecider.decide(request, (await loadStream(platform.eventStore, claim, claimDecider)).state);
  const questions = verificationQuestions(record);
  const { state } = await handleCommand(
    platform.eventStore,
    verificationStream(verificationId),
    verificationDecider,
    { type: 'StartVerification', data: { verification_id: verificationId, account_id: input.accountId, property: toSummary(record), questions }, metadata: meta },
    { newStream: true },
  );
  if (state.status !== 'open') throw new Error('StartVerification left no open verification');
  await handleCommand(platform.eventStore, claim, claimDecider, request, { retries: 3 });
  return {
    verification_id: verificationId,
    property_id: record.id,
    questions: questions.map(({ id, prompt, choices }) => ({ id, prompt, choices })),
    tries_left: VERIFICATION_RULES.maxWrongTries,
    expires_at: state.expiresAt,
  };
};

export type AnswerOutcome =
  | { verified: true; answer: VerificationPassed }
  | { verified: false; code: 'VERIFICATION_INCORRECT' | 'VERIFICATION_LOCKED'; message: string; tries_left: number };

/** Checks the answers; a wrong set is recorded (and locks the verification at the third). */
export const answerVerification = async (
  platform: Platform,
  input: { accountId: string; verificationId: string; answers: Record<string, string> },
  meta: CommandMeta,
): Promise<AnswerOutcome> => {
  const { events } = await handleCommand(
    platform.eventStore,
    verificationStream(input.verificationId),
    verificationDecider,
    { type: 'AnswerVerification', data: { account_id: input.accountId, answers: input.answers }, metadata: meta },
    { retries: 1 }, // the same answers sent twice at once: the second is told the property is verified
  );
  for (const event of events) {
    switch (event.type) {
      case 'PropertyVerified': {
        const { property_id, address_line, city, county, state, zip, apn } = event.data;
        return { verified: true, answer: { property_id, verified: true, property: { id: property_id, address_line, city, county, state, zip, apn } } };
      }
      case 'PropertyVerificationAnswersRejected': {
        const left = event.data.tries_left;
        if (left === 0) {
          return {
            verified: false,
            code: 'VERIFICATION_LOCKED',
            message: 'At least one answer is not right, and no tries are left: this verification is locked. You can start a new one later.',
            tries_left: 0,
          };
        }
        return { verified: false, code: 'VERIFICATION_INCORRECT', message: `At least one answer is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`, tries_left: left };
      }
      default:
        break;
    }
  }
  throw new Error('AnswerVerification decided neither a verification nor a rejection');
};
