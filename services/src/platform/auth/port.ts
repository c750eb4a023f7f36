import type { Capability } from '@acpg/contracts/role-permissions';
import type { Role } from '@acpg/contracts/roles';

/** Who is calling: read from a verified access token. */
export interface Principal {
  userId: string;
  roles: Role[];
  /** The session (refresh-token family) the access token was issued for; absent for tokens not tied to one. */
  sessionId?: string;
  /** The account's session version when the token was issued (0 when absent): a newer one refuses the token. */
  sessionVersion?: number;
  /** A Provider Admin's provider (the account's, when the token was issued); a role change refuses older tokens. */
  providerId?: string;
}

/**
 * Checked on every signed-in request after the token's signature and expiry: false refuses the token at once (401),
 * e.g. when the account's session version moved on (sign-out, password reset, contact change) or its roles changed.
 */
export type AccessCheck = (principal: Principal) => Promise<boolean>;

/**
 * Every route declares who may call it; the auth guard refuses to register a route that does not. A signed-in route
 * names the one capability it needs (`@acpg/contracts/role-permissions`, the table the web's menu reads too), never roles.
 */
export type RouteAuth = 'public' | { capability: Capability };

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
