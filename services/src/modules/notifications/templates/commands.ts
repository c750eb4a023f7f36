import type { SaveTemplateBody, TemplateParts } from '@acpg/contracts/email-templates';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError, notFound } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { documentAtVersion } from '../../../platform/projections/caught-up.ts';
import { TemplateError } from '../../../platform/templates/registry.ts';
import { unsafeHtml, unsafeHtmlMessage } from '../../../platform/templates/safe-html.ts';
import type { MessageTemplate, RenderedMessage } from '../../../platform/templates/template.ts';
import { partsOf, templateDecider, templateStream, type TemplateCommand, type TemplateState } from './decider.ts';
import { TEMPLATE_OVERRIDES_COLLECTION } from './projection.ts';

export const templateOf = (platform: Platform, key: string): MessageTemplate => {
  const template = platform.templates.get(key);
  if (!template) throw notFound(`There is no message template ${key}.`);
  return template;
};

const refusal = (code: string, message: string, errors: { path: string; message: string }[]) => new DomainError('invalid', code, message, errors);

/**
 * An edit checked as it would be sent: an SMS has only a text; HTML that would run anything for a mail reader is
 * refused (UNSAFE_HTML); every part is parsed and rendered with the sample through the registry, and a part that
 * does not (bad syntax, an unknown variable or filter) is refused part by part (TEMPLATE_INVALID). Answers the
 * preview. Nothing is stored.
 */
export const checkEdit = async (platform: Platform, key: string, edit: TemplateParts): Promise<RenderedMessage> => {
  const template = templateOf(platform, key);
  const parts = partsOf(edit);
  if (template.channel === 'sms') {
    const extra = (['subject', 'html'] as const).filter((part) => parts[part] !== undefined);
    if (extra.length > 0) {
      throw refusal('TEMPLATE_INVALID', 'A text message has only a text.', extra.map((part) => ({ path: part, message: 'A text message has no such part.' })));
    }
  }
  if (parts.html !== undefined) {
    const problems = unsafeHtml(parts.html);
    if (problems.length > 0) throw refusal('UNSAFE_HTML', unsafeHtmlMessage(problems), [{ path: 'html', message: unsafeHtmlMessage(problems) }]);
  }
  try {
    return await platform.templates.preview(key, parts);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    const errors = error.parts.map((p) => ({ path: p.part, message: `${p.part === 'html' ? 'HTML' : p.part === 'subject' ? 'Subject' : 'Text'}: ${p.message}` }));
    const unsafe = error.parts.some((p) => p.part === 'html' && p.message.startsWith('The HTML has'));
    throw refusal(unsafe ? 'UNSAFE_HTML' : 'TEMPLATE_INVALID', errors.length > 0 ? `The template cannot be saved: ${errors.map((e) => e.message).join(' ')}` : error.message, errors);
  }
};

/**
 * Appends the command and waits (bounded) for the overrides read model to hold it, so the next message any process
 * sends after the answer uses it. Answers the template's version.
 */
const run = async (platform: Platform, key: string, command: TemplateCommand): Promise<{ version: number; state: TemplateState }> => {
  const { version, state } = await handleCommand(platform.eventStore, templateStream(key), templateDecider, command);
  await documentAtVersion(platform.documents, TEMPLATE_OVERRIDES_COLLECTION, key, version);
  return { version, state };
};

export const editTemplate = async (platform: Platform, key: string, body: SaveTemplateBody, metadata: CommandMeta) => {
  const { expected_version, ...parts } = body;
  await checkEdit(platform, key, parts);
  return run(platform, key, { type: 'EditTemplate', data: { key, expected_version, parts: partsOf(parts) }, metadata });
};

/** A version brought back is checked again first: the code's variables may have changed since it was saved. */
export const restoreTemplate = async (platform: Platform, key: string, body: { version: number; expected_version: number }, metadata: CommandMeta) => {
  templateOf(platform, key);
  const { state } = await loadStream(platform.eventStore, templateStream(key), templateDecider);
  const parts = state.versions[body.version];
  if (parts) await checkEdit(platform, key, parts);
  return run(platform, key, { type: 'RestoreTemplate', data: { key, ...body }, metadata });
};

export const resetTemplate = async (platform: Platform, key: string, body: { expected_version: number }, metadata: CommandMeta) => {
  templateOf(platform, key);
  return run(platform, key, { type: 'ResetTemplate', data: { key, ...body }, metadata });
};
