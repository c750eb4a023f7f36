import type { Role } from '@acpg/contracts/roles';

/** Who is calling: read from a verified access token. */
export interface Principal {
  userId: string;
  roles: Role[];
}

/** Every route declares who may call it; the auth guard refuses to register a route that does not. */
export type RouteAuth = 'public' | { roles: readonly Role[] | 'any' };

export interface TokenService {
  /** Short-lived EdDSA access token (ACCESS_TOKEN_TTL_SECONDS, 15 min by default). */
  issueAccessToken(principal: Principal): Promise<string>;
  /** Throws AppError 401 when the token is missing, malformed, expired or badly signed. */
  verifyAccessToken(token: string): Promise<Principal>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
