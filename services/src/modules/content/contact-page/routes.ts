import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactDetails } from '@acpg/contracts/content';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { updateContactDetails } from './commands.ts';
import { CONTACT_PAGE_STREAM, contactPageStateFrom } from './decider.ts';
import { CONTACT_PAGE_COLLECTION, CONTACT_PAGE_DOC_ID, toContactDetails } from './projection.ts';

/**
 * Reads the read model (one document; the header asks on every page). When it has not been projected yet
 * (fresh start, or the projector lagging behind the api in the distributed profile) the small stream is folded
 * instead, so a reader never gets a 404 for details that exist.
 */
const readContactDetails = async (platform: Platform): Promise<ContactDetails | null> => {
  const doc = await platform.documents.get(CONTACT_PAGE_COLLECTION, CONTACT_PAGE_DOC_ID);
  if (doc) return toContactDetails(doc);
  return contactPageStateFrom(await platform.eventStore.readStream(CONTACT_PAGE_STREAM)).details;
};

export const contactPageRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    // POST, as the spec's client calls it.
    app.post(
      '/cms/contact-page',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['content'],
          summary: 'Contact details shown on the contact page and in the header',
          response: { 200: okEnvelope(ContactDetails), 404: ErrorEnvelope },
        },
      },
      async () => {
        const details = await readContactDetails(platform);
        if (!details) throw notFound('Contact details are not set yet.');
        return { success: true as const, data: details };
      },
    );

    app.put(
      '/admin/cms/contact-page',
      {
        config: { auth: { roles: ['Super Admin'] } },
        schema: {
          tags: ['content'],
          summary: 'Save the contact details',
          security: [{ bearer: [] }],
          body: ContactDetails,
          response: { 200: okEnvelope(ContactDetails), 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope },
        },
      },
      async (request) => {
        const state = await updateContactDetails(platform, request.body, requestMeta(request, platform));
        return { success: true as const, data: state.details ?? request.body, message: 'Contact details saved.' };
      },
    );
  };
