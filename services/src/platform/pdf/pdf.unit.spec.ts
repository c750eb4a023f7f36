import { describe, expect, it } from 'vitest';
import { renderPdf } from './document.ts';
import { amountLines, facts, footnote, heading, pdfSafe } from './layout.ts';
import { pdfText } from './read-text.ts';

describe('platform PDFs', () => {
  it('draws what the layout pieces are given, and reads it back', async () => {
    const pdf = await renderPdf({ title: 'Report', createdAt: new Date('2026-11-23T00:00:00Z') }, (doc) => {
      heading(doc, 'Report', 'A subtitle');
      facts(doc, [['Number', 'N-1']]);
      amountLines(doc, [
        { label: 'Line', amount: '$1.00' },
        { label: 'Total', amount: '$1.00', strong: true },
      ]);
      footnote(doc, 'Small print.');
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toEqual(['ACPG', 'Report', 'A subtitle', 'Number: ', 'N-1', 'Line', '$1.00', 'Total', '$1.00', 'Small print.']);
  });

  it('renders the same bytes for the same document (its own date, not the clock)', async () => {
    const draw = (doc: Parameters<Parameters<typeof renderPdf>[1]>[0]) => heading(doc, 'Same');
    const info = { title: 'Same', createdAt: new Date('2026-01-01T00:00:00Z') };
    expect((await renderPdf(info, draw)).equals(await renderPdf(info, draw))).toBe(true);
  });

  it('keeps what the standard fonts can draw (Latin-1, curly quotes, €) and shows "?" for the rest', async () => {
    expect(pdfSafe('José Ñandú – “€5”')).toBe('José Ñandú – “€5”');
    expect(pdfSafe('李 Lee 😀')).toBe('? Lee ?');
    const pdf = await renderPdf({ title: 't', createdAt: new Date(0) }, (doc) => facts(doc, [['Billed to', 'José 李']]));
    expect(pdfText(pdf)).toContain('José ?');
  });
});
