import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a PDF this platform rendered (pdfkit, standard fonts), one string per text-showing operator,
 * for tests that check what a receipt or a report says. Not a general PDF reader: it inflates each content stream
 * and decodes pdfkit's hex strings (WinAnsi, one byte a character); kerned pieces of one line are joined.
 */
export function pdfText(pdf: Buffer): string[] {
  const out: string[] = [];
  const source = pdf.toString('latin1');
  // pdfkit ends a stream with "\nendstream"; a compressed stream's own last byte may be "\r", so it is kept first.
  const streams = /stream\r?\n([\s\S]*?)\nendstream/g;
  const inflated = (raw: string): string | null => {
    for (const candidate of [raw, raw.replace(/\r$/, '')]) {
      try {
        return inflateSync(Buffer.from(candidate, 'latin1')).toString('latin1');
      } catch {
        // not this one
      }
    }
    return null;
  };
  for (const match of source.matchAll(streams)) {
    const content = inflated(match[1] ?? '') ?? (match[1] ?? ''); // else an uncompressed stream
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const pieces = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '') : [op[2] ?? ''];
      const text = pieces.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join('');
      if (text) out.push(text);
    }
  }
  return out;
}
