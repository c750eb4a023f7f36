import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EQUITY_ALERT_UPDATED_MESSAGE, type AlertView, type EnrolmentView } from '@acpg/contracts/equity';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { propertyData } from '../../platform/property-data/select.ts';
import { alertsOf, bearer, CSV_HEADER, enrolProperty, importCsv, markVerified, memberOf, payEnrolment, protectProperty } from '../../../test/equity.ts';
import { apiClient } from '../../../test/api.ts';
import { useTestApp } from '../../../test/harness.ts';
import { socketClients } from '../../../test/sockets.ts';
import { outboxOf } from '../../../test/sign-in.ts';
import { signUpWithOutboxCodes } from '../../../test/sign-up.ts';
import { signedUpWith } from '../../../test/sign-up-steps.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { noticeEndingProtections } from './enrolment/ending.ts';

const PROPERTY = 'ca-lax-00001';
const OTHER_PROPERTY = 'ca-lax-00002';
const today = () => new Date().toISOString().slice(0, 10);

/** Equity Protect over HTTP and socket.io: pricing, enrolment and payment, imports, matching, alerts, cases, access. */
describe('Equity Protect', () => {
  const t = useTestApp({ DEV_OUTBOX: 'true', CAPTCHA_COST: '1' });
  const { openAs, follow } = socketClients(() => t);
  const { get, post } = apiClient(() => t);
  const admin = () => bearer(t, 'test-super-admin', 'Super Admin');

  it('answers the pricing to anyone, and lets only a Super Admin change it (new enrolments only)', async () => {
    const pricing = await get('/equity/pricing');
    expect(pricing.statusCode).toBe(200);
    expect(pricing.json().data).toMatchObject({ annual_price_cents: 9_900, included_plan_names: ['Yearly'] });
    const body = { annual_price_cents: 12_900, included_plan_names: ['Yearly'], features: ['Watches the recorder for your property.'] };
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/admin/equity/pricing', payload: body, headers: await bearer(t, 'someone') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/admin/equity/pricing', payload: { ...body, annual_price_cents: 10 }, headers: await admin() })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/admin/equity/pricing', payload: { ...body, features: [] }, headers: await admin() })).statusCode).toBe(400);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/equity/pricing', payload: body, headers: await admin() });
    expect(saved.statusCode).toBe(200);
    expect((await get('/equity/pricing')).json().data.annual_price_cents).toBe(12_900);
    await t.app.inject({ method: 'PUT', url: '/api/v1/admin/equity/pricing', payload: { ...body, annual_price_cents: 9_900 }, headers: await admin() });
  });

  it('protects only a verified property; awaiting payment until paid, once per property; free when the plan includes it', async () => {
    const member = `acct-${randomUUID()}`;
    const refused = await post('/equity/enrollments', { property_id: PROPERTY }, await bearer(t, member));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PROPERTY_NOT_VERIFIED' });
    expect((await post('/equity/enrollments', { property_id: '' }, await bearer(t, member))).statusCode).toBe(400);
    expect((await post('/equity/enrollments', { property_id: PROPERTY })).statusCode).toBe(401);

    await markVerified(t, member, PROPERTY);
    const enrolment = await enrolProperty(t, member, PROPERTY);
    expect(enrolment).toMatchObject({ status: 'awaiting_payment', price_cents: 9_900, included: false, property: { apn: '0165-307-174', county: 'Los Angeles' } });
    const again = await post('/equity/enrollments', { property_id: PROPERTY }, await bearer(t, member));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.enrollment_id).toBe(enrolment.enrollment_id);

    const declined = await payEnrolment(t, member, enrolment.enrollment_id, TEST_CARDS.declined);
    expect(declined.result?.status).toBe('failed');
    const paid = await payEnrolment(t, member, enrolment.enrollment_id);
    expect(paid.status).toBe(200);
    const active = await waitFor(async () => {
      const view = (await get(`/equity/enrollments/${enrolment.enrollment_id}`, await bearer(t, member))).json().data as EnrolmentView;
      return view.status === 'active' ? view : undefined;
    }, { what: 'the enrolment active' });
    expect(active.protected_until).not.toBeNull();
    const repay = await payEnrolment(t, member, enrolment.enrollment_id);
    expect(repay.status).toBe(409);
    expect(JSON.parse(repay.body)).toMatchObject({ code: 'EQUITY_ENROLLMENT_NOT_PAYABLE' });
    const memberships = (await get('/memberships/mine', await bearer(t, member))).json().data;
    expect(memberships.total ?? memberships.items?.length ?? 0).toBe(0);

    const yearly = `acct-${randomUUID()}`;
    await memberOf(t, yearly, 'Yearly');
    await markVerified(t, yearly, PROPERTY);
    const included = await enrolProperty(t, yearly, PROPERTY);
    expect(included).toMatchObject({ status: 'active', included: true, plan_name: 'Yearly', price_cents: 0 });
    const nothingToPay = await payEnrolment(t, yearly, included.enrollment_id);
    expect(nothingToPay.status).toBe(409);
  });

  it('imports a file row by row, and alerts by county and APN only: a namesake on another parcel raises nothing', async () => {
    const sign = await signUpWithOutboxCodes(t, { full_name: 'Maria Garcia', email: `maria-${randomUUID().slice(0, 8)}@example.test`, phone: `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, password: 'correct horse battery staple 9', role: 'Customer' });
    const member = sign.user.id;
    // Equity Protect needs face and signature and the mailing address first (the property is verified below).
    await signedUpWith(t, member, ['membership'], ['face_signature', 'mailing_address']);
    await protectProperty(t, member, PROPERTY);
    const other = await propertyData().findById(OTHER_PROPERTY);
    const docNumber = `2026-${Math.floor(Math.random() * 1e7)}`;
    const csv = [
      CSV_HEADER,
      // the protected parcel, written as another recorder might: no hyphens, county in capitals with "County"
      `${docNumber},LOS ANGELES COUNTY,0165307174,quitclaim,${today()},Maria Garcia,Unknown Holdings LLC,`,
      // the member's name, on someone else's parcel: no alert
      `2026-${Math.floor(Math.random() * 1e7)},Los Angeles,${other?.apn},grant_deed,${today()},Maria Garcia,John Smith,85000000`,
      // bad rows: an unknown type, a date that is not one, a missing APN, too few values
      `2026-1,Los Angeles,0165-307-174,mortgage,${today()},A,B,`,
      `2026-2,Los Angeles,0165-307-174,lien,yesterday,A,B,100`,
      `2026-3,Los Angeles,,lien,${today()},A,B,100`,
      `2026-4,Los Angeles`,
    ].join('\n');
    const imported = await importCsv(t, csv);
    expect(imported).toMatchObject({ row_count: 6, accepted_count: 2, refused_count: 4, matched_count: 1 });
    expect(imported.alert_count).toBeGreaterThanOrEqual(1); // members before in this file protect the same parcel
    expect(imported.refused.map((r) => r.row)).toEqual([3, 4, 5, 6]);
    expect(imported.refused[0]?.errors.join(' ')).toContain('document_type must be one of');
    expect(imported.refused[1]?.errors.join(' ')).toContain('recorded_at must be a date');
    expect(imported.refused[3]?.errors.join(' ')).toContain('The row has 2 values');

    const alerts = await alertsOf(t, member, 1);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ status: 'new', recording: { document_number: docNumber, document_type: 'quitclaim' }, property: { property_id: PROPERTY } });

    const mails = await waitFor(async () => {
      const m = (await outboxOf(t, String((await t.platform.documents.get('accounts', member))?.email))).filter((x) => (x.subject ?? '').startsWith('Equity Protect alert'));
      return m.length > 0 ? m : undefined;
    }, { what: 'the alert email' });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(docNumber);

    // The same file again raises no second alert.
    const again = await importCsv(t, csv);
    expect(again.alert_count).toBe(imported.alert_count);
    expect(await alertsOf(t, member)).toHaveLength(1);
  });

  it('refuses, row by row, a document an earlier row had, a county outside California and a day after today', async () => {
    const doc = `2026-${Math.floor(Math.random() * 1e7)}`;
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const imported = await importCsv(t, [
      CSV_HEADER,
      `${doc},Los Angeles,0165-307-174,lien,${today()},A,B,100`,
      `${doc},Los Angeles,0165-307-174,lien,${today()},A,B,100`,
      `${doc}-2,Nowhere County,0165-307-174,lien,${today()},A,B,100`,
      `${doc}-3,Los Angeles,0165-307-174,lien,${future},A,B,100`,
    ].join('\n'));
    expect(imported).toMatchObject({ row_count: 4, accepted_count: 1, refused_count: 3 });
    expect(imported.refused).toEqual([
      { row: 2, errors: [`document ${doc} repeats row 1`] },
      { row: 3, errors: ['county "Nowhere County" is not a California county'] },
      { row: 4, errors: [`recorded_at ${future} is after today`] },
    ]);
  });

  it('texts the alert to the member’s phone as well', async () => {
    const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const sign = await signUpWithOutboxCodes(t, { full_name: 'Wei Chen', email: `wei-${randomUUID().slice(0, 8)}@example.test`, phone, password: 'correct horse battery staple 9', role: 'Customer' });
    await signedUpWith(t, sign.user.id, ['membership'], ['face_signature', 'mailing_address']);
    await protectProperty(t, sign.user.id, OTHER_PROPERTY);
    const other = await propertyData().findById(OTHER_PROPERTY);
    await importCsv(t, [CSV_HEADER, `2026-${Math.floor(Math.random() * 1e7)},Los Angeles,${other?.apn},lien,${today()},Coastline Roofing Inc.,Wei Chen,1250000`].join('\n'));
    const texts = await waitFor(async () => {
      const m = (await outboxOf(t, phone)).filter((x) => x.channel === 'sms' && x.text.includes('Equity Protect'));
      return m.length > 0 ? m : undefined;
    }, { what: 'the alert text message' });
    expect(texts[0]?.text).toContain('a lien was recorded');
  });

  it('lets the member answer; "I don’t recognize this" opens a case Super Admins see at once, closed with a reason; history from the events', async () => {
    const member = `acct-${randomUUID()}`;
    const stranger = `acct-${randomUUID()}`;
    await protectProperty(t, member, PROPERTY);
    const docs = [`2026-${Math.floor(Math.random() * 1e7)}`, `2026-${Math.floor(Math.random() * 1e7)}`];
    await importCsv(t, [CSV_HEADER, ...docs.map((d) => `${d},Los Angeles,0165-307-174,deed_of_trust,${today()},Pat Member,Pacific Coast Bank,45000000`)].join('\n'));
    const alerts = (await alertsOf(t, member, 2)).filter((a) => docs.includes(a.recording.document_number));
    expect(alerts).toHaveLength(2);
    const [mine, fraud] = alerts as [AlertView, AlertView];
    const owner = await bearer(t, member);
    const other = await bearer(t, stranger);

    // Another member: 404 on every alert route, as for an alert that does not exist; the Super Admin sees but does not answer for the member (403).
    for (const path of [`/equity/alerts/${fraud.alert_id}`, `/equity/alerts/${fraud.alert_id}/history`]) expect((await get(path, other)).json()).toMatchObject({ code: 'ALERT_NOT_FOUND' });
    for (const [path, body] of [[`/equity/alerts/${fraud.alert_id}/confirm`, {}], [`/equity/alerts/${fraud.alert_id}/report`, {}], [`/equity/alerts/${fraud.alert_id}/steps`, { step: 'call_recorder', done: true }]] as const) {
      expect((await post(path, body, other)).statusCode).toBe(404);
      expect((await post(path, body, await admin())).statusCode).toBe(403);
    }
    expect((await get(`/equity/enrollments/${mine.enrollment_id}`, other)).json()).toMatchObject({ code: 'ENROLLMENT_NOT_FOUND' });
    expect((await post(`/equity/enrollments/${mine.enrollment_id}/cancel`, {}, other)).statusCode).toBe(404);
    expect((await get('/equity/alerts/mine', other)).json().data.total).toBe(0);
    expect((await get(`/equity/alerts/${randomUUID()}`, owner)).statusCode).toBe(404);
    expect((await get('/equity/alerts/not-a-uuid', owner)).statusCode).toBe(400);

    const strangerSocket = await openAs('Customer', stranger);
    const adminSocket = await openAs('Super Admin', 'test-super-admin');
    expect((await follow(await openAs('Customer', member), `equity-alert:${fraud.alert_id}`)).ok).toBe(true);
    // Another member's alert answers exactly as an id nobody used (nothing is learnt from it).
    expect(await follow(strangerSocket, `equity-alert:${fraud.alert_id}`)).toEqual(await follow(strangerSocket, `equity-alert:${randomUUID()}`));
    const adminSeen: AlertView[] = [];
    adminSocket.on(EQUITY_ALERT_UPDATED_MESSAGE, (view: AlertView) => adminSeen.push(view));

    const confirmed = await post(`/equity/alerts/${mine.alert_id}/confirm`, {}, owner);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.status).toBe('confirmed');
    const twice = await post(`/equity/alerts/${mine.alert_id}/confirm`, {}, owner);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('answered this alert already');

    const reported = await post(`/equity/alerts/${fraud.alert_id}/report`, { note: 'We never took a second loan.' }, owner);
    expect(reported.statusCode).toBe(200);
    expect(reported.json().data).toMatchObject({ status: 'disputed', case: { note: 'We never took a second loan.', closed_at: null } });
    expect(reported.json().data.case.steps).toHaveLength(5);
    await waitFor(async () => (adminSeen.some((v) => v.alert_id === fraud.alert_id && v.status === 'disputed') ? true : undefined), { what: 'the case pushed to Super Admins' });
    const queue = (await get('/admin/equity/alerts?cases_only=true&status=disputed', await admin())).json().data.items as AlertView[];
    expect(queue.some((a) => a.alert_id === fraud.alert_id)).toBe(true);

    expect((await post(`/equity/alerts/${fraud.alert_id}/steps`, { step: 'police_report', done: true }, owner)).json().data.case.steps).toContainEqual({ step: 'police_report', done: true });
    expect((await post(`/equity/alerts/${fraud.alert_id}/steps`, { step: 'nope', done: true }, owner)).statusCode).toBe(400);
    expect((await post(`/admin/equity/alerts/${fraud.alert_id}/close`, { outcome: 'fraud_stopped', resolution: 'ok' }, owner)).statusCode).toBe(403);
    expect((await post(`/admin/equity/alerts/${fraud.alert_id}/close`, { outcome: 'fraud_stopped', resolution: '' }, await admin())).statusCode).toBe(400);
    expect((await post(`/admin/equity/alerts/${fraud.alert_id}/close`, { resolution: 'No outcome chosen' }, await admin())).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const closed = await post(`/admin/equity/alerts/${fraud.alert_id}/close`, { outcome: 'fraud_stopped', resolution: 'The lender confirmed the deed of trust was forged; the recorder voided it.' }, await admin());
    expect(closed.json().data).toMatchObject({ status: 'resolved', case: { outcome: 'fraud_stopped' } });
    expect((await post(`/equity/alerts/${fraud.alert_id}/steps`, { step: 'tell_lender', done: true }, owner)).statusCode).toBe(409);

    const history = (await get(`/equity/alerts/${fraud.alert_id}/history`, owner)).json().data.items as { event_type: string; summary: string; by: string }[];
    expect(history.map((h) => h.event_type)).toEqual(['EquityAlertRaised', 'EquityFraudCaseOpened', 'EquityCaseStepChecked', 'EquityFraudCaseClosed']);
    expect(history[1]).toMatchObject({ by: member });
    expect(history[3]?.summary).toContain('voided');
    expect((await get(`/equity/alerts/${fraud.alert_id}/history`, await admin())).statusCode).toBe(200);
  });

  it('alerts only on recordings from the protection’s start (30 days back) while it runs; a refund ends it; protecting again is paid again', async () => {
    const member = `acct-${randomUUID()}`;
    const parcel = await propertyData().findById('ca-lax-00003');
    const enrolment = await protectProperty(t, member, 'ca-lax-00003');
    const row = (doc: string, day: string) => `${doc},${parcel?.county},${parcel?.apn},grant_deed,${day},Pat Member,Someone Else,90000000`;
    const old = `2019-${Math.floor(Math.random() * 1e7)}`;
    const recent = `2026-${Math.floor(Math.random() * 1e7)}`;
    const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    await importCsv(t, [CSV_HEADER, row(old, '2019-05-01'), row(recent, monthAgo)].join('\n'));
    expect((await alertsOf(t, member, 1)).map((a) => a.recording.document_number)).toEqual([recent]);

    // A year and a day later the protection has run out: nothing is raised.
    const realClock = t.platform.clock;
    const later = new Date(Date.now() + 366 * 86_400_000);
    t.platform.clock = () => later;
    try {
      await importCsv(t, [CSV_HEADER, row(`2027-${Math.floor(Math.random() * 1e7)}`, later.toISOString().slice(0, 10))].join('\n'));
    } finally {
      t.platform.clock = realClock;
    }
    expect(await alertsOf(t, member)).toHaveLength(1);

    // A Super Admin refunds the payment and chooses to end it: the protection ends; protecting again takes a new payment.
    const refunded = await post(`/admin/payments/${enrolment.checkout_id}/refund`, { reason: 'Member asked', service: 'end' }, await admin());
    expect(refunded.statusCode).toBe(200);
    await waitFor(async () => ((await get(`/equity/enrollments/${enrolment.enrollment_id}`, await bearer(t, member))).json().data.status === 'cancelled' ? true : undefined), { what: 'the protection ended by the refund' });
    const again = await enrolProperty(t, member, 'ca-lax-00003');
    expect(again).toMatchObject({ enrollment_id: enrolment.enrollment_id, status: 'awaiting_payment' });
    expect((await payEnrolment(t, member, again.enrollment_id)).status).toBe(200);
    // Protected again, as the read model the sample generator picks the latest protected property from shows it.
    await waitFor(async () => ((await t.platform.documents.get('equity_enrolments', enrolment.enrollment_id))?.status === 'active' ? true : undefined), { what: 'protected again' });

    // Sample recordings (a demo) raise alerts marked as samples, which send nothing.
    const sample = await post('/admin/equity/imports/sample', { count: 3, on_protected: 1 }, await admin());
    expect(sample.statusCode).toBe(201);
    const flagged = await waitFor(async () => {
      const list = (await alertsOf(t, member)).filter((a) => a.sample);
      return list.length > 0 ? list : undefined;
    }, { what: 'the sample alert' });
    expect(flagged[0]?.property.property_id).toBe('ca-lax-00003');
  });

  it('lets a member protect a property again once its year has run out, paid again at today’s price', async () => {
    const member = `acct-${randomUUID()}`;
    const enrolment = await protectProperty(t, member, 'ca-lax-00004');
    const same = await enrolProperty(t, member, 'ca-lax-00004');
    expect(same).toMatchObject({ enrollment_id: enrolment.enrollment_id, status: 'active', protected_until: enrolment.protected_until });

    const realClock = t.platform.clock;
    const later = new Date(Date.now() + 366 * 86_400_000);
    t.platform.clock = () => later;
    try {
      const again = await enrolProperty(t, member, 'ca-lax-00004');
      expect(again).toMatchObject({ enrollment_id: enrolment.enrollment_id, status: 'awaiting_payment', price_cents: 9_900 });
      expect((await payEnrolment(t, member, again.enrollment_id)).status).toBe(200);
      const renewed = await waitFor(async () => {
        const view = (await get(`/equity/enrollments/${enrolment.enrollment_id}`, await bearer(t, member))).json().data as EnrolmentView;
        return view.status === 'active' ? view : undefined;
      }, { what: 'protected for another year' });
      expect(Date.parse(String(renewed.protected_until))).toBeGreaterThan(later.getTime() + 364 * 86_400_000);
    } finally {
      t.platform.clock = realClock;
    }
  });

  it('resumes a protection the member stopped, free, until its paid year ends', async () => {
    const member = `acct-${randomUUID()}`;
    const enrolment = await protectProperty(t, member, 'ca-lax-00008');
    const stopped = await post(`/equity/enrollments/${enrolment.enrollment_id}/cancel`, {}, await bearer(t, member));
    expect(stopped.json().data.status).toBe('cancelled');
    const again = await enrolProperty(t, member, 'ca-lax-00008');
    expect(again).toMatchObject({ enrollment_id: enrolment.enrollment_id, status: 'active', protected_until: enrolment.protected_until });
    expect((await payEnrolment(t, member, enrolment.enrollment_id)).status).toBe(409); // nothing to pay
  });

  it('tells the member once, 30 days before, that a year of protection ends, and not before', async () => {
    const email = `ending-${randomUUID().slice(0, 8)}@example.test`;
    const sign = await signUpWithOutboxCodes(t, { full_name: 'Ana Ruiz', email, phone: `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, password: 'correct horse battery staple 9', role: 'Customer' });
    await signedUpWith(t, sign.user.id, ['membership'], ['face_signature', 'mailing_address']);
    const enrolment = await protectProperty(t, sign.user.id, 'ca-lax-00006');
    const endingMails = async () => (await outboxOf(t, email)).filter((m) => (m.subject ?? '').startsWith('Your Equity Protect for'));
    const realClock = t.platform.clock;
    const at = (days: number) => new Date(Date.parse(String(enrolment.protected_until)) - days * 86_400_000);
    try {
      t.platform.clock = () => at(31);
      expect(await noticeEndingProtections(t.platform)).toBe(0);
      t.platform.clock = () => at(29);
      expect(await noticeEndingProtections(t.platform)).toBeGreaterThanOrEqual(1);
      await noticeEndingProtections(t.platform); // the next look, maybe before the read model has the first: no second email
      const mails = await waitFor(async () => ((await endingMails()).length > 0 ? endingMails() : undefined), { what: 'the protection-ending email' });
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain('ends on');
      expect(mails[0]?.text).toContain('Protect again');
      await waitFor(async () => ((await t.platform.documents.get('equity_enrolments', enrolment.enrollment_id))?.ending_noticed === true ? true : undefined), { what: 'the notice in the read model' });
      expect(await noticeEndingProtections(t.platform)).toBe(0);
    } finally {
      t.platform.clock = realClock;
    }
    expect(await endingMails()).toHaveLength(1);
  });

  it('keeps the admin lists to Super Admins (a Provider Admin sees no other provider’s members) and refuses bad imports', async () => {
    expect((await get('/admin/equity/enrollments', await bearer(t, 'c1'))).statusCode).toBe(403);
    expect((await get('/admin/equity/alerts', await bearer(t, 'c1'))).statusCode).toBe(403);
    const provider = { authorization: `Bearer ${await t.signInAs('Provider Admin', 'pa-1')}` };
    expect((await get('/admin/equity/enrollments', provider)).json().data).toMatchObject({ items: [], total: 0 });
    expect((await get('/admin/equity/imports', provider)).statusCode).toBe(403);
    const all = (await get('/admin/equity/enrollments?status=active', await admin())).json().data;
    expect(all.total).toBeGreaterThan(0);
    expect((await get('/admin/equity/enrollments?from=2026-02-01&to=2026-01-01', await admin())).statusCode).toBe(400);

    const bad = async (payload: unknown) => post('/admin/equity/imports', payload, await admin());
    expect((await bad({ file_name: 'x.csv', format: 'csv', data: Buffer.from('a,b\n1,2').toString('base64') })).json()).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
    expect((await bad({ file_name: 'x.csv', format: 'csv', data: Buffer.from(CSV_HEADER).toString('base64') })).json()).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
    expect((await bad({ file_name: 'x.csv', format: 'csv', data: Buffer.from([0x50, 0x4b, 0, 1]).toString('base64') })).statusCode).toBe(400);
    expect((await bad({ file_name: 'x.csv', format: 'xml', data: 'AAAA' })).statusCode).toBe(400);
    expect((await bad({ file_name: 'x.csv', format: 'csv', data: '!!!' })).statusCode).toBe(400);
    const jsonl = await bad({ file_name: 'x.jsonl', format: 'jsonl', data: Buffer.from('{"document_number":"2026-9","county":"Kern","apn":"123-456-78","document_type":"lien","recorded_at":"2026-01-02","grantor":"A","grantee":"B"}\nnot json\n[1]').toString('base64') });
    expect(jsonl.statusCode).toBe(201);
    expect(jsonl.json().data).toMatchObject({ accepted_count: 1, refused_count: 2 });

    const sample = await post('/admin/equity/imports/sample', { count: 50, on_protected: 1 }, await admin());
    expect(sample.statusCode).toBe(201);
    expect(sample.json().data).toMatchObject({ source: 'sample', accepted_count: 50, refused_count: 0 });
    expect((await post('/admin/equity/imports/sample', { count: 0 }, await admin())).statusCode).toBe(400);
  });
});
