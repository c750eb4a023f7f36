import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImportIdParams, ImportRecordingsBody, ImportsQuery, ImportView, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, RECORDING_COLUMNS, SampleRecordingsBody, type ProtectedProperty } from '@acpg/contracts/equity';
import { ErrorEnvelope, MinVersionQuery, okEnvelope } from '@acpg/contracts/http';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { holdUploadSlot } from '../../../platform/uploads/multipart.ts';
import { listRoute } from '../../../platform/http/list-route.ts';
import type { Platform } from '../../../platform/module.ts';
import { propertyData } from '../../../platform/property-data/select.ts';
import { ENROLMENTS_COLLECTION } from '../enrolments/view.ts';
import { fileFeed } from '../recorder-feed/file.ts';
import { sampleFeed } from '../recorder-feed/sample.ts';
import { importStream } from './decider.ts';
import { recordImport } from './record.ts';
import { RAW_IMPORT_TYPES, readImportUpload } from './upload.ts';
import { IMPORTS_COLLECTION, toImportView } from './view.ts';
import { documentAtHead } from '../../../platform/projections/caught-up.ts';
import { formatCount } from '../../../platform/formatting/index.ts';

const IMPORTS = { auth: { capability: 'equity.manage' } } as const;
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 413: ErrorEnvelope, 429: ErrorEnvelope };
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `POST /admin/equity/imports?file_name=` when the body is the file itself. */
const ImportQuery = z.object({ file_name: z.string().trim().min(1).max(200, 'The file name is at most 200 characters').optional() });
const COLUMNS = `a header row naming ${RECORDING_COLUMNS.join(', ')} (amount_cents may be empty)`;
/** What the OpenAPI document shows for each way of sending the file (the handler reads them: `readImportUpload`). */
const IMPORT_BODY_DOCS = {
  'multipart/form-data': z
    .object({
      file: z.string().meta({ format: 'binary', description: `The CSV (${COLUMNS}) or JSONL file (one recording object per line), at most 25 MB.` }),
      format: z.enum(['csv', 'jsonl']).optional().describe('Default: from the file name (.csv, .jsonl, .ndjson) or the part\'s Content-Type.'),
      file_name: z.string().max(200).optional().describe("Default: the part's filename."),
    })
    .describe('The file as a browser or curl sends it: curl -F "file=@recordings.csv" .../api/v1/admin/equity/imports'),
  'text/csv': z.string().describe(`The CSV file itself as the body (${COLUMNS}); name it with ?file_name=.`),
  'application/x-ndjson': z.string().describe('The JSONL file itself as the body (one recording object per line; also application/jsonl).'),
  'application/json': ImportRecordingsBody,
};

/** Super Admins feed recorded documents in: a CSV or JSONL file, or sample recordings for a demo; and see each import. */
export const importRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // The file as sent: multipart/form-data (this plugin only) and the file itself as the body, besides JSON.
    await fastify.register(fastifyMultipart);
    fastify.addContentTypeParser(Object.keys(RAW_IMPORT_TYPES), { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/admin/equity/imports',
      {
        config: IMPORTS,
        // base64 of a file of up to 25 MB, in JSON (the file itself is checked against 25 MB as it is read)
        bodyLimit: Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 64 * 1024,
        schema: {
          tags: ['equity'],
          summary: 'Import recorded documents (CSV with a header row, or JSONL), checked row by row: answers the report of refused rows; matching runs as a job',
          description:
            'Send the file as it is: multipart/form-data with the part `file` (`curl -F "file=@recordings.csv"`), or the file itself as a ' +
            '`text/csv` (or `application/x-ndjson`) body with `?file_name=`; or JSON `{ file_name, format, data }` with `data` base64. ' +
            'At most 25 MB and 200,000 rows, parsed as a stream a few hundred rows at a time (the server keeps answering meanwhile); at most 2 ' +
            'imports per account at once (429 UPLOADS_IN_FLIGHT with Retry-After). 400 IMPORT_FILE_INVALID (unreadable, empty, no header row, too large, too many rows: the ' +
            'whole file refused, `errors[0].path` names where it came in), VALIDATION_FAILED (no file, unknown format); refused rows ' +
            'are in the answer\'s report, not an error.',
          security: [{ bearer: [] }],
          querystring: ImportQuery,
          requestBodyContent: IMPORT_BODY_DOCS,
          response: { 201: okEnvelope(ImportView), ...refusals },
        },
      },
      async (request, reply) => {
        // One of the caller's upload slots while the file is read and parsed (2 per account, a global bound: 429 past them).
        await holdUploadSlot(request, reply, callerOf(request).userId, platform.counters);
        const upload = await readImportUpload(request, request.query);
        const feed = fileFeed(upload.bytes, upload.format, MAX_IMPORT_ROWS, upload.field);
        const view = await recordImport(platform, feed, { source: 'file', file_name: upload.file_name, format: upload.format }, requestMeta(request, platform));
        const message = `${formatCount(view.accepted_count)} of ${formatCount(view.row_count)} rows imported${view.refused_count > 0 ? `; ${formatCount(view.refused_count)} refused (see the report)` : ''}. Matching to protected properties now.`;
        return reply.code(201).send({ success: true as const, data: view, message });
      },
    );

    app.post(
      '/admin/equity/imports/sample',
      {
        config: IMPORTS,
        schema: {
          tags: ['equity'],
          summary: 'Generate realistic sample recordings for a demo, some on protected properties (each of those raises an alert)',
          security: [{ bearer: [] }],
          body: SampleRecordingsBody,
          response: { 201: okEnvelope(ImportView), ...refusals },
        },
      },
      async (request, reply) => {
        const { count, on_protected } = request.body;
        const docs = on_protected > 0 ? await platform.documents.find(ENROLMENTS_COLLECTION, { status: 'active' }, { sort: { updated_at: -1 }, limit: Math.min(on_protected, count) }) : [];
        const now = platform.clock().getTime();
        const feed = sampleFeed({
          count,
          seed: randomInt(2 ** 31),
          counties: await propertyData().counties(),
          onProtected: docs.map((doc) => doc.property as ProtectedProperty),
          from: day(now - 30 * 86_400_000),
          to: day(now),
        });
        const view = await recordImport(platform, feed, { source: 'sample', file_name: `Sample recordings (${count})`, format: 'jsonl' }, requestMeta(request, platform));
        return reply.code(201).send({ success: true as const, data: view, message: `${formatCount(count)} sample recordings generated, ${docs.length} on protected properties. Matching now.` });
      },
    );

    listRoute(fastify, platform, {
      url: '/admin/equity/imports',
      auth: IMPORTS.auth,
      tags: ['equity'],
      summary: 'Imports of recorded documents, newest first (Super Admin)',
      querystring: ImportsQuery,
      item: ImportView,
      refusals,
      collection: IMPORTS_COLLECTION,
      toItem: toImportView,
    });

    app.get(
      '/admin/equity/imports/:id',
      { config: IMPORTS, schema: { tags: ['equity'], summary: 'One import with its report of refused rows (Super Admin)', security: [{ bearer: [] }], params: ImportIdParams, querystring: MinVersionQuery, response: { 200: okEnvelope(ImportView), ...refusals } } },
      async (request) => {
        const { doc } = await documentAtHead(platform, { collection: IMPORTS_COLLECTION, id: request.params.id, stream: importStream(request.params.id), minVersion: request.query.min_version });
        if (!doc) throw new AppError(404, 'IMPORT_NOT_FOUND', 'This import was not found.');
        return { success: true as const, data: toImportView(doc) };
      },
    );
  };
