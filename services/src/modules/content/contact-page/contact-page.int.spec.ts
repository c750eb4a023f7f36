import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactDetails } from '@acpg/contracts/content';
import { useTestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { INITIAL_CONTACT_DETAILS, seedContactPage } from './commands.ts';
import { CONTACT_PAGE_STREAM } from './decider.ts';

describe('contact page', () => {
  const t = useTestApp();
  let admin: string;
  beforeAll(async () => {
    admin = await t.signInAs('Super Admin', 'admin-1');
  });

  const read = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/cms/contact-page' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: ContactDetails }).data;
  };
  const save = (details: unknown, token: string | null = admin) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/cms/contact-page',
      payload: details as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const details: ContactDetails = { phone: '+1 415 555 0123', email: 'care@example.org', address: '9 Ocean Avenue, San Francisco, CA', hours: 'Every day, 8 am to 8 pm' };

  it('is seeded once: the public read shows the initial details, and seeding again adds nothing', async () => {
    expect(await read()).toEqual(INITIAL_CONTACT_DETAILS);
    const before = await t.platform.eventStore.readStream(CONTACT_PAGE_STREAM);
    expect(before).toHaveLength(1);
    await seedContactPage(t.platform);
    expect(await t.platform.eventStore.readStream(CONTACT_PAGE_STREAM)).toHaveLength(1);
  });

  it('lets a Super Admin save new details; the public read shows them once projected', async () => {
    const res = await save(details);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: details, message: 'Contact details saved.' });
    await waitFor(async () => (await read()).email === details.email, { what: 'the read model to show the saved details' });
    expect(await read()).toEqual(details);
    const stream = await t.platform.eventStore.readStream(CONTACT_PAGE_STREAM);
    expect(stream.at(-1)).toMatchObject({ type: 'ContactDetailsUpdated', actor: 'admin-1' });
  });

  it('adds no event when the same details are saved again', async () => {
    const before = (await t.platform.eventStore.readStream(CONTACT_PAGE_STREAM)).length;
    expect((await save(details)).statusCode).toBe(200);
    expect(await t.platform.eventStore.readStream(CONTACT_PAGE_STREAM)).toHaveLength(before);
  });

  it('refuses invalid details with 400 and field errors', async () => {
    const res = await save({ ...details, email: 'not-an-email', phone: '1' });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; errors: { path: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((e) => e.path).sort()).toEqual(['email', 'phone']);
  });

  it('refuses to save without a token (401) and for a Customer (403)', async () => {
    expect((await save(details, null)).statusCode).toBe(401);
    expect((await save(details, await t.signInAs('Customer'))).statusCode).toBe(403);
  });

  it('answers 409 when someone else saved between loading and appending', async () => {
    const store = t.platform.eventStore;
    const readStream = store.readStream.bind(store);
    // The handler loads the stream; a concurrent save lands before it appends.
    store.readStream = async (stream, from) => {
      const history = await readStream(stream, from);
      if (stream !== CONTACT_PAGE_STREAM) return history; // the sign-in's session check reads its own stream first
      store.readStream = readStream;
      await store.append(CONTACT_PAGE_STREAM, history.at(-1)?.version ?? 0, [
        { id: t.platform.newId(), type: 'ContactDetailsUpdated', data: { ...details, hours: 'Concurrent', updated_at: new Date().toISOString() }, occurredAt: new Date().toISOString(), actor: 'other-admin', correlationId: 'c', causationId: null },
      ]);
      return history;
    };
    try {
      const res = await save({ ...details, hours: 'Mine, a bit later' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    } finally {
      store.readStream = readStream;
    }
    const last = (await t.platform.eventStore.readStream(CONTACT_PAGE_STREAM)).at(-1);
    expect((last?.data as ContactDetails).hours).toBe('Concurrent');
  });
});

describe('contact page before its read model is projected', () => {
  const t = useTestApp();

  it('answers from the stream', async () => {
    // Projected once (the checkpoint moves on), then dropped: the read model lacks what the stream holds.
    await waitFor(() => t.platform.documents.get('contact_page', 'contact-page'), { what: 'the seed to be projected' });
    await t.platform.documents.drop('contact_page');
    expect(await t.platform.documents.get('contact_page', 'contact-page')).toBeNull();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/cms/contact-page' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: ContactDetails }).data).toEqual(INITIAL_CONTACT_DETAILS);
  });
});
