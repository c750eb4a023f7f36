import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '@acpg/contracts/roles';
import type { TestApp } from './harness.ts';

/**
 * What the domain-specific hostile suites (issue7 to issue10, reimbursement) share: calls from fresh addresses, roles,
 * refusals. Every route as every caller and generic malformed input are generated: `authorization-matrix.int.spec.ts`,
 * `hostile-input.int.spec.ts`.
 */
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

/** No 500 and, when not a 2xx, a refusal in the error envelope. */
export const expectNoCrash = (response: { statusCode: number; body: string }, where: string) => {
  expect.soft(response.statusCode, `${where}: ${response.body}`).toBeLessThan(500);
  if (response.statusCode >= 400) expectRefusal(response, where);
};

/** A route of a hostile suite: its method, url and body (when it takes one). */
export interface HostileRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: Record<string, unknown> | undefined;
}

/** The request for `route`, sending `body` (the route's own unless given) when there is one. */
export const requestOf = (route: HostileRoute, body = route.body) => ({ method: route.method, url: route.url, ...(body ? { payload: body } : {}) });

type Headers = Record<string, string>;

/** Calls into the app under test (`app()` once it has started). */
export const hostileClient = (app: () => TestApp) => {
  let ip = 0;
  /** A fresh client address per request, so the per-address rate limits do not hide the route's own answer. */
  const nextIp = () => {
    ip += 1;
    return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
  };
  const call = (options: InjectOptions & { url: string }) => app().app.inject({ remoteAddress: nextIp(), ...options, url: `/api/v1${options.url}` });
  const as = async (role: Role, account = `acct-${randomUUID()}`) => bearer(await app().signInAs(role, account));
  const head = () => app().platform.eventStore.headPosition();
  return {
    call,
    as,
    /** Runs `act` and checks the event log did not grow. */
    unchanged: async (act: () => Promise<void>) => {
      const before = await head();
      await act();
      expect(await head()).toBe(before);
    },
    /**
     * `headers`' call of `route` answers exactly what the same call on `unknownUrl(route.url)` (an id nobody used)
     * answers, with `status` (`expectSameAnswer`). Answers the first answer, for the suite's own checks.
     */
    sameAsUnknown: async (route: HostileRoute, headers: Headers, unknownUrl: (url: string) => string, where: string, status: number) => {
      const theirs = await call({ ...requestOf(route), headers });
      expectSameAnswer(theirs, await call({ ...requestOf(route), url: unknownUrl(route.url), headers }), where, status);
      return theirs;
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
