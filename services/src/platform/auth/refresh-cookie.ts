import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie'; // request.cookies, reply.setCookie / clearCookie

/**
 * The rotating refresh token: `<familyId>.<secret>` in an httpOnly cookie scoped to the auth routes.
 * Only SHA-256 of the secret is stored: the secret has 256 random bits, so no key or slow hash is needed.
 */
export const REFRESH_COOKIE_NAME = 'acpg_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';

export interface RefreshCookieSettings {
  /** COOKIE_SECURE */
  secure: boolean;
}

export interface RefreshToken {
  familyId: string;
  secret: string;
}

export const newRefreshToken = (familyId: string): { token: string; hash: string } => {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${familyId}.${secret}`, hash: hashRefreshSecret(secret) };
};

export const hashRefreshSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('base64url');

export const sameHash = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** null for anything that is not `<familyId>.<43-character base64url secret>`. */
export const parseRefreshToken = (token: string | undefined | null): RefreshToken | null => {
  const match = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { familyId: match[1], secret: match[2] };
};

const options = (settings: RefreshCookieSettings) => ({
  httpOnly: true,
  secure: settings.secure,
  sameSite: 'strict' as const,
  path: REFRESH_COOKIE_PATH,
});

export const readRefreshCookie = (request: FastifyRequest): RefreshToken | null =>
  parseRefreshToken(request.cookies[REFRESH_COOKIE_NAME]);

export const setRefreshCookie = (reply: FastifyReply, token: string, maxAgeSeconds: number, settings: RefreshCookieSettings) =>
  reply.setCookie(REFRESH_COOKIE_NAME, token, { ...options(settings), maxAge: maxAgeSeconds });

export const clearRefreshCookie = (reply: FastifyReply, settings: RefreshCookieSettings) =>
  reply.clearCookie(REFRESH_COOKIE_NAME, options(settings));
