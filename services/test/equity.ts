import { randomUUID } from 'node:crypto';
import type { AlertView, EnrolmentView, ImportView } from '@acpg/contracts/equity';
import { CheckoutResult, TEST_CARDS } from '@acpg/contracts/payments';
import type { MembershipStarted } from '@acpg/contracts/memberships';
import { PROPERTY_VERIFIED, type PropertyVerifiedData } from '@acpg/contracts/properties';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import { propertyData } from '../src/platform/property-data/select.ts';
import type { TestApp } from './harness.ts';
import { testPaymentMethod } from './payments.ts';
import { waitFor } from './wait-for.ts';

/** The enrolments read model the matching job reads (a test reads it by name, as the replay test does). */
const ENROLMENTS_COLLECTION = 'equity_enrolments';

type T = Pick<TestApp, 'app' | 'signInAs' | 'platform'>;

/** `accountId` verified the sample property: the properties module's own event, which equity keeps a copy of. */
export const markVerified = async (t: T, accountId: string, propertyId: string): Promise<void> => {
  const p = await propertyData().findById(propertyId);
  if (!p) throw new Error(`no sample property ${propertyId}`);
  const verificationId = randomUUID();
  const data: PropertyVerifiedData = {
    verification_id: verificationId,
    account_id: accountId,
    property_id: propertyId,
    address_line: p.address_line,
    city: p.city,
    county: p.county,
    state: 'CA',
    zip: p.zip,
    apn: p.apn,
    verified_at: new Date().toISOString(),
  };
  const meta = { now: new Date(), actor: accountId, correlationId: randomUUID() };
  await t.platform.eventStore.append(`properties-verification-${verificationId}`, 0, [eventEnvelope(randomUUID(), PROPERTY_VERIFIED, data, meta)]);
};

/** `accountId` is a member of `planName` (the memberships module's own `MembershipStarted`), as `/memberships/mine` shows. */
export const memberOf = async (t: T, accountId: string, planName: 'Monthly' | 'Yearly'): Promise<void> => {
  const now = new Date();
  const membershipId = randomUUID();
  const data: MembershipStarted = {
    membership_id: membershipId,
    account_id: accountId,
    plan_id: planName.toLowerCase(),
    plan_name: planName,
    amount_cents: 0,
    renewal_amount_cents: 0,
    paid_cents: 0,
    started_at: now.toISOString(),
    trial_ends_at: null,
    next_renewal_at: new Date(now.getTime() + 365 * 86_400_000).toISOString(),
    card_brand: 'visa',
    card_last4: '4242',
    status: 'active',
    checkout_id: membershipId,
  };
  await t.platform.eventStore.append(`memberships-membership-${membershipId}`, 0, [eventEnvelope(randomUUID(), 'MembershipStarted', data, { now, actor: accountId, correlationId: randomUUID() })]);
  const headers = await bearer(t, accountId);
  await waitFor(async () => ((await t.app.inject({ method: 'GET', url: '/api/v1/memberships/mine', headers })).json().data.items as unknown[]).length > 0, { what: `${accountId}'s ${planName} membership` });
};

export const bearer = async (t: T, accountId: string, role: 'Customer' | 'Super Admin' = 'Customer') => ({ authorization: `Bearer ${await t.signInAs(role, accountId)}` });

/** Enrols a (verified) property over HTTP. */
export const enrolProperty = async (t: T, accountId: string, propertyId: string): Promise<EnrolmentView> => {
  const r = await t.app.inject({ method: 'POST', url: '/api/v1/equity/enrollments', payload: { property_id: propertyId }, headers: await bearer(t, accountId) });
  if (r.statusCode !== 201 && r.statusCode !== 200) throw new Error(`enrol: ${r.statusCode} ${r.body}`);
  return r.json().data as EnrolmentView;
};

/** Pays an enrolment awaiting payment with a test card. */
export const payEnrolment = async (t: T, accountId: string, enrolmentId: string, card: string = TEST_CARDS.succeeds) => {
  const payload = { checkout_id: randomUUID(), equity_enrollment_id: enrolmentId, accept_terms: true, payment_method_id: await testPaymentMethod(t, accountId, card) };
  const r = await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers: await bearer(t, accountId) });
  return { status: r.statusCode, body: r.body, result: r.statusCode === 200 ? CheckoutResult.parse(r.json().data) : null };
};

/** Verifies, enrols and pays: the property is protected. */
export const protectProperty = async (t: T, accountId: string, propertyId: string): Promise<EnrolmentView> => {
  await markVerified(t, accountId, propertyId);
  const enrolment = await enrolProperty(t, accountId, propertyId);
  if (enrolment.status === 'awaiting_payment') {
    const paid = await payEnrolment(t, accountId, enrolment.enrollment_id);
    if (paid.status !== 200) throw new Error(`pay enrolment: ${paid.status} ${paid.body}`);
  }
  const headers = await bearer(t, accountId);
  const active = await waitFor(
    async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/equity/enrollments/${enrolment.enrollment_id}`, headers });
      const view = r.json().data as EnrolmentView;
      return view.status === 'active' ? view : undefined;
    },
    { what: `enrolment ${enrolment.enrollment_id} active` },
  );
  // The route answers from the stream when the read model lags; matching reads the read model, so an import made
  // before it catches up would rightly miss this property (under CI load, it did). Wait for the read model too.
  await waitFor(async () => ((await t.platform.documents.get(ENROLMENTS_COLLECTION, enrolment.enrollment_id))?.status === 'active' ? true : undefined), {
    what: `enrolment ${enrolment.enrollment_id} active in ${ENROLMENTS_COLLECTION}`,
  });
  return active;
};

/** Imports a CSV as the Super Admin and waits until its recordings are matched. */
export const importCsv = async (t: T, csv: string, fileName = 'recordings.csv'): Promise<ImportView> => {
  const headers = await bearer(t, 'test-super-admin', 'Super Admin');
  const r = await t.app.inject({ method: 'POST', url: '/api/v1/admin/equity/imports', payload: { file_name: fileName, format: 'csv', data: Buffer.from(csv).toString('base64') }, headers });
  if (r.statusCode !== 201) throw new Error(`import: ${r.statusCode} ${r.body}`);
  const id = (r.json().data as ImportView).import_id;
  return waitFor(
    async () => {
      const view = (await t.app.inject({ method: 'GET', url: `/api/v1/admin/equity/imports/${id}`, headers })).json().data as ImportView;
      return view.status === 'matched' ? view : undefined;
    },
    { what: `import ${id} matched` },
  );
};

/**
 * The member's alerts from the read model; with `atLeast`, waits until that many are projected (an import is matched
 * on its stream a moment before its alerts reach the read model).
 */
export const alertsOf = async (t: T, accountId: string, atLeast = 0): Promise<AlertView[]> => {
  const read = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/equity/alerts/mine?page_size=100', headers: await bearer(t, accountId) })).json().data.items as AlertView[];
  return atLeast === 0 ? read() : waitFor(async () => ((await read()).length >= atLeast ? read() : undefined), { what: `${atLeast} alerts of ${accountId}` });
};

export const CSV_HEADER = 'document_number,county,apn,document_type,recorded_at,grantor,grantee,amount_cents';
