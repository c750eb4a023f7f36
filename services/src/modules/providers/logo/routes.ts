import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { PROVIDER_LOGO_MAX_BYTES, PROVIDER_LOGO_WIDTHS, ProviderLogoBody, ProviderParams, ProviderSaved } from '@acpg/contracts/providers';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { runProviderCommand } from '../provider/commands.ts';
import { PROVIDERS_COLLECTION } from '../providers/projection.ts';
import { logoKey, storeProviderLogo } from './logo.ts';

/** Base64 of the largest logo, a data: URL prefix and the JSON around it. */
const LOGO_BODY_LIMIT = Math.ceil(PROVIDER_LOGO_MAX_BYTES / 3) * 4 + 4096;
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 413: ErrorEnvelope };

/** A provider's logo: uploaded by a Super Admin (checked by content, size-bounded), served to anyone as a srcset. */
export const providerLogoRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.put(
      '/admin/providers/:id/logo',
      {
        bodyLimit: LOGO_BODY_LIMIT,
        config: { auth: { capability: 'providers.manage' } },
        schema: {
          tags: ['providers'],
          security: [{ bearer: [] }],
          summary: "Change a provider's logo",
          description:
            'Body `{ data: "<base64 or data: URL>" }`: a JPEG, PNG or WebP image of at most 2 MB, checked by its content. ' +
            `Stored fitted inside a square at the widths ${PROVIDER_LOGO_WIDTHS.join(', ')} (up to its own size) as WebP, without metadata; ` +
            'the provider then answers `logo.url` and `logo.srcset`. 400 VALIDATION_FAILED naming `data`, 400 LOGO_REFUSED (unreadable), 413 over the body limit.',
          params: ProviderParams,
          body: ProviderLogoBody,
          response: { 200: okEnvelope(ProviderSaved), ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        // Nothing is stored for a provider that does not exist.
        if (!(await platform.documents.get(PROVIDERS_COLLECTION, id))) throw new AppError(404, 'PROVIDER_NOT_FOUND', 'This provider was not found.');
        const logo = await storeProviderLogo(platform.files, request.body.data);
        const saved = await runProviderCommand(platform, id, { type: 'ChangeProviderLogo', data: { logo_id: logo.logoId, widths: logo.widths } }, requestMeta(request, platform));
        return { success: true as const, data: saved, message: 'The logo was saved.' };
      },
    );

    app.get(
      '/provider-logos/:logo_id/:width',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['providers'],
          summary: 'One width of a provider logo (WebP)',
          description: 'Public (an <img> sends no token); logo ids are random UUIDs. Cached for a year: a new logo gets a new id.',
          params: z.object({ logo_id: z.uuid(), width: z.coerce.number().int().refine((w) => (PROVIDER_LOGO_WIDTHS as readonly number[]).includes(w), 'not a logo width') }),
        },
      },
      async (request, reply) => {
        const file = await platform.files.get(logoKey(request.params.logo_id, request.params.width));
        if (!file) throw new AppError(404, 'NOT_FOUND', 'This logo was not found.');
        return reply.type(file.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(file.bytes);
      },
    );
  };
