import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactDetails } from '@acpg/contracts/content';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { updateContactDetails } from './commands.ts';
import { CONTACT_PAGE_STREAM, contactPageDecider } from './decider.ts';
import { loadStream } from '../../../platform/commands/handle-command.ts';
import { documentAtHead } from '../../../platform/projections/caught-up.ts';
import { CONTACT_PAGE_COLLECTION, CONTACT_PAGE_DOC_ID, toContactDetails } from './projection.ts';

/**
 * Reads the read model (one document; the header asks on every page). When it does not hold the stream's head yet
 * (fresh start, an edit a moment ago, or the projector lagging behind the api in the distributed profile) it waits,
 * bounded, for it (`documentAtHead`); one that stays behind (a stalled projector, a dropped read model) is folded
 * from the small stream instead, so a reader never gets a 404 for details that exist.
 */
const readContactDetails = async (platform: Platform): Promise<ContactDetails | null> => {
  const { doc, behind } = await documentAtHead(platform, { collection: CONTACT_PAGE_COLLECTION, id: CONTACT_PAGE_DOC_ID, stream: CONTACT_PAGE_STREAM });
  if (behind) return (await loadStream(platform.eventStore, CONTACT_PAGE_STREAM, contactPageDecider)).state.details;
  return doc ? toContactDetails(doc) : null;
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
        config: { auth: { capability: 'content.manage' } },
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
