import { describe, expect, it } from 'vitest';
import { csvField, eventsToCsvRow, inRange, parseExportRange } from './export-format.ts';

describe('event export format', () => {
  it('quotes CSV fields with commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('makes fields that could start a spreadsheet formula inert, a leading tab or carriage return included', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=cmd')).toBe("'\t=cmd");
    expect(csvField('\r=cmd')).toBe('"\'\r=cmd"');
    expect(csvField('harmless text')).toBe('harmless text');
  });

  it('writes one row per event in header order', () => {
    const row = eventsToCsvRow({
      id: 'e1', type: 'T', stream: 's-1', version: 1, position: 7, occurredAt: '2026-01-02T03:04:05.000Z',
      actor: null, correlationId: 'c', causationId: null, schemaVersion: 1, data: { x: 1 },
    });
    expect(row).toBe('7,e1,T,s-1,1,2026-01-02T03:04:05.000Z,,c,,1,"{""x"":1}"');
  });

  it('includes the whole --to day and refuses bad dates', () => {
    const range = parseExportRange('2026-01-01', '2026-01-02');
    expect(inRange('2026-01-02T23:59:59.000Z', range)).toBe(true);
    expect(inRange('2026-01-03T00:00:00.000Z', range)).toBe(false);
    expect(inRange('2025-12-31T23:59:59.000Z', range)).toBe(false);
    expect(() => parseExportRange('yesterday')).toThrow(/--from must be a date/);
    expect(() => parseExportRange('2026-02-01', '2026-01-01')).toThrow(/after/);
  });
});
