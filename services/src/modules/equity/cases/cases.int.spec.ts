import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AlertView, CaseContact } from '@acpg/contracts/equity';
import { alertsOf, bearer, CSV_HEADER, importCsv, protectProperty } from '../../../../test/equity.ts';
import { registerAccount } from '../../../../test/accounts.ts';
import { apiClient } from '../../../../test/api.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';

const PROPERTY = 'ca-lax-00001';
const today = () => new Date().toISOString().slice(0, 10);

/** The Super Admins' side of a fraud case: notes, an owner, the member's contact details, resolving with an outcome. */
describe('Equity Protect fraud cases', () => {
  const t = useTestApp({ DEV_OUTBOX: 'true' });
  const { get, post } = apiClient(() => t);

  it('keeps notes (who and when), an owner among the Super Admins, the member’s contact, and resolves with an outcome', async () => {
    const tag = randomUUID().slice(0, 8);
    const member = `acct-${randomUUID()}`;
    const ownerAdmin = `admin-${randomUUID()}`;
    const writer = `admin-${randomUUID()}`;
    await registerAccount(t, member, { email: `morgan.${tag}@example.test`, full_name: `Morgan Lee ${tag}`, phone_masked: '+1415*******' });
    await registerAccount(t, ownerAdmin, { email: `ops.${tag}@example.test`, full_name: `Avery Ops ${tag}`, roles: ['Super Admin'] });
    await protectProperty(t, member, PROPERTY);
    const doc = `2026-${Math.floor(Math.random() * 1e7)}`;
    await importCsv(t, [CSV_HEADER, `${doc},Los Angeles,0165-307-174,grant_deed,${today()},Morgan Lee,Unknown Buyer LLC,`].join('\n'));
    const alert = (await alertsOf(t, member, 1)).find((a) => a.recording.document_number === doc);
    if (!alert) throw new Error('no alert raised');
    const id = alert.alert_id;
    const admin = await bearer(t, writer, 'Super Admin');
    const memberHeaders = await bearer(t, member);

    // Before the member reports it there is no case: notes and owners are refused, changing nothing.
    const early = await post(`/admin/equity/alerts/${id}/notes`, { note: 'Too early' }, admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('open fraud case');
    expect((await post(`/equity/alerts/${id}/report`, { note: 'Not us' }, memberHeaders)).statusCode).toBe(200);

    // The member's contact details, from equity's own copy of identity's events.
    const contact = await get(`/admin/equity/alerts/${id}/contact`, admin);
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json().data as CaseContact).toEqual({ account_id: member, full_name: `Morgan Lee ${tag}`, email: `morgan.${tag}@example.test`, phone_masked: '+1415*******' });
    expect((await get(`/admin/equity/alerts/${id}/contact`, memberHeaders)).statusCode).toBe(403);
    expect((await get(`/admin/equity/alerts/${randomUUID()}/contact`, admin)).json()).toMatchObject({ code: 'ALERT_NOT_FOUND' });

    // Notes are only ever added, each with who and when; bad input is refused and changes nothing.
    const first = await post(`/admin/equity/alerts/${id}/notes`, { note: 'Called the county recorder.' }, admin);
    expect(first.statusCode, first.body).toBe(200);
    expect((await post(`/admin/equity/alerts/${id}/notes`, { note: '  Lender confirms no new loan.  ' }, admin)).statusCode).toBe(200);
    const notes = (await get(`/admin/equity/alerts/${id}/notes`, admin)).json().data.items as { note: string; by: string; at: string }[];
    expect(notes.map((n) => [n.note, n.by])).toEqual([['Called the county recorder.', writer], ['Lender confirms no new loan.', writer]]);
    expect(notes.every((n) => !Number.isNaN(Date.parse(n.at)))).toBe(true);
    const before = await t.platform.eventStore.headPosition();
    expect((await post(`/admin/equity/alerts/${id}/notes`, { note: '   ' }, admin)).statusCode).toBe(400);
    expect((await post(`/admin/equity/alerts/${id}/notes`, { note: 'x'.repeat(2001) }, admin)).statusCode).toBe(400);
    expect((await post(`/admin/equity/alerts/${id}/notes`, { note: 'Member writing' }, memberHeaders)).statusCode).toBe(403);

    // The owner is a Super Admin from the list; anyone else is refused.
    const owners = (await get('/admin/equity/case-owners', admin)).json().data.items as { account_id: string; full_name: string }[];
    expect(owners).toContainEqual({ account_id: ownerAdmin, full_name: `Avery Ops ${tag}` });
    expect(owners.some((o) => o.account_id === member)).toBe(false);
    const notAdmin = await post(`/admin/equity/alerts/${id}/owner`, { owner_id: member }, admin);
    expect(notAdmin.json()).toMatchObject({ code: 'CASE_OWNER_NOT_ADMIN' });
    expect((await post(`/admin/equity/alerts/${id}/owner`, { owner_id: '' }, admin)).statusCode).toBe(400);
    expect(await t.platform.eventStore.headPosition()).toBe(before);
    const owned = await post(`/admin/equity/alerts/${id}/owner`, { owner_id: ownerAdmin }, admin);
    expect(owned.statusCode, owned.body).toBe(200);
    expect((owned.json().data as AlertView).case?.owner_id).toBe(ownerAdmin);
    expect(owned.json().message).toContain(`Avery Ops ${tag}`);

    // Resolving needs an outcome; then the case is closed to notes, and the member sees the outcome.
    expect((await post(`/admin/equity/alerts/${id}/close`, { resolution: 'Voided' }, admin)).statusCode).toBe(400);
    const resolved = await post(`/admin/equity/alerts/${id}/close`, { outcome: 'fraud_stopped', resolution: 'The recorder voided the deed.' }, admin);
    expect(resolved.json().data).toMatchObject({ status: 'resolved', case: { outcome: 'fraud_stopped', resolution: 'The recorder voided the deed.', owner_id: ownerAdmin } });
    expect((await post(`/admin/equity/alerts/${id}/notes`, { note: 'After the end' }, admin)).statusCode).toBe(409);
    // The member sees the outcome, never the admins' notes.
    const seen = await get(`/equity/alerts/${id}`, memberHeaders);
    expect(seen.json().data.case).toMatchObject({ outcome: 'fraud_stopped' });
    expect(seen.body).not.toContain('Called the county recorder.');
    expect((await get(`/admin/equity/alerts/${id}/notes`, memberHeaders)).statusCode).toBe(403);
    expect((await get(`/admin/equity/alerts/${id}/notes`, admin)).json().data.items).toHaveLength(2);

    const history = (await get(`/equity/alerts/${id}/history`, admin)).json().data.items as { event_type: string; summary: string }[];
    expect(history.map((h) => h.event_type)).toEqual(['EquityAlertRaised', 'EquityFraudCaseOpened', 'EquityCaseNoteAdded', 'EquityCaseNoteAdded', 'EquityCaseAssigned', 'EquityFraudCaseClosed']);
    expect(history.at(-1)?.summary).toBe('Fraud case resolved (Fraud confirmed and stopped): The recorder voided the deed.');
    expect(JSON.stringify(history)).not.toContain('Called the county recorder.');
    await waitFor(async () => {
      const listed = (await get(`/admin/equity/alerts?cases_only=true&status=resolved&q=${doc}`, admin)).json().data.items as AlertView[];
      return listed.find((a) => a.alert_id === id)?.case?.owner_id === ownerAdmin ? true : undefined;
    }, { what: 'the resolved case with its owner in the admin list' });

    // The admin lists find the member by name or email (equity's copy of identity's events).
    const found = async (path: string, q: string) => ((await get(`${path}?q=${encodeURIComponent(q)}&page_size=50`, admin)).json().data.items as { account_id: string }[]).map((r) => r.account_id);
    for (const path of ['/admin/equity/alerts', '/admin/equity/enrollments']) {
      expect(await found(path, `MORGAN LEE ${tag}`)).toEqual([member]);
      expect(await found(path, `morgan.${tag}@example`)).toEqual([member]);
      expect(await found(path, `nobody ${tag}`)).toEqual([]);
    }
    expect(await found('/admin/equity/alerts', doc)).toEqual([member]);
  });
});
