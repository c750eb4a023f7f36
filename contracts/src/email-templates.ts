import { z } from 'zod';

/**
 * Email and SMS templates a Super Admin manages (`/email-templates`, capability `email-templates.manage`). Every message
 * the product sends is a registered Liquid template (`<module>.<name>`); an admin's edit is kept by the notifications
 * module as events on stream `notifications-email-template-<key>` and used from the next message on. An edit that
 * would not render (an unknown variable, an unknown filter, bad syntax) or whose HTML would run anything in a mail
 * reader is refused when saved, naming the part.
 */

export const TEMPLATE_PARTS = ['subject', 'html', 'text'] as const;
export const TemplatePart = z.enum(TEMPLATE_PARTS);
export type TemplatePart = z.infer<typeof TemplatePart>;

export const TemplateKey = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/, 'A template key such as identity.sign-in-code');

const part = (max: number) => z.string().max(max, `Keep it under ${max.toLocaleString('en-US')} characters`);
/** The parts of an edit; an SMS has only `text`. A part left out keeps the registered text. */
export const TemplateParts = z.object({
  subject: part(300).optional(),
  html: part(100_000).optional(),
  text: part(20_000).optional(),
});
export type TemplateParts = z.infer<typeof TemplateParts>;

/** The template's version the editor read (0: never edited); another change since refuses the save (409 STALE_VERSION). */
const ExpectedVersion = { expected_version: z.number().int().min(0) };

export const PreviewTemplateBody = TemplateParts;
export const SaveTemplateBody = TemplateParts.extend(ExpectedVersion);
export type SaveTemplateBody = z.infer<typeof SaveTemplateBody>;
export const RestoreTemplateBody = z.object({ version: z.number().int().min(1), ...ExpectedVersion });
export type RestoreTemplateBody = z.infer<typeof RestoreTemplateBody>;
export const ResetTemplateBody = z.object(ExpectedVersion);
export type ResetTemplateBody = z.infer<typeof ResetTemplateBody>;

export const TemplateChannel = z.enum(['email', 'sms']);
export type TemplateChannel = z.infer<typeof TemplateChannel>;

/** A row of the list. `updated_by` is an account id (the web shows the name); null when never edited. */
export const TemplateSummary = z.object({
  key: TemplateKey,
  module: z.string(),
  description: z.string(),
  channel: TemplateChannel,
  edited: z.boolean(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type TemplateSummary = z.infer<typeof TemplateSummary>;

/** A variable a template may use, from its zod schema. */
export const TemplateVariable = z.object({
  name: z.string(),
  /** `string`, `number`, `boolean`, `date`, `list`, `object` ... */
  type: z.string(),
  optional: z.boolean(),
  description: z.string().nullable(),
  /** The sample's value, as the preview uses it. */
  sample: z.unknown(),
});
export type TemplateVariable = z.infer<typeof TemplateVariable>;

export const RenderedTemplate = z.object({
  channel: TemplateChannel,
  subject: z.string().nullable(),
  /** The whole email as sent: the body inside the shared email layout. */
  html: z.string().nullable(),
  text: z.string(),
});
export type RenderedTemplate = z.infer<typeof RenderedTemplate>;

export const TemplateDetail = TemplateSummary.extend({
  /** What the code registered. */
  registered: TemplateParts,
  /** What is sent now: the edit when there is one, else the registered parts. */
  current: TemplateParts,
  variables: z.array(TemplateVariable),
  sample: z.record(z.string(), z.unknown()),
});
export type TemplateDetail = z.infer<typeof TemplateDetail>;

export const TemplateChangeKind = z.enum(['edited', 'restored', 'reset']);
/** One version of a template, newest first in the history; its parts are what it sent from then on. */
export const TemplateVersion = z.object({
  version: z.number().int(),
  kind: TemplateChangeKind,
  /** For `restored`: the version brought back. */
  from_version: z.number().int().nullable(),
  at: z.string(),
  by: z.string().nullable(),
  /** The parts of the edit from this version on; none for a reset (the registered text). */
  parts: TemplateParts,
});
export type TemplateVersion = z.infer<typeof TemplateVersion>;

export const TemplateHistory = z.object({ key: TemplateKey, items: z.array(TemplateVersion) });
export type TemplateHistory = z.infer<typeof TemplateHistory>;

export const TestSendResult = z.object({ channel: TemplateChannel, to: z.enum(['your email', 'your phone']) });
export type TestSendResult = z.infer<typeof TestSendResult>;

/** Events on `notifications-email-template-<key>` (each carries the template's version after it). */
export const MessageTemplateEditedData = TemplateParts.extend({ key: TemplateKey, version: z.number().int(), by: z.string().nullable(), at: z.string() });
export const MessageTemplateRestoredData = MessageTemplateEditedData.extend({ from_version: z.number().int() });
export const MessageTemplateResetData = z.object({ key: TemplateKey, version: z.number().int(), by: z.string().nullable(), at: z.string() });
export type MessageTemplateEditedData = z.infer<typeof MessageTemplateEditedData>;
export type MessageTemplateRestoredData = z.infer<typeof MessageTemplateRestoredData>;
export type MessageTemplateResetData = z.infer<typeof MessageTemplateResetData>;

export const EMAIL_TEMPLATE_ERROR_CODES = ['STALE_VERSION', 'TEMPLATE_INVALID', 'UNSAFE_HTML', 'NO_SUCH_VERSION'] as const;
