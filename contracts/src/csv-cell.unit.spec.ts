import { describe, expect, it } from 'vitest';
import { inertCell } from './csv-cell.ts';

describe('inertCell (CSV formula guard)', () => {
  it.each(['=SUM(A1:A2)', '+1+1', '-2+3', '@SUM(A1)', '\t=cmd|"/c calc"!A1', '\r=HYPERLINK("http://x")', '\tplain', '\r'])(
    'prefixes %j with a quote',
    (text) => {
      expect(inertCell(text)).toBe(`'${text}`);
    },
  );

  it.each(['', 'plain', 'Get started', '12.50', 'a=b', 'x-y', 'mail@example.com', ' =not first', '\n=newline first', "'already"])(
    'leaves %j as it is',
    (text) => {
      expect(inertCell(text)).toBe(text);
    },
  );
});
