import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnrolmentView } from '@acpg/contracts/equity';
import { CheckoutResult, TEST_CARDS } from '@acpg/contracts/payments';
import { bearer, markVerified } from '../../../../test/equity.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { waitForMessage } from '../../../../test/outbox.ts';
import { signedUpWith } from '../../../../test/sign-up-steps.ts';
import { testPaymentMethod } from '../../../../test/payments.ts';
import { recordProviderMember, recordProviderMemberRemoved, verifiedMemberOfNewProvider } from '../../../../test/providers.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { enrolmentIdOf } from '../enrolment/commands.ts';

const t = useTestApp();

const PROPERTY = 'ca-scl-00011';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const setUp = () => verifiedMemberOfNewProvider(t, PROPERTY);

const enrolFor = (token: string, member: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/equity/members/${member}/enrollments`, payload: body, headers: auth(token) });

/** Pays the enrollment as `payerId` (their own token and a card of their own). */
const payAs = async (payerId: string, token: string, enrolmentId: string) => {
  const payload = { checkout_id: randomUUID(), equity_enrollment_id: enrolmentId, accept_terms: true, payment_method_id: await testPaymentMethod(t, payerId, TEST_CARDS.succeeds) };
  return t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers: auth(token) });
};

const activeFor = (member: string, enrolmentId: string) =>
  waitFor(
    async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/equity/enrollments/${enrolmentId}`, headers: await bearer(t, member) });
      const view = r.json().data as EnrolmentView;
      return view.status === 'active' ? view : undefined;
    },
    { what: `enrollment ${enrolmentId} active` },
  );

describe('a Provider Admin protects its users’ properties (issue 21 item 4)', () => {
  it('lists the user’s verified properties; enrolls one for the user; the provider pays with the Provider Admin’s card', async () => {
    const s = await setUp();
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/equity/members/${s.member}/properties`, headers: auth(s.adminA) });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([expect.objectContaining({ property_id: PROPERTY })]);

    const enrolled = await enrolFor(s.adminA, s.member, { property_id: PROPERTY, payer: 'provider' });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const view = EnrolmentView.parse(enrolled.json().data);
    expect(view).toMatchObject({ account_id: s.member, status: 'awaiting_payment' });
    const [requested] = await t.platform.eventStore.readStream(`equity-enrolment-${view.enrollment_id}`);
    expect(requested?.data).toMatchObject({ account_id: s.member, by: s.adminId, placed_by: { account_id: s.adminId, provider_id: s.providerA, payer: 'provider' } });

    // The same request again answers the enrollment; another property state is refused below.
    expect((await enrolFor(s.adminA, s.member, { property_id: PROPERTY, payer: 'provider' })).statusCode).toBe(200);

    // Another third party may not pay it (404 as an unknown enrollment); the Provider Admin who placed it may.
    const stranger = randomUUID();
    const refused = await payAs(stranger, await t.signInAs('Customer', stranger), view.enrollment_id);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json().code).toBe('EQUITY_ENROLLMENT_NOT_FOUND');
    const paid = await payAs(s.adminId, s.adminA, view.enrollment_id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(CheckoutResult.parse(paid.json().data).status).toBe('succeeded');
    expect((await activeFor(s.member, view.enrollment_id)).account_id).toBe(s.member);

    // Already protected: refused in words, nothing written.
    const stream = `equity-enrolment-${view.enrollment_id}`;
    const before = (await t.platform.eventStore.readStream(stream)).length;
    const again = await enrolFor(s.adminA, s.member, { property_id: PROPERTY, payer: 'user' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_ENROLLED', message: 'This property is protected already.' });
    expect(await t.platform.eventStore.readStream(stream)).toHaveLength(before);
  });

  it('the user pays: the user is emailed, the Provider Admin may not pay it, the user does', async () => {
    const s = await setUp();
    const enrolled = await enrolFor(s.adminA, s.member, { property_id: PROPERTY, payer: 'user' });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const view = EnrolmentView.parse(enrolled.json().data);
    expect(view.status).toBe('awaiting_payment');
    const mail = await waitForMessage(t.app, s.email, /enrolled .* in Equity Protect: pay to start it/);
    expect(mail.text).toContain('Your provider enrolled your property');

    const byAdmin = await payAs(s.adminId, s.adminA, view.enrollment_id);
    expect(byAdmin.statusCode, byAdmin.body).toBe(404);
    const byMember = await payAs(s.member, await t.signInAs('Customer', s.member), view.enrollment_id);
    expect(byMember.statusCode, byMember.body).toBe(200);
    await activeFor(s.member, view.enrollment_id);
  });

  it('refuses another provider’s admin and a removed user as unknown ids, a property not verified, a caller not a Provider Admin; nothing written', async () => {
    const s = await setUp();
    const nothingWritten = async () => {
      for (const property of [PROPERTY, 'ca-scl-00012']) expect(await t.platform.eventStore.readStream(`equity-enrolment-${enrolmentIdOf(s.member, property)}`)).toEqual([]);
    };
    const unknown = await enrolFor(s.adminA, randomUUID(), { property_id: PROPERTY, payer: 'provider' });
    expect(unknown.statusCode).toBe(404);
    const otherProvider = await enrolFor(s.adminB, s.member, { property_id: PROPERTY, payer: 'provider' });
    expect(otherProvider.statusCode).toBe(404);
    expect(otherProvider.json()).toEqual(unknown.json());
    expect(otherProvider.json().code).toBe('PROVIDER_USER_NOT_FOUND');
    const theirProperties = await t.app.inject({ method: 'GET', url: `/api/v1/equity/members/${s.member}/properties`, headers: auth(s.adminB) });
    expect(theirProperties.statusCode).toBe(404);

    const notVerified = await enrolFor(s.adminA, s.member, { property_id: 'ca-scl-00012', payer: 'provider' });
    expect(notVerified.statusCode).toBe(400);
    expect(notVerified.json().code).toBe('PROPERTY_NOT_VERIFIED');
    // A user who signed up for NHD reports only has Equity Protect's sign-up steps to finish: told about the user.
    const nhdOnly = randomUUID();
    await signedUpWith(t, nhdOnly, ['nhd']);
    await markVerified(t, nhdOnly, PROPERTY);
    await recordProviderMember(t, s.providerA, nhdOnly);
    const steps = await enrolFor(s.adminA, nhdOnly, { property_id: PROPERTY, payer: 'provider' });
    expect(steps.statusCode, steps.body).toBe(409);
    expect(steps.json()).toMatchObject({ code: 'SIGN_UP_STEPS_MISSING', message: expect.stringContaining('This user has not finished') });
    expect(await t.platform.eventStore.readStream(`equity-enrolment-${enrolmentIdOf(nhdOnly, PROPERTY)}`)).toEqual([]);
    const badPayer = await enrolFor(s.adminA, s.member, { property_id: PROPERTY, payer: 'someone' });
    expect(badPayer.statusCode).toBe(400);
    const customer = await enrolFor(await t.signInAs('Customer', s.member), s.member, { property_id: PROPERTY, payer: 'user' });
    expect(customer.statusCode).toBe(403);
    const superAdmin = await enrolFor(await t.signInAs('Super Admin'), s.member, { property_id: PROPERTY, payer: 'user' });
    expect(superAdmin.statusCode).toBe(403);
    await nothingWritten();

    await recordProviderMemberRemoved(t, s.providerA, s.member, s.invitation);
    const removed = await enrolFor(s.adminA, s.member, { property_id: PROPERTY, payer: 'provider' });
    expect(removed.statusCode, removed.body).toBe(404);
    expect(removed.json()).toEqual(unknown.json());
    await nothingWritten();
  });
});
