import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EquityPricing, EquityPricingBody } from '@acpg/contracts/equity';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { seedStream } from '../../../platform/commands/seed-stream.ts';
import type { Platform } from '../../../platform/module.ts';
import { PRICING_STREAM, pricingDecider } from './decider.ts';
import { PRICING_COLLECTION, PRICING_DOC_ID, pricingOf, toPricing } from './projection.ts';
import { documentAtHead } from '../../../platform/projections/caught-up.ts';

/** What a fresh installation charges: ours to set (the spec shows no price); Super Admins change it on the admin page. */
export const SEEDED_PRICING: EquityPricing = {
  annual_price_cents: 9_900,
  included_plan_names: ['Yearly'],
  features: [
    'We watch the county recorder’s documents for every property you protect, by parcel number (APN) and county.',
    'A deed, lien, loan or notice of default recorded on your property reaches you at once by email and text message.',
    'Say “this was me” or “I don’t recognize this”: a disputed document opens a fraud case our team follows with you.',
    'A clear checklist of next steps, and a record of every alert and answer.',
  ],
};

/** The pricing in force, from its stream: what an enrollment made now costs (the seeded one until the seed has run). */
export const currentPricing = async (platform: Pick<Platform, 'eventStore'>): Promise<EquityPricing> => {
  const { state } = await loadStream(platform.eventStore, PRICING_STREAM, pricingDecider);
  return state.current ? toPricing(state.current) : SEEDED_PRICING;
};

/**
 * The pricing as the public page reads it: from its read model once it holds the stream's head (`documentAtHead`);
 * one that stays behind (a stalled projector) answers from the stream, so a reader never sees an older price.
 */
const shownPricing = async (platform: Platform): Promise<EquityPricing> => {
  const { doc, behind } = await documentAtHead(platform, { collection: PRICING_COLLECTION, id: PRICING_DOC_ID, stream: PRICING_STREAM });
  if (behind) return currentPricing(platform);
  return (doc ? pricingOf(doc) : null) ?? SEEDED_PRICING;
};

export const seedPricing = async (platform: Platform): Promise<void> => {
  await seedStream(platform.eventStore, PRICING_STREAM, pricingDecider, [{ type: 'DefinePricing', data: SEEDED_PRICING, metadata: systemMeta(platform, { actor: 'seed' }) }]);
};

/** `GET /equity/pricing` (public: the page's price and features) and `PUT /admin/equity/pricing` (Super Admin). */
export const pricingRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/equity/pricing',
      { config: { auth: 'public' }, schema: { tags: ['equity'], summary: 'What Equity Protect does and costs, and the plans that include it', response: { 200: okEnvelope(EquityPricing) } } },
      async () => ({ success: true as const, data: await shownPricing(platform) }),
    );
    app.put(
      '/admin/equity/pricing',
      {
        config: { auth: { capability: 'equity.manage' } },
        schema: {
          tags: ['equity'],
          summary: 'Set the yearly price per property, the plans that include it and the features shown (Super Admin); new enrollments only',
          security: [{ bearer: [] }],
          body: EquityPricingBody,
          response: { 200: okEnvelope(EquityPricing), 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope },
        },
      },
      async (request) => {
        const { state } = await handleCommand(platform.eventStore, PRICING_STREAM, pricingDecider, { type: 'DefinePricing', data: request.body, metadata: requestMeta(request, platform) }, { retries: 3 });
        if (!state.current) throw new Error('a defined pricing has a state');
        return { success: true as const, data: toPricing(state.current), message: 'Equity Protect pricing saved. It applies to enrollments from now on.' };
      },
    );
  };
