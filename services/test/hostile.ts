import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '@acpg/contracts/roles';
import type { TestApp } from './harness.ts';

/** What hostile suites (issue9, issue10, reimbursement) share: calls from fresh addresses, roles, refusals. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const label = (r: { method?: string; url: string }, what: string) => `${r.method ?? 'GET'} ${r.url} (${what})`;

/** A 4xx in the error envelope (`success: false`, a message, a code), with one of `statuses` when given. */
export const expectRefusal = (response: { statusCode: number; body: string }, where: string, statuses?: number[]) => {
  expect.soft(response.statusCode, `${where}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect.soft(response.statusCode, `${where}: ${response.body}`).toBeLessThan(500);
  if (statuses) expect.soft(statuses, `${where}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    // not JSON: the envelope assertion below fails with the label
  }
  expect.soft(body, where).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
};

/** Calls into the app under test (`app()` once it has started). */
export const hostileClient = (app: () => TestApp) => {
  let ip = 0;
  /** A fresh client address per request, so the per-address rate limits do not hide the route's own answer. */
  const nextIp = () => {
    ip += 1;
    return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
  };
  return {
    call: (options: InjectOptions & { url: string }) => app().app.inject({ remoteAddress: nextIp(), ...options, url: `/api/v1${options.url}` }),
    as: async (role: Role, account = `acct-${randomUUID()}`) => bearer(await app().signInAs(role, account)),
    /** Runs `act` and checks the event log did not grow. */
    unchanged: async (act: () => Promise<void>) => {
      const before = await app().platform.eventStore.headPosition();
      await act();
      expect(await app().platform.eventStore.headPosition()).toBe(before);
    },
  };
};

/** What a caller can tell two answers apart by: status, code and message (`shared/spec/DECISIONS.md`, "not found"). */
export const answerOf = (response: { statusCode: number; body: string }) => {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    // not JSON: compared as it is
  }
  return { status: response.statusCode, code: body.code ?? null, message: body.message ?? null };
};

/**
 * Another account's id answers exactly what `reference` answers (an id that does not exist, or for a create the
 * caller's own id sent again with other contents): same status, code and message; with `status`, that one.
 */
export const expectSameAnswer = (theirs: { statusCode: number; body: string }, reference: { statusCode: number; body: string }, where: string, status?: number) => {
  expect.soft(answerOf(theirs), `${where}: another account's id is told apart (${theirs.body} vs ${reference.body})`).toEqual(answerOf(reference));
  if (status !== undefined) expect.soft(theirs.statusCode, `${where}: ${theirs.body}`).toBe(status);
};
