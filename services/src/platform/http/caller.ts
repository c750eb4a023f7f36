import type { Principal } from '../auth/port.ts';
import { unauthorized } from './errors.ts';

/**
 * The caller of a signed-in route (`config.auth` with roles), typed and never null. The auth guard has answered 401
 * already when there is no valid token, so this throws only if a route forgot its `config.auth`: the same 401
 * UNAUTHORIZED "Sign in to continue." the guard answers.
 */
export const callerOf = (request: { principal?: Principal | null }): Principal => {
  if (!request.principal) throw unauthorized();
  return request.principal;
};
