import type { TestApp } from './harness.ts';

/** Saves the contact page (`PUT /admin/cms/contact-page`) as the signed-in `token`; answers the response. */
export const saveContactPage = (t: Pick<TestApp, 'app'>, token: string, details: { phone: string; email: string; address: string; hours: string }) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/admin/cms/contact-page', headers: { authorization: `Bearer ${token}` }, payload: details });
