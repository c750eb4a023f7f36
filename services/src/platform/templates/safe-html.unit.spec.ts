import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailLayout } from './layout.ts';
import { createTemplateRegistry } from './registry.ts';
import { unsafeHtml } from './safe-html.ts';
import { defineEmailTemplate } from './template.ts';

describe('unsafe HTML in an email', () => {
  it.each([
    ['<script>alert(1)</script>', 'a <script> element'],
    ['<SCRIPT src="x.js"></SCRIPT>', 'a <script> element'],
    ['<scr{{ "" }}ipt>alert(1)</script>', 'a <script> element'],
    ['<img src=x onerror="alert(1)">', 'an event handler attribute (onerror=)'],
    ['<a href="#"\nonClick=alert(1)>x</a>', 'an event handler attribute (onclick=)'],
    ['<a href="javascript:alert(1)">x</a>', 'a javascript: URL'],
    ['<a href="java\tscript:alert(1)">x</a>', 'a javascript: URL'],
    ['<a href="&#106;avascript&#x3A;alert(1)">x</a>', 'a javascript: URL'],
    ['<a href="jav&#x09;ascript&colon;alert(1)">x</a>', 'a javascript: URL'],
    ['<iframe src="https://example.com"></iframe>', 'an <iframe> element'],
    ['<object data="x"></object>', 'an <object> element'],
    ['<embed src="x">', 'an <embed> element'],
    ['<form action="https://evil.example"><input></form>', 'a <form> element'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', 'a <meta> element'],
  ])('refuses %s', (html, problem) => {
    expect(unsafeHtml(html)).toContain(problem);
  });

  it('accepts ordinary email HTML: links, tables, inline styles, images', () => {
    const html = `<p style="color:#333">Hello {{ full_name }}, <a href="https://example.com/x?a=1&amp;b=2">open</a> or <a href="mailto:help@example.com">write</a>.</p>
<table role="presentation"><tr><td><img src="https://example.com/logo.png" alt="Logo"></td></tr></table><p>Questions online? Ask us.</p>`;
    expect(unsafeHtml(html)).toEqual([]);
  });

  it('checks what the source renders too', () => {
    expect(unsafeHtml('<p>{{ x }}</p>', '<p><script>1</script></p>')).toContain('a <script> element');
  });
});

const note = defineEmailTemplate({
  key: 'test.note',
  description: 'A note',
  subject: 'Note for {{ name }}',
  html: '<p>Hi {{ name }}</p>',
  text: 'Hi {{ name }}',
  variables: z.object({ name: z.string() }),
  sample: { name: 'Jane' },
});

describe('the registry with the layout and an unsafe edit', () => {
  const layout = emailLayout({ company: 'ACPG', siteUrl: 'https://acpg.example' });

  it('renders every email inside the layout: body, company, title from the subject (escaped)', async () => {
    const registry = createTemplateRegistry([note], { layout });
    const { html } = (await registry.render('test.note', { name: '<Ann>' })) as { html: string };
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<title>Note for &lt;Ann&gt;</title>');
    expect(html).toContain('<p>Hi &lt;Ann&gt;</p>');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('acpg.example');
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('refuses an unsafe edit in the preview, naming the part, and sends the registered text when one is stored', async () => {
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => void logged.push(args) } as never;
    const registry = createTemplateRegistry([note], { overrides: { find: async () => ({ html: '<p onclick="x()">Hi</p>' }) }, log });
    await expect(registry.preview('test.note', { html: '<a href="javascript:x()">Hi</a>' })).rejects.toMatchObject({ parts: [{ part: 'html' }] });
    expect(await registry.render('test.note', { name: 'Jane' })).toMatchObject({ html: '<p>Hi Jane</p>' });
    expect(logged).toHaveLength(1);
  });
});
