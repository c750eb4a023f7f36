import type { z } from 'zod';

/** The variables a template may use, as a zod object: declared names only, each with its type. */
export type TemplateVariables = z.ZodObject;

interface TemplateBase<V extends TemplateVariables> {
  /** Unique across modules: `<module>.<message>`, e.g. `identity.sign-in-notice`. Overrides are stored under it. */
  key: string;
  /** What the message is for, in a line, for the email-templates screen. */
  description: string;
  variables: V;
  /** Realistic data for the preview; rendered at registration, so a template that cannot render is refused at start. */
  sample: z.input<V>;
}

/**
 * An email, written in Liquid (liquidjs.com). `{{ name }}` in `html` is HTML-escaped; in `subject` and `text` it is
 * not (plain text). A variable not declared in `variables` is an error, never an empty string.
 */
export interface EmailTemplate<V extends TemplateVariables = TemplateVariables> extends TemplateBase<V> {
  channel: 'email';
  subject: string;
  html: string;
  text: string;
}

/** A text message, written in Liquid like an email's text part. */
export interface SmsTemplate<V extends TemplateVariables = TemplateVariables> extends TemplateBase<V> {
  channel: 'sms';
  text: string;
}

export type MessageTemplate = EmailTemplate | SmsTemplate;

export const defineEmailTemplate = <V extends TemplateVariables>(template: Omit<EmailTemplate<V>, 'channel'>): EmailTemplate<V> => ({
  channel: 'email',
  ...template,
});

export const defineSmsTemplate = <V extends TemplateVariables>(template: Omit<SmsTemplate<V>, 'channel'>): SmsTemplate<V> => ({
  channel: 'sms',
  ...template,
});

export type RenderedMessage = { channel: 'email'; subject: string; html: string; text: string } | { channel: 'sms'; text: string };

/** The parts of a template an admin may edit; a part left out keeps the registered text. */
export interface TemplateOverride {
  subject?: string;
  html?: string;
  text?: string;
}

/** What a module puts in a job to send a message: the template's key and its variables, rendered by the worker. */
export interface TemplateMessage {
  channel: 'email' | 'sms';
  to: string;
  template: string;
  variables: Record<string, unknown>;
}

/** A message for `to` from a registered template; the variables are type-checked against the template's schema. */
export const templateMessage = <V extends TemplateVariables>(
  template: EmailTemplate<V> | SmsTemplate<V>,
  to: string,
  variables: z.input<V>,
): TemplateMessage => ({ channel: template.channel, to, template: template.key, variables: variables as Record<string, unknown> });
