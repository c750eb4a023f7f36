import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import {
  CountyList,
  PropertyIdParams,
  PropertySearchQuery,
  PropertySearchResult,
  PropertySummary,
  MailedCodeBody,
  OwnershipVerification,
  VERIFICATION_RULES,
  VerificationPassed,
  VerificationRejected,
} from '@acpg/contracts/properties';
import { requestMeta } from '../../platform/commands/metadata.ts';
import { callerOf } from '../../platform/http/caller.ts';
import type { Platform } from '../../platform/module.ts';
import { toSummary, type PropertyData } from '../../platform/property-data/port.ts';
import { refuse } from './ownership/decider.ts';
import { enterCode, requestLetter } from './ownership/flow.ts';

const tags = ['properties'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelope]));
// Per client address; letters and codes are also capped per account and property for good (VERIFICATION_RULES).
const verificationLimit = { max: 20, timeWindow: '1 minute' };

/** Lookup (public: autocomplete runs before sign-up is complete) and verification (signed in). */
export const propertyRoutes =
  (platform: Platform, data: PropertyData): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const perMinute = platform.config.PROPERTY_SEARCH_RATE_LIMIT_PER_MINUTE;
    const lookup = { auth: 'public' as const, ...(perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: '1 minute' } } : {}) };

    app.get(
      '/properties/search',
      {
        logLevel: 'warn', // a request per keystroke
        config: lookup,
        schema: {
          tags,
          summary: 'Address autocomplete and APN lookup (sample data)',
          description: 'Properties whose address starts with q ("1234 Oak", "1234 Oak Street, San Jose") or whose APN starts with it. Never the owner or year built.',
          querystring: PropertySearchQuery,
          response: { 200: okEnvelope(PropertySearchResult), ...errors(400, 429) },
        },
      },
      async (request) => {
        const found = await data.search(request.query.q, request.query.limit);
        return { success: true as const, data: { items: found.map(toSummary) } };
      },
    );

    app.get(
      '/properties/counties',
      {
        config: lookup,
        schema: { tags, summary: 'Counties of the property data, with their APN formats', response: { 200: okEnvelope(CountyList), ...errors(429) } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return { success: true as const, data: { items: await data.counties() } };
      },
    );

    app.get(
      '/properties/:id',
      {
        config: lookup,
        schema: { tags, summary: 'One property (address and APN)', params: PropertyIdParams, response: { 200: okEnvelope(PropertySummary), ...errors(400, 404, 429) } },
      },
      async (request) => {
        const record = await data.findById(request.params.id);
        if (!record) throw refuse('not_found', 'PROPERTY_NOT_FOUND', 'This property was not found. Look it up by its address or APN.');
        return { success: true as const, data: toSummary(record) };
      },
    );

    app.post(
      '/properties/:id/verifications/letters',
      {
        config: { auth: { capability: 'properties.verify' }, rateLimit: verificationLimit },
        schema: {
          tags,
          summary: 'Mail a verification code to the property',
          description:
            `A letter with a one-time code goes to the property's address; whoever receives mail there enters it (POST .../code). ` +
            `At most ${VERIFICATION_RULES.maxLetters} letters per account and property, ever; each code works ${VERIFICATION_RULES.codeValidDays} days and replaces the one before. ` +
            'The property counts as verified only once the code is entered. 502 MAILED_CODES_UNAVAILABLE where no postal mail is configured.',
          security: [{ bearer: [] }],
          params: PropertyIdParams,
          response: { 200: okEnvelope(OwnershipVerification), ...errors(400, 401, 404, 409, 410, 429, 502) },
        },
      },
      async (request) => {
        const view = await requestLetter(platform, data, { accountId: callerOf(request).userId, propertyId: request.params.id }, requestMeta(request, platform));
        return { success: true as const, data: view, message: 'A letter with your code is on its way.' };
      },
    );

    app.post(
      '/properties/:id/verifications/code',
      {
        config: { auth: { capability: 'properties.verify' }, rateLimit: verificationLimit },
        schema: {
          tags,
          summary: 'Enter the code from the letter',
          description:
            `Right: the property is verified for the account (PropertyVerified). Wrong: 400 VERIFICATION_INCORRECT with tries_left; ` +
            `${VERIFICATION_RULES.maxWrongCodes} wrong codes per account and property, ever, lock it for good (VERIFICATION_LOCKED). An expired code (410 CODE_EXPIRED) costs no try.`,
          security: [{ bearer: [] }],
          params: PropertyIdParams,
          body: MailedCodeBody,
          response: { 200: okEnvelope(VerificationPassed), 400: VerificationRejected.or(ErrorEnvelope), ...errors(401, 404, 409, 410, 429) },
        },
      },
      async (request, reply) => {
        const outcome = await enterCode(
          platform,
          { accountId: callerOf(request).userId, propertyId: request.params.id, code: request.body.code },
          requestMeta(request, platform),
        );
        if (outcome.verified) return { success: true as const, data: outcome.answer, message: 'Property verified.' };
        return reply.code(400).send({ success: false as const, code: outcome.code, message: outcome.message, tries_left: outcome.tries_left });
      },
    );
  };
