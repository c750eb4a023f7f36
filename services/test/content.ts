import type { TestApp } from './harness.ts';

/** Saves a content document's draft (`PUT /cms/admin/content/:key/draft`) as the signed-in `token`; answers the response. */
export const saveContentDraft = (t: Pick<TestApp, 'app'>, token: string, key: string, body: unknown, expectedRevision: number) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/cms/admin/content/${key}/draft`, headers: { authorization: `Bearer ${token}` }, payload: { body, expected_revision: expectedRevision } });

/** The editor's view of a content document (`GET /cms/admin/content/:key`). */
export const managedContent = async (t: Pick<TestApp, 'app'>, token: string, key: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/cms/admin/content/${key}`, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`GET content ${key}: ${response.statusCode} ${response.body}`);
  return response.json().data as { revision: number; draft: Record<string, unknown> | null; status: string };
};
