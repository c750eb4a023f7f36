import type { Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTemplateRegistry, TemplateError } from './registry.ts';
import { defineEmailTemplate, defineSmsTemplate, templateMessage, type MessageTemplate } from './template.ts';

const welcome = defineEmailTemplate({
  key: 'test.welcome',
  description: 'Welcome',
  subject: 'Welcome, {{ full_name }}',
  html: '<p>Hello {{ full_name }}</p>{% if device %}<p>Device: {{ device }}</p>{% endif %}',
  text: 'Hello {{ full_name }}{% if device %} on {{ device }}{% endif %}',
  variables: z.object({ full_name: z.string().min(1), device: z.string().optional() }),
  sample: { full_name: 'Jane Doe', device: 'Firefox on Windows' },
});

const code = defineSmsTemplate({
  key: 'test.code',
  description: 'A code',
  text: 'Your code is {{ code }}.',
  variables: z.object({ code: z.string().regex(/^\d{6}$/) }),
  sample: { code: '123456' },
});

const refused = (templates: MessageTemplate[]) => {
  try {
    createTemplateRegistry(templates);
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateError);
    return (error as Error).message;
  }
  throw new Error('the registry accepted the templates');
};

describe('message template registry', () => {
  it('lists the templates and previews each with its sample data', async () => {
    const registry = createTemplateRegistry([welcome, code]);
    expect(registry.list().map((t) => t.key)).toEqual(['test.welcome', 'test.code']);
    expect(await registry.preview('test.welcome')).toEqual({
      channel: 'email',
      subject: 'Welcome, Jane Doe',
      html: '<p>Hello Jane Doe</p><p>Device: Firefox on Windows</p>',
      text: 'Hello Jane Doe on Firefox on Windows',
    });
    expect(await registry.preview('test.code')).toEqual({ channel: 'sms', text: 'Your code is 123456.' });
  });

  it('escapes HTML in the variables of the HTML part only', async () => {
    const registry = createTemplateRegistry([welcome]);
    const rendered = await registry.render('test.welcome', { full_name: '<script>alert("x")</script> & Co' });
    expect(rendered).toMatchObject({
      html: '<p>Hello &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Co</p>',
      text: 'Hello <script>alert("x")</script> & Co',
      subject: 'Welcome, <script>alert("x")</script> & Co',
    });
  });

  it('renders an optional variable left out as nothing', async () => {
    const registry = createTemplateRegistry([welcome]);
    expect(await registry.render('test.welcome', { full_name: 'Jane' })).toMatchObject({ html: '<p>Hello Jane</p>', text: 'Hello Jane' });
  });

  it('refuses at registration a variable the template does not declare, naming the template and the part', () => {
    const message = refused([{ ...welcome, text: 'Hello {{ first_name }}' }]);
    expect(message).toContain('test.welcome');
    expect(message).toMatch(/text: undefined variable: first_name/);
  });

  it('refuses at registration a syntax error, an unknown filter and a sample that does not fit', () => {
    expect(refused([{ ...welcome, html: '<p>{% if full_name %}open</p>' }])).toMatch(/test\.welcome.*html:/s);
    expect(refused([{ ...welcome, subject: '{{ full_name | shout }}' }])).toMatch(/subject: .*shout/);
    expect(refused([{ ...code, sample: { code: 'abc' } }])).toMatch(/test\.code: the variables do not fit/);
  });

  it('refuses a repeated key and a key that does not name its module', () => {
    expect(refused([code, code])).toContain('test.code is registered twice');
    expect(refused([{ ...code, key: 'Code' }])).toContain('Template key "Code"');
  });

  it('refuses to render variables that do not fit, and an unknown template', async () => {
    const registry = createTemplateRegistry([code]);
    await expect(registry.render('test.code', { code: '12' })).rejects.toThrow(/test\.code: the variables do not fit/);
    await expect(registry.render('test.code', {})).rejects.toThrow(TemplateError);
    await expect(registry.render('test.nope', {})).rejects.toThrow('No message template is registered as test.nope.');
  });

  it('reads no file: an include finds nothing', () => {
    expect(refused([{ ...code, text: "{% include '/etc/passwd' %}" }])).toMatch(/test\.code.*text:/s);
  });

  it('renders a stored override, looked up by key at each render', async () => {
    const stored = new Map<string, { subject?: string; text?: string }>();
    const registry = createTemplateRegistry([welcome], { overrides: { find: async (key) => stored.get(key) ?? null } });
    expect(await registry.render('test.welcome', { full_name: 'Jane' })).toMatchObject({ subject: 'Welcome, Jane' });
    stored.set('test.welcome', { subject: 'Hi {{ full_name }}!' });
    expect(await registry.render('test.welcome', { full_name: 'Jane' })).toMatchObject({ subject: 'Hi Jane!', text: 'Hello Jane' });
    expect(await registry.preview('test.welcome')).toMatchObject({ subject: 'Hi Jane Doe!' });
  });

  it('previews an edit before it is stored, refusing one that cannot render', async () => {
    const registry = createTemplateRegistry([welcome]);
    expect(await registry.preview('test.welcome', { text: 'Bye {{ full_name }}' })).toMatchObject({ text: 'Bye Jane Doe' });
    await expect(registry.preview('test.welcome', { text: 'Bye {{ name }}' })).rejects.toThrow(/text: undefined variable: name/);
    await expect(registry.preview('test.welcome', { html: '{% for %}' })).rejects.toThrow(/cannot be parsed: html:/);
  });

  it('sends the registered text when a stored override cannot render, and logs it', async () => {
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => void logged.push(args) } as unknown as Logger;
    const registry = createTemplateRegistry([welcome], { overrides: { find: async () => ({ subject: 'Hi {{ name }}' }) }, log });
    expect(await registry.render('test.welcome', { full_name: 'Jane' })).toMatchObject({ subject: 'Welcome, Jane' });
    expect(logged).toHaveLength(1);
  });

  it('builds a job message from a template, its recipient and its variables', () => {
    expect(templateMessage(code, '+15550001111', { code: '424242' })).toEqual({
      channel: 'sms',
      to: '+15550001111',
      template: 'test.code',
      variables: { code: '424242' },
    });
  });
});
