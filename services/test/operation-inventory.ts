import { randomUUID } from 'node:crypto';
import { CAPABILITIES } from '@acpg/contracts/role-permissions';
import type { TestApp } from './harness.ts';
import { orderBody } from './nhd.ts';
import { claimBody } from './reimbursement.ts';
import { operationsOf, type BodyTable, type OpenApiDocument, type Operation } from './scoping.ts';

/**
 * The accounting of the route inventory that the generated suites (`authorization-matrix.int.spec.ts`,
 * `hostile-input.int.spec.ts`) share: every operation of the OpenAPI document the app serves is either signed-in (a
 * capability of the role table), public by design (listed here with its reason) or not injectable (listed with its
 * reason). A new route is covered by both suites without code of its own; a new public one fails until it is listed.
 */

/** Operations public by design, with the reason: called (no 5xx, the envelope) but not checked for what they show. */
export const PUBLIC_BY_DESIGN: Readonly<Record<string, string>> = {
  'GET /api/health': 'health check for load balancers',
  'GET /api/health/ready': 'readiness check for load balancers (names and ok/not only)',
  'POST /api/v1/auth/sign-in': 'sign-in: answers a challenge for whoever knows the password',
  'POST /api/v1/auth/sign-in/otp': 'sign-in: sends the code of a challenge',
  'POST /api/v1/auth/sign-in/verify': 'sign-in: exchanges a code for tokens',
  'POST /api/v1/auth/refresh': 'refresh cookie exchange',
  'POST /api/v1/auth/sign-out': 'ends the cookie session',
  'GET /api/v1/auth/sign-up/challenge': 'sign-up: the human check',
  'POST /api/v1/auth/sign-up': 'sign-up: a stranger starts',
  'POST /api/v1/auth/sign-up/otp': "sign-up: by the sign-up cookie, the stranger's own",
  'POST /api/v1/auth/sign-up/verify': "sign-up: by the sign-up cookie, the stranger's own",
  'POST /api/v1/auth/forgot-password': 'password reset request (same answer for any email)',
  'POST /api/v1/auth/reset-password': 'password reset by the emailed token',
  'GET /api/v1/profile-photos/{photo_id}/{width}': 'profile photos by unguessable id (img tags cannot send a token)',
  'POST /api/v1/account/contact-change/undo': 'undo link from the notice email, by its token',
  'GET /api/v1/dev/outbox': 'dev outbox, on only with DEV_OUTBOX (never in production)',
  'GET /api/v1/cms/content/{key}': 'public content: published pages and blog posts',
  'GET /api/v1/cms/blogs': 'public content: the published blog posts',
  'GET /api/v1/cms/images/{image_id}/{width}.webp': 'content images by unguessable id (img tags cannot send a token)',
  'GET /api/v1/cms/contact-messages/challenge': 'contact form: the human check',
  'POST /api/v1/cms/contact-messages': 'contact form: a visitor writes to the team (human check, rate limited)',
  'POST /api/v1/user-interaction/store': 'anonymous interaction tracking (writes only)',
  'GET /api/v1/states': 'lookup: states',
  'GET /api/v1/properties/search': 'lookup: the public property data set',
  'GET /api/v1/properties/counties': 'lookup: counties',
  'GET /api/v1/properties/{id}': 'lookup: a property of the public data set',
  'GET /api/v1/plans': 'public plans and prices',
  'POST /api/v1/payments/promo-codes/quote': 'public price quote for a promo code',
  'GET /api/v1/payments/config': 'public payment gateway configuration (publishable key)',
  'POST /api/v1/payments/stripe/webhook': 'gateway webhook, by its signature',
  'GET /api/v1/nhd/report-types': 'public report types and prices',
  'GET /api/v1/nhd/receipts/{token}': 'report recipients open their receipt by its emailed token',
  'GET /api/v1/nhd/receipts/{token}/report': 'report recipients download by their emailed token',
  'POST /api/v1/nhd/receipts/{token}/acknowledge': 'report recipients acknowledge by their emailed token',
  'GET /api/v1/equity/pricing': 'public Equity Protect pricing',
  'GET /api/v1/provider-logos/{logo_id}/{width}': 'provider logos by unguessable id (img tags cannot send a token)',
  'GET /api/v1/provider-invitations/lookup': 'invitees preview their invitation by its emailed token or code',
};

/**
 * Operations that legitimately write when they refuse, with the reason: the generated suites do not check a refusal of
 * theirs appends nothing. Keep this list small: any other refusal writing is a defect.
 */
export const WRITES_ON_REFUSAL: Readonly<Record<string, string>> = {
  'POST /api/v1/auth/sign-in': 'a wrong password is counted (SignInPasswordFailed on the sign-in guard), so guessing locks the account',
  'POST /api/v1/auth/change-password': 'a wrong current password is counted as a sign-in’s is (SignInPasswordFailed), so guessing it locks the account',
};

/** Operations `inject` cannot call, with the reason (their own suites cover them). */
export const NOT_INJECTABLE: Readonly<Record<string, string>> = {
  'GET /api/v1/events/stream': 'the raw event stream is a WebSocket upgrade (Super Admin; events-stream tests cover it)',
};

/** Bodies the generator cannot build (a valid order, a property someone else verified), each naming the id under test. */
export const BODIES: BodyTable = {
  'POST /api/v1/nhd/orders': (fill) => orderBody({ order_id: fill('order_id') ?? randomUUID() }),
  'POST /api/v1/reimbursements/claims': (fill) => claimBody({ claim_id: fill('claim_id') ?? randomUUID(), property_id: 'ca-lax-00003' }),
  // C's property, which only C verified.
  'POST /api/v1/equity/enrollments': () => ({ property_id: 'ca-lax-00003' }),
  'PUT /api/v1/sign-up/mailing-address': () => ({ same_as_property: true, property_id: 'ca-lax-00003' }),
  'POST /api/v1/properties/{id}/verifications/code': () => ({ code: '123456' }),
};

/** The OpenAPI document the app serves and its operations, less the ones `inject` cannot call. */
export const inventoryOf = async (t: TestApp): Promise<{ doc: OpenApiDocument; all: Operation[]; ops: Operation[] }> => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApiDocument;
  const all = operationsOf(doc);
  return { doc, all, ops: all.filter((op) => !Object.hasOwn(NOT_INJECTABLE, op.key)) };
};

/**
 * What the accounting misses: a public operation not listed as public by design, a listed one that is no longer in the
 * document (or no longer public), a capability the role table does not have, a listed not-injectable operation gone.
 */
export const accountingGaps = (all: readonly Operation[]): string[] => {
  const keys = new Set(all.map((op) => op.key));
  return [
    ...all.filter((op) => !op.capability && !Object.hasOwn(PUBLIC_BY_DESIGN, op.key) && !Object.hasOwn(NOT_INJECTABLE, op.key)).map((op) => `${op.key}: public, but not in PUBLIC_BY_DESIGN (say why it is public)`),
    ...Object.keys(PUBLIC_BY_DESIGN).filter((key) => !keys.has(key) || all.some((op) => op.key === key && op.capability)).map((key) => `${key}: listed public by design, but not a public operation of the document`),
    ...all.filter((op) => op.capability && !Object.hasOwn(CAPABILITIES, op.capability)).map((op) => `${op.key}: capability ${op.capability} is not in the role table`),
    ...Object.keys(NOT_INJECTABLE).filter((key) => !keys.has(key)).map((key) => `${key}: listed not injectable, but not in the document`),
  ];
};
