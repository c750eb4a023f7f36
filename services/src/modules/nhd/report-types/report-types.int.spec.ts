import { describe, expect, it } from 'vitest';
import { ReportTypeList } from '@acpg/contracts/nhd';
import { useTestApp } from '../../../../test/harness.ts';
import { REPORT_TYPES_COLLECTION } from './projection.ts';

describe('report types from the read model nhd_report_types', () => {
  const t = useTestApp();

  const admin = async () => ({ authorization: `Bearer ${await t.signInAs('Super Admin')}` });
  const list = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return ReportTypeList.parse(response.json().data).items;
  };

  it('lists the seeded types by code at once after the start, from one document per code', async () => {
    expect((await list('/nhd/report-types')).map((type) => type.code)).toEqual([0, 1, 2]);
    expect((await t.platform.documents.find(REPORT_TYPES_COLLECTION)).map((doc) => doc._id).sort()).toEqual(['0', '1', '2']);
  });

  it('shows a saved change in the very next list: a new inactive code to Super Admins only, then active to everyone', async () => {
    const body = { name: 'Read model type', description: 'Defined by a test', price_cents: 2_500, is_active: false };
    const put = (is_active: boolean) => t.app.inject({ method: 'PUT', url: '/api/v1/admin/nhd/report-types/9', payload: { ...body, is_active }, headers: {} });
    const headers = await admin();
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/nhd/report-types/9', payload: body, headers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await list('/admin/nhd/report-types', headers)).map((type) => type.code)).toEqual([0, 1, 2, 9]);
    expect((await list('/nhd/report-types')).map((type) => type.code)).toEqual([0, 1, 2]);
    expect((await put(true)).statusCode).toBe(401);
    const active = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/nhd/report-types/9', payload: { ...body, is_active: true }, headers });
    expect(active.statusCode, active.body).toBe(200);
    expect((await list('/nhd/report-types')).at(-1)).toEqual({ code: 9, ...body, is_active: true });
  });
});
