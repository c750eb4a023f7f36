import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie'; // request.cookies, reply.setCookie / clearCookie
import type { IdentityContext } from '../context.ts';

/**
 * The httpOnly cookie that lets the browser that gave the details ask for and check the two codes:
 * `<sign_up_id>.<HMAC of it under a server key>`. Scoped to the sign-up routes; it grants nothing once signed in.
 */
export const SIGN_UP_COOKIE_NAME = 'acpg_signup';
export const SIGN_UP_COOKIE_PATH = '/api/v1/auth/sign-up';

/** The OpenAPI security scheme of the sign-up cookie (`Module.securitySchemes`), named by the code steps' routes. */
export const SIGN_UP_COOKIE_SCHEME = 'signUpCookie';
export const signUpCookieScheme = {
  type: 'apiKey',
  in: 'cookie',
  name: SIGN_UP_COOKIE_NAME,
  description:
    `Set (httpOnly, SameSite=Strict, Path=${SIGN_UP_COOKIE_PATH}, 24 hours) by \`POST /auth/sign-up\`; send it back to ` +
    '`POST /auth/sign-up/otp` and `POST /auth/sign-up/verify` (a cookie jar does). It names the sign-up and is signed by the server; ' +
    'without it those routes answer 401 SIGN_UP_NOT_FOUND. Cleared once the email code signs in.',
} as const;

const tag = (ctx: IdentityContext, signUpId: string) => ctx.cipher.hmac('sign-up-cookie', signUpId);
const options = (secure: boolean) => ({ httpOnly: true, secure, sameSite: 'strict' as const, path: SIGN_UP_COOKIE_PATH });

export const setSignUpCookie = (ctx: IdentityContext, reply: FastifyReply, signUpId: string, maxAgeSeconds: number) =>
  reply.setCookie(SIGN_UP_COOKIE_NAME, `${signUpId}.${tag(ctx, signUpId)}`, { ...options(ctx.platform.config.COOKIE_SECURE), maxAge: maxAgeSeconds });

export const clearSignUpCookie = (ctx: IdentityContext, reply: FastifyReply) => reply.clearCookie(SIGN_UP_COOKIE_NAME, options(ctx.platform.config.COOKIE_SECURE));

/** The sign-up the cookie names, or null when there is none or it was not made by this server. */
export const readSignUpCookie = (ctx: IdentityContext, request: FastifyRequest): string | null => {
  const match = /^([A-Za-z0-9-]{1,64})\.([0-9a-f]{64})$/.exec(request.cookies[SIGN_UP_COOKIE_NAME] ?? '');
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(tag(ctx, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
};
