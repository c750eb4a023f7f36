import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PreviewTemplateBody,
  RenderedTemplate,
  ResetTemplateBody,
  RestoreTemplateBody,
  SaveTemplateBody,
  TemplateDetail,
  TemplateHistory,
  TemplateKey,
  TemplateSummary,
  TestSendResult,
  type TemplateParts,
} from '@acpg/contracts/email-templates';
import { ErrorEnvelope, okEnvelope } from '@acpg/contracts/http';
import { requestMeta } from '../../../platform/commands/metadata.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import { callerOf } from '../../../platform/http/caller.ts';
import { accountOrClientKey } from '../../../platform/http/client-key.ts';
import { accountNoticeJob } from '../../../platform/jobs/notifications.ts';
import type { Platform } from '../../../platform/module.ts';
import { documentAtHead } from '../../../platform/projections/caught-up.ts';
import type { MessageTemplate, RenderedMessage } from '../../../platform/templates/template.ts';
import { checkEdit, editTemplate, resetTemplate, restoreTemplate, templateOf } from './commands.ts';
import { templateStream } from './decider.ts';
import { partsFromDoc, TEMPLATE_OVERRIDES_COLLECTION, TEMPLATE_VERSIONS_COLLECTION, toTemplateVersion } from './projection.ts';
import { variablesOf } from './variables.ts';

const MANAGE = { auth: { capability: 'email-templates.manage' } } as const;
const tags = ['email-templates'];
const security = [{ bearer: [] }];
const refusals = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const KeyParams = z.object({ key: TemplateKey });

const registeredParts = (template: MessageTemplate): TemplateParts =>
  template.channel === 'email' ? { subject: template.subject, html: template.html, text: template.text } : { text: template.text };

const summaryOf = (template: MessageTemplate, doc: Doc | null): TemplateSummary => ({
  key: template.key,
  module: template.key.slice(0, template.key.indexOf('.')),
  description: template.description,
  channel: template.channel,
  edited: doc?.edited === true,
  version: typeof doc?.version === 'number' ? doc.version : 0,
  updated_at: typeof doc?.updated_at === 'string' ? doc.updated_at : null,
  updated_by: typeof doc?.updated_by === 'string' ? doc.updated_by : null,
});

const detailOf = (template: MessageTemplate, doc: Doc | null): TemplateDetail => {
  const summary = summaryOf(template, doc);
  const registered = registeredParts(template);
  return {
    ...summary,
    registered,
    current: summary.edited ? { ...registered, ...partsFromDoc(doc?.parts) } : registered,
    variables: variablesOf(template),
    sample: template.sample as Record<string, unknown>,
  };
};

const renderedOf = (message: RenderedMessage): RenderedTemplate =>
  message.channel === 'email' ? { channel: 'email', subject: message.subject, html: message.html, text: message.text } : { channel: 'sms', subject: null, html: null, text: message.text };

/**
 * Super Admins' email and SMS templates (`/email-templates`): list, one with its variables, preview an unsaved edit,
 * save (at the version read), history, restore a version, reset to the registered text, send a test to yourself.
 */
export const emailTemplateRoutes =
  (platform: Platform): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    /** The template's override row once it holds the stream's head (an edit a moment ago, another process's). */
    const currentDoc = async (key: string) =>
      (await documentAtHead(platform, { collection: TEMPLATE_OVERRIDES_COLLECTION, id: key, stream: templateStream(key) })).doc;
    const detail = async (key: string) => detailOf(templateOf(platform, key), await currentDoc(key));

    app.get(
      '/admin/email-templates',
      {
        config: MANAGE,
        schema: { tags, security, summary: 'Every email and SMS template, whether an admin edited it, and when and by whom', response: { 200: okEnvelope(z.array(TemplateSummary)), ...refusals } },
      },
      async () => {
        const docs = new Map((await platform.documents.find(TEMPLATE_OVERRIDES_COLLECTION)).map((doc) => [doc._id, doc]));
        const items = platform.templates.list().map((template) => summaryOf(template, docs.get(template.key) ?? null));
        return { success: true as const, data: items.sort((a, b) => a.key.localeCompare(b.key)) };
      },
    );

    app.get(
      '/admin/email-templates/:key',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'One template: its registered and current parts, its variables (type, description, sample) and sample data',
          params: KeyParams,
          response: { 200: okEnvelope(TemplateDetail), ...refusals },
        },
      },
      async (request) => ({ success: true as const, data: await detail(request.params.key) }),
    );

    app.post(
      '/admin/email-templates/:key/preview',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'Render an unsaved edit with the sample data (the HTML inside the email layout), or 400 naming the part and the problem',
          params: KeyParams,
          body: PreviewTemplateBody,
          response: { 200: okEnvelope(RenderedTemplate), ...refusals },
        },
      },
      async (request) => ({ success: true as const, data: renderedOf(await checkEdit(platform, request.params.key, request.body)) }),
    );

    app.put(
      '/admin/email-templates/:key',
      {
        config: MANAGE,
        schema: {
          tags,
          security,
          summary: 'Save an edit at the version read (409 STALE_VERSION after another change); refused (400) when a part does not render or the HTML would run anything',
          params: KeyParams,
          body: SaveTemplateBody,
          response: { 200: okEnvelope(TemplateDetail), ...refusals },
        },
      },
      async (request) => {
        const { key } = request.params;
        await editTemplate(platform, key, request.body, requestMeta(request, platform));
        return { success: true as const, data: await detail(key), message: 'Template saved.' };
      },
    );

    app.get(
      '/admin/email-templates/:key/history',
      {
        config: MANAGE,
        schema: { tags, security, summary: 'Every version of the template, newest first: who, when, what', params: KeyParams, response: { 200: okEnvelope(TemplateHistory), ...refusals } },
      },
      async (request) => {
        const { key } = request.params;
        templateOf(platform, key);
        await currentDoc(key);
        const docs = await platform.documents.find(TEMPLATE_VERSIONS_COLLECTION, { key }, { sort: { version: -1 }, limit: 200 });
        return { success: true as const, data: { key, items: docs.map(toTemplateVersion) } };
      },
    );

    app.post(
      '/admin/email-templates/:key/restore',
      {
        config: MANAGE,
        schema: { tags, security, summary: 'Bring back an earlier version (checked again first)', params: KeyParams, body: RestoreTemplateBody, response: { 200: okEnvelope(TemplateDetail), ...refusals } },
      },
      async (request) => {
        const { key } = request.params;
        await restoreTemplate(platform, key, request.body, requestMeta(request, platform));
        return { success: true as const, data: await detail(key), message: `Version ${request.body.version} restored.` };
      },
    );

    app.post(
      '/admin/email-templates/:key/reset',
      {
        config: MANAGE,
        schema: { tags, security, summary: 'Send the registered text again (the edits stay in the history)', params: KeyParams, body: ResetTemplateBody, response: { 200: okEnvelope(TemplateDetail), ...refusals } },
      },
      async (request) => {
        const { key } = request.params;
        await resetTemplate(platform, key, request.body, requestMeta(request, platform));
        return { success: true as const, data: await detail(key), message: 'Template reset to its default.' };
      },
    );

    app.post(
      '/admin/email-templates/:key/test',
      {
        config: { ...MANAGE, rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: accountOrClientKey } },
        schema: {
          tags,
          security,
          summary: 'Send the saved template, with its sample data, to your own email (an SMS: your phone), subject starting with [Test]',
          params: KeyParams,
          response: { 200: okEnvelope(TestSendResult), ...refusals, 429: ErrorEnvelope },
        },
      },
      async (request) => {
        const template = templateOf(platform, request.params.key);
        const caller = callerOf(request);
        const message = { template: template.key, variables: template.sample as Record<string, unknown>, test: true };
        // Identity knows where to reach the caller (email, phone): the test goes the way every notice goes.
        await accountNoticeJob.enqueue(
          platform,
          { account_id: caller.userId, ...(template.channel === 'email' ? { email: message } : { sms: message }) },
          { id: `email-template-test:${platform.newId()}` },
        );
        const data: TestSendResult = { channel: template.channel, to: template.channel === 'email' ? 'your email' : 'your phone' };
        return { success: true as const, data, message: `Test sent to ${data.to}.` };
      },
    );
  };
