import { randomUUID } from 'node:crypto';
import type { SignUpIntent } from '@acpg/contracts/sign-up-steps';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import type { TestApp } from './harness.ts';

/**
 * An account's sign-up as identity records it (`identity-signup-<id>`): the email code verified with `intents`, then
 * each of `steps` saved, identity's own events that other modules keep a copy of. No step's secrets are needed by them.
 */
export const signedUpWith = async (
  t: Pick<TestApp, 'platform'>,
  accountId: string,
  intents: SignUpIntent[],
  steps: readonly ('face_signature' | 'mailing_address' | 'beneficiaries')[] = [],
): Promise<void> => {
  const now = t.platform.clock();
  const at = now.toISOString();
  const meta = { now, actor: accountId, correlationId: randomUUID() };
  const saved = {
    face_signature: () => eventEnvelope(randomUUID(), 'SignUpFaceSignatureSaved', { sign_up_id: accountId, face_file: 'f', signature_file: 's', saved_at: at }, meta),
    mailing_address: () =>
      eventEnvelope(randomUUID(), 'SignUpMailingAddressSaved', { sign_up_id: accountId, same_as_property: false, property_id: null, address_encrypted: 'x', saved_at: at }, meta),
    beneficiaries: () => eventEnvelope(randomUUID(), 'SignUpBeneficiariesSaved', { sign_up_id: accountId, count: 1, beneficiaries_encrypted: 'x', saved_at: at }, meta),
  };
  const stream = `identity-signup-${accountId}`;
  const version = (await t.platform.eventStore.readStream(stream)).length;
  await t.platform.eventStore.append(stream, version, [
    ...(version === 0 ? [eventEnvelope(randomUUID(), 'SignUpEmailVerified', { sign_up_id: accountId, account_id: accountId, at, intents }, meta)] : []),
    ...steps.map((step) => saved[step]()),
  ]);
};
