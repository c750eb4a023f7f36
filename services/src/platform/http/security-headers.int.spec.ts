import { describe, expect, it } from 'vitest';
import { useTestAppWithWebBuild, type TestApp } from '../../../test/harness.ts';

/** The directives of a Content-Security-Policy header, by name. */
const directives = (header: unknown): Map<string, string[]> => {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
};

/** Every kind of answer: the SPA's HTML (root and a client route), an asset, an API answer, a refusal, a 404. */
const answers = async (t: TestApp) => {
  const token = await t.signInAs('Customer');
  return {
    root: await t.app.inject({ method: 'GET', url: '/' }),
    spaRoute: await t.app.inject({ method: 'GET', url: '/subscriptions' }),
    asset: await t.app.inject({ method: 'GET', url: '/assets/app.js' }),
    health: await t.app.inject({ method: 'GET', url: '/api/health' }),
    paymentsConfig: await t.app.inject({ method: 'GET', url: '/api/v1/payments/config' }),
    signedIn: await t.app.inject({ method: 'GET', url: '/api/v1/payments/mine', headers: { authorization: `Bearer ${token}` } }),
    refused: await t.app.inject({ method: 'GET', url: '/api/v1/payments/mine' }),
    notFound: await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
  };
};

describe('security headers over plain HTTP on the test gateway', () => {
  const { t } = useTestAppWithWebBuild();

  it('sets a strict policy, nosniff, a referrer policy and no framing on every kind of answer', async () => {
    const all = await answers(t);
    expect(all.root.statusCode).toBe(200);
    expect(all.spaRoute.statusCode).toBe(200);
    expect(all.asset.statusCode).toBe(200);
    expect(all.signedIn.statusCode).toBe(200);
    expect(all.refused.statusCode).toBe(401);
    expect(all.notFound.statusCode).toBe(404);
    for (const [name, answer] of Object.entries(all)) {
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp.get('default-src'), name).toEqual(["'self'"]);
      expect(csp.get('script-src'), name).toEqual(["'self'"]); // no inline script, no eval, no Stripe on the test gateway
      expect(csp.get('script-src-attr'), name).toEqual(["'none'"]);
      expect(csp.get('connect-src'), name).toEqual(["'self'"]);
      expect(csp.get('object-src'), name).toEqual(['blob:']);
      expect(csp.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(csp.get('base-uri'), name).toEqual(["'self'"]);
      expect(csp.has('upgrade-insecure-requests'), name).toBe(false);
      expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
      expect(answer.headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options'], name).toBe('DENY');
      expect(answer.headers['strict-transport-security'], `${name}: no HSTS over plain HTTP`).toBeUndefined();
    }
  });
});

describe('security headers when the public address is HTTPS', () => {
  const { t } = useTestAppWithWebBuild({ PUBLIC_URL: 'https://app.example.com' });

  it('adds HSTS, upgrades insecure requests and allows the public socket origin', async () => {
    for (const [name, answer] of Object.entries(await answers(t))) {
      expect(answer.headers['strict-transport-security'], name).toBe('max-age=31536000; includeSubDomains');
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp.get('upgrade-insecure-requests'), name).toEqual([]);
      expect(csp.get('connect-src'), name).toEqual(["'self'", 'wss://app.example.com']);
    }
  });
});

describe('security headers with Stripe as the gateway', () => {
  const { t } = useTestAppWithWebBuild({
    PAYMENTS_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_headers',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_headers',
    STRIPE_WEBHOOK_SECRET: 'whsec_headers',
  });

  it("allows Stripe.js, its frames and its API, and nothing else from outside", async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    const csp = directives(root.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'blob:', 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp.get('style-src')).not.toContain('https://js.stripe.com');
    expect(root.headers['strict-transport-security']).toBeUndefined();
  });
});
