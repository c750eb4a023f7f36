import type { Role } from '@acpg/contracts/roles';
import type { TestApp } from './harness.ts';

export type Headers = Record<string, string>;

/**
 * Calls into `/api/v1` of a running test app (`app()` once it has started): `as(role, id)` signs in a synthetic user
 * and answers its headers; `get` and `post` inject with those headers (a `post` without a payload sends no body).
 */
export const apiClient = (app: () => Pick<TestApp, 'app' | 'signInAs'>) => ({
  as: async (role: Role, id: string): Promise<{ authorization: string }> => ({ authorization: `Bearer ${await app().signInAs(role, id)}` }),
  get: async (url: string, headers: Headers = {}) => app().app.inject({ method: 'GET', url: `/api/v1${url}`, headers }),
  post: async (url: string, payload: unknown, headers: Headers = {}) =>
    app().app.inject({ method: 'POST', url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers }),
});
