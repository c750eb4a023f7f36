import type { FastifyRequest } from 'fastify';
import { CAPABILITIES, may } from '@acpg/contracts/role-permissions';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { AccessCheck, Principal, RouteAuth, TokenService } from './port.ts';

export interface AuthGuardOptions {
  tokens: TokenService;
  /** Every module's check of a verified token (the session version): one false refuses it (401). */
  checks?: readonly AccessCheck[];
}

/** Routes under this prefix must declare `config.auth`; others (the web app, static files) need not. */
const GUARDED_PREFIX = '/api/';

const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
};

/** Whether a role of the caller has the route's capability (the role table of `@acpg/contracts/role-permissions`). */
export const allows = (auth: Exclude<RouteAuth, 'public'>, principal: Principal): boolean => may(principal.roles, auth.capability);

const declaresAuth = (auth: unknown): auth is RouteAuth =>
  auth === 'public' || (typeof auth === 'object' && auth !== null && Object.hasOwn(CAPABILITIES, (auth as { capability?: unknown }).capability as string));

/**
 * The server-side enforcement of roles (the menu is not a security boundary):
 * - refuses to register a route under /api/ that does not declare `config.auth`;
 * - sets `request.principal` from a valid Bearer token (null otherwise, also on public routes);
 * - answers 401 on a non-public route without a valid token and 403 when no role of the caller has the route's capability.
 * Register it before any route (it is not encapsulated, so its hooks reach every plugin registered after it).
 */
export const authGuard = fp<AuthGuardOptions>(
  async (app, { tokens, checks = [] }) => {
    /** A token whose signature holds but whose session is over (signed out, password reset, contact changed) is refused. */
    const verify = async (token: string): Promise<Principal> => {
      const principal = await tokens.verifyAccessToken(token);
      for (const check of checks) {
        if (!(await check(principal))) throw unauthorized('Your session has ended. Sign in again.');
      }
      return principal;
    };

    app.decorateRequest('principal', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(GUARDED_PREFIX)) return;
      const auth = route.config?.auth;
      if (!declaresAuth(auth)) {
        const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
        throw new Error(`Route ${methods} ${route.url} declares no config.auth ('public' or { capability } of the role table)`);
      }
    });

    app.addHook('onRequest', async (request) => {
      // No matched route (404) has no config: let the not-found handler answer.
      const auth = request.routeOptions.config?.auth;
      const token = bearerToken(request);
      if (auth === undefined || auth === 'public') {
        if (token) request.principal = await verify(token).catch(() => null);
        return;
      }
      if (!token) throw unauthorized();
      request.principal = await verify(token);
      if (!allows(auth, request.principal)) throw forbidden();
    });
  },
  { name: 'auth-guard', fastify: '5.x' },
);
