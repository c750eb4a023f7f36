import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_WIDTHS, ImageId, UploadedImage } from '@acpg/contracts/content-documents';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { callerOf } from '../../../platform/http/caller.ts';
import { notFound, validationFailed } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { holdUploadSlot, readMultipart } from '../../../platform/uploads/multipart.ts';
import { storedWidth, storeContentImage } from './store.ts';

const tags = ['content'];
const refusals = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorEnvelope]));
const IMAGE_BODY = {
  'multipart/form-data': z
    .object({ file: z.string().meta({ format: 'binary', description: 'A JPEG, PNG or WebP image, at most 5 MB (checked by its content).' }) })
    .describe('The part `file` (curl -F "file=@kitchen.jpg").'),
};

/** Images for content documents: uploaded by an editor, served to anyone at every stored width. */
export const contentImageRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    await fastify.register(fastifyMultipart);
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/cms/images',
      {
        config: { auth: { capability: 'content.manage' } },
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'Upload an image for a content document',
          description:
            'multipart/form-data with the part `file`: a JPEG, PNG or WebP image of at most 5 MB, checked by its content as it arrives (400 naming `file.0` otherwise, 413 PAYLOAD_TOO_LARGE past 5 MB). ' +
            `Stored as WebP (quality 75) at each of the widths ${CONTENT_IMAGE_WIDTHS.join(', ')} up to its own width, served at GET /cms/images/{image_id}/{width}.webp. ` +
            'At most 2 uploads per account at once (429 UPLOADS_IN_FLIGHT with Retry-After).',
          requestBodyContent: IMAGE_BODY,
          response: { 200: okEnvelope(UploadedImage), ...refusals(400, 401, 403, 413, 429) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw validationFailed('Send the image as multipart/form-data in the part "file".', [{ path: 'file', message: 'Choose an image to upload.' }]);
        await holdUploadSlot(request, reply, callerOf(request).userId, platform.counters);
        const { files } = await readMultipart(request, {
          fileField: 'file',
          kinds: ['image'],
          maxFiles: 1,
          maxFileBytes: CONTENT_IMAGE_MAX_BYTES,
          maxTotalBytes: CONTENT_IMAGE_MAX_BYTES,
          fields: () => ({}),
        });
        const file = files[0];
        if (!file) throw validationFailed('Choose an image to upload.', [{ path: 'file', message: 'Choose an image to upload.' }]);
        const image = await storeContentImage(platform.files, file);
        return reply.send({ success: true as const, data: image, message: 'The image was uploaded.' });
      },
    );

    app.get(
      '/cms/images/:image_id/:width.webp',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'One width of an uploaded content image (WebP)',
          description: 'Public (an <img> sends no token); image ids are random. `Cache-Control: public, max-age=31536000, immutable`: an image never changes, a new one gets a new id. A width of the list above the original\'s answers the largest stored width (never enlarged), so a srcset may name every width. 404 for an unknown id or a width not in the list.',
          params: z.object({ image_id: z.string().max(80), width: z.string().max(6) }),
        },
      },
      async (request, reply) => {
        const id = ImageId.safeParse(request.params.image_id);
        const width = Number(request.params.width);
        if (!id.success || !(CONTENT_IMAGE_WIDTHS as readonly number[]).includes(width) || String(width) !== request.params.width) throw notFound('This image was not found.');
        const file = await storedWidth(platform.files, id.data, width);
        if (!file) throw notFound('This image was not found.');
        return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(file.bytes);
      },
    );
  };
