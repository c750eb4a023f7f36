import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/schema.ts';

type HeaderConfig = Pick<Config, 'PUBLIC_URL' | 'PAYMENTS_GATEWAY' | 'STRIPE_JS_URL'>;

/** Stripe's own hosts (stripe.com/docs/security/guide#content-security-policy) when Stripe.js comes from js.stripe.com. */
const STRIPE_HOSTS = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
} as const;

/** What Stripe.js needs, only when Stripe is the gateway; the local stand-in serves everything from its own origin. */
const stripeSources = (config: HeaderConfig) => {
  if (config.PAYMENTS_GATEWAY !== 'stripe') return { script: [], frame: [], connect: [], img: [] };
  const origin = new URL(config.STRIPE_JS_URL).origin;
  if (origin === 'https://js.stripe.com') return STRIPE_HOSTS;
  return { script: [origin], frame: [origin], connect: [origin], img: [origin] };
};

/** The configured public address is HTTPS: then HSTS is sent (never over plain HTTP, where it would mean nothing). */
export const servedOverTls = (config: Pick<Config, 'PUBLIC_URL'>): boolean => config.PUBLIC_URL?.startsWith('https://') ?? false;

/**
 * The Content-Security-Policy directives of every response (the SPA's HTML, its assets, the API):
 * - scripts only from this origin (no inline script, no eval), plus Stripe.js where Stripe is the gateway;
 * - styles from this origin and inline: Griffel (Fluent UI v9's CSS-in-JS) and the ALTCHA widget insert `<style>`
 *   elements at run time, and index.html carries one line of inline style; no script can come in that way;
 * - connections to this origin ('self' also matches ws:/wss: on this host, CSP level 3) for the API and socket.io,
 *   plus the public address's ws/wss origin when PUBLIC_URL names one;
 * - workers from blob: URLs (the ALTCHA proof of work and the XLSX export build their workers from blobs);
 * - frames: blob: (a claim's PDF is previewed in an iframe from a blob) and Stripe's; objects only from blob:
 *   (Chromium's PDF viewer is a plugin in a blob document, which inherits this policy); nobody may frame the app.
 */
export const contentSecurityPolicy = (config: HeaderConfig): Record<string, string[]> => {
  const stripe = stripeSources(config);
  const publicSockets = config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin.replace(/^http/, 'ws')] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...stripe.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...stripe.img],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...publicSockets, ...stripe.connect],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'blob:', ...stripe.frame],
    'object-src': ['blob:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(servedOverTls(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
};

/** helmet's options for this app (exported for the header tests). */
export const helmetOptions = (config: HeaderConfig): FastifyHelmetOptions => ({
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
  strictTransportSecurity: servedOverTls(config) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' }, // for browsers without frame-ancestors
  // Stripe's second step may open the bank's page in a window: keep the opener for it.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // nosniff, CORP same-origin, Origin-Agent-Cluster and the rest stay helmet's defaults.
});

/**
 * Security headers on every response (@fastify/helmet: Fastify's maintained wrapper of helmet, an onRequest hook, so
 * the SPA's index.html, static assets, API answers, errors and 404s all carry them).
 */
export const registerSecurityHeaders = async (app: FastifyInstance, config: HeaderConfig): Promise<void> => {
  await app.register(fastifyHelmet, helmetOptions(config));
};
