import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

describe('GET /api/v1/states', () => {
  const t = useTestApp();

  it('lists the 50 states publicly, with two-letter codes and without DC', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/states' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; data: { code: string; name: string }[] };
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(50);
    expect(new Set(body.data.map((s) => s.code)).size).toBe(50);
    expect(body.data.every((s) => /^[A-Z]{2}$/.test(s.code))).toBe(true);
    expect(body.data.map((s) => s.code)).not.toContain('DC');
    expect(body.data.map((s) => s.name)).not.toContain('District of Columbia');
    expect(body.data).toContainEqual({ code: 'CA', name: 'California' });
  });
});
