import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, may, type Capability } from '@acpg/contracts/role-permissions';
import type { RoleName } from '@acpg/contracts/role-names';
import { apiRoutesOf } from '../src/platform/http/route-inventory.ts';
import { registerAccount } from './accounts.ts';
import { useTestApp } from './harness.ts';
import { HOSTILE_SEED, hostileRequestsFor } from './hostile-input.ts';
import { accountingGaps, BODIES, inventoryOf, WRITES_ON_REFUSAL } from './operation-inventory.ts';

/**
 * Issue 23 item 5: hostile input to every operation of the OpenAPI document, generated (`hostile-input.ts`, fast-check
 * with a fixed seed), as a caller who may call it (anonymous for a public operation, a Customer for a member's, a
 * Super Admin for an admin's, a Provider Admin for its own): malformed JSON, wrong content types and charsets, a body
 * over the route's limit (413), JSON nested 10,000 deep (whole and in each field), type-confused fields, huge strings,
 * `__proto__` keys, hostile query values, path ids that are no ids (traversal, NUL, broken escapes, too long), HEAD and
 * OPTIONS. Never a 5xx; every refusal in the error envelope; a refused request appends no event (none carries its
 * request id as correlation, which every command sent by a request and every reaction to its events carries on), but
 * for the few operations in `WRITES_ON_REFUSAL`. The issue-7/8/9/10 and reimbursement hostile suites keep only their
 * domain-specific checks.
 */
const t = useTestApp({ CAPTCHA_COST: '1' });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const callerOf = async (role: RoleName) => {
  const id = randomUUID();
  await registerAccount(t, id, { email: `hostile-${id}@example.test`, full_name: `${role} Hostile`, roles: [role] });
  return bearer(await t.signInAs(role, id));
};

const envelopeOf = (body: string): boolean => {
  try {
    const parsed = JSON.parse(body) as { success?: unknown; message?: unknown; code?: unknown };
    return parsed.success === false && typeof parsed.message === 'string' && typeof parsed.code === 'string';
  } catch {
    return false;
  }
};

describe('hostile input to every operation of the OpenAPI document (generated, seed ' + HOSTILE_SEED + ')', () => {
  it('never a 5xx, every refusal in the error envelope, nothing written by a refused request', async () => {
    const { doc, all, ops } = await inventoryOf(t);
    expect(accountingGaps(all)).toEqual([]);
    const [member, superAdmin, providerAdmin] = [await callerOf('Customer'), await callerOf('Super Admin'), await callerOf('Provider Admin')];
    const headersFor = (capability: string | undefined) => {
      if (!capability) return {};
      if (may(MEMBER_ROLES, capability as Capability) && may(['Customer'], capability as Capability)) return member;
      if (may(['Super Admin'], capability as Capability)) return superAdmin;
      return providerAdmin;
    };
    const limits = new Map(apiRoutesOf(t.app).map((route) => [`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`, route.bodyLimit]));

    const start = await t.platform.eventStore.headPosition();
    const refused = new Map<string, string>();
    const violations: string[] = [];
    let calls = 0;
    for (const op of ops) {
      for (const request of hostileRequestsFor(op, doc, { headers: headersFor(op.capability), bodyLimit: limits.get(op.key), bodies: BODIES })) {
        calls += 1;
        const requestId = `hostile-${calls}`;
        const response = await t.app.inject({
          method: request.method,
          url: request.url,
          headers: { ...request.headers, 'x-request-id': requestId },
          remoteAddress: `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        const where = `${op.key} with ${request.what}`;
        if (response.statusCode >= 500) violations.push(`${where}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        else if (request.statuses && !request.statuses.includes(response.statusCode)) violations.push(`${where}: ${response.statusCode}, not ${request.statuses.join(' or ')}: ${response.body.slice(0, 300)}`);
        if (request.bare) continue;
        if (response.statusCode >= 400 && response.statusCode < 500) {
          if (!envelopeOf(response.body)) violations.push(`${where}: ${response.statusCode} not in the error envelope: ${response.body.slice(0, 300)}`);
          if (!Object.hasOwn(WRITES_ON_REFUSAL, op.key)) refused.set(requestId, where);
        }
      }
    }
    // What the refused requests wrote (but the operations that write on refusal by design): any event carrying one's request id (its command's or a reaction's to it).
    const written = await t.platform.eventStore.readAll({ after: start, limit: 100_000 });
    for (const event of written) {
      const where = refused.get(event.correlationId);
      if (where) violations.push(`${where}: refused, yet wrote ${event.type} on ${event.stream}`);
    }
    console.info(`hostile input: ${calls} requests to ${ops.length} operations, ${refused.size} refused`);
    expect(violations, violations.join('\n')).toEqual([]);
    expect(ops.length).toBeGreaterThan(150);
    expect(refused.size).toBeGreaterThan(ops.length);
  }, 120_000);

  it('sees a request\'s writes by its request id (what the check above reads): an accepted interaction is found', async () => {
    const start = await t.platform.eventStore.headPosition();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-interaction/store',
      headers: { 'x-request-id': 'hostile-self-check' },
      payload: { page_name: 'home', button_name: 'hostile-self-check' },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const written = await t.platform.eventStore.readAll({ after: start, limit: 100 });
    expect(written.map((event) => event.correlationId)).toContain('hostile-self-check');
  });
});
