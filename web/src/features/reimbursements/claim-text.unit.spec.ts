import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@acpg/contracts/uploads';
import { actorText, addDocuments, amountProblem, documentProblem, dollarsToCents, earliestExpenseDay, expenseDateProblem } from './claim-text.ts';

describe('dollarsToCents', () => {
  it('reads plain amounts, thousands separators and a dollar sign', () => {
    expect(dollarsToCents('80')).toBe(8000);
    expect(dollarsToCents('1250.5')).toBe(125050);
    expect(dollarsToCents('$1,250.05')).toBe(125005);
    expect(dollarsToCents(' 0.01 ')).toBe(1);
    // No binary drift: 1.005 is refused (3 decimals), 19.99 is exact.
    expect(dollarsToCents('19.99')).toBe(1999);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.005', '-5', '1,25.00', '12e3', '1.2.3']) expect(dollarsToCents(bad), bad).toBeNull();
  });
});

describe('amountProblem', () => {
  it('says what to type and keeps the contract limits', () => {
    expect(amountProblem('')).toMatchObject({ cents: null, problem: expect.stringContaining('Enter the amount') });
    expect(amountProblem('0')).toMatchObject({ cents: null, problem: 'The amount is at least $0.01.' });
    expect(amountProblem('100000.01')).toMatchObject({ cents: null, problem: 'The amount is at most $100,000.00.' });
    expect(amountProblem('100000')).toEqual({ cents: 10_000_000, problem: null });
    expect(amountProblem('500.01', 'approved amount', 50_000)).toMatchObject({ problem: 'The approved amount is at most $500.00.' });
  });
});

describe('expenseDateProblem', () => {
  const today = new Date(2026, 5, 15, 10, 0); // June 15, 2026, local time
  it('takes a day within the window, today included', () => {
    expect(expenseDateProblem('2026-06-15', today)).toBeNull();
    expect(expenseDateProblem(earliestExpenseDay(today), today)).toBeNull();
    expect(earliestExpenseDay(today)).toBe('2025-06-15');
  });
  it('refuses a future day, a day too old and a non-day', () => {
    expect(expenseDateProblem('2026-06-16', today)).toContain('in the future');
    expect(expenseDateProblem('2025-06-14', today)).toContain('more than 365 days old');
    expect(expenseDateProblem('2026-02-30', today)).toBe('Enter a date as MM/DD/YYYY.');
    expect(expenseDateProblem('', today)).toBe('Enter the day you paid the expense.');
  });
});

describe('documents', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it('accepts PDF, JPEG, PNG and WebP within 15 MB, by type or by extension', () => {
    expect(documentProblem(file('a.pdf', 'application/pdf'))).toBeNull();
    expect(documentProblem(file('a.webp', ''))).toBeNull();
    expect(documentProblem(file('a.gif', 'image/gif'))).toBe('a.gif is not a PDF, JPEG, PNG or WebP file.');
    expect(documentProblem(file('big.pdf', 'application/pdf', MAX_DOCUMENT_BYTES + 1))).toBe('big.pdf is larger than 15 MB.');
    expect(documentProblem(file('empty.png', 'image/png', 0))).toBe('empty.png is empty.');
  });
  it('adds at most five and names every file left out', () => {
    const four = [1, 2, 3, 4].map((i) => file(`${i}.pdf`, 'application/pdf'));
    const { files, problems } = addDocuments(four, [file('5.png', 'image/png'), file('6.png', 'image/png'), file('x.txt', 'text/plain')]);
    expect(files.map((f) => f.name)).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.png']);
    expect(problems).toEqual(['6.png was not added: attach at most 5 documents.', 'x.txt is not a PDF, JPEG, PNG or WebP file.']);
  });
});

describe('actorText', () => {
  it('names the viewer, the claimant, the reviewer and the system', () => {
    expect(actorText('me', 'me', 'me')).toBe('You');
    expect(actorText('c1', 'c1', 'admin')).toBe('The claimant');
    expect(actorText('admin2', 'c1', 'c1')).toBe('ACPG reviewer');
    expect(actorText('system', 'c1', 'c1')).toBe('ACPG (automatic)');
  });
});
