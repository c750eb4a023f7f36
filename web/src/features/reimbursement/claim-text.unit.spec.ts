import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@acpg/contracts/uploads';
import { actorText, addDocuments, amountProblem, documentProblem, documentRefusals, documentTypeOf, dollarsToCents, earliestExpenseDay, expenseDateProblem } from './claim-text.ts';

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
  it('says a negative amount must be more than $0.00, and gives one example everywhere', () => {
    for (const negative of ['-250', '-250.00', '$-10', '-$10', ' −5']) expect(amountProblem(negative), negative).toEqual({ cents: null, problem: 'The amount must be more than $0.00.' });
    expect(amountProblem('-10', 'approved amount')).toMatchObject({ problem: 'The approved amount must be more than $0.00.' });
    expect(amountProblem('')).toMatchObject({ problem: 'Enter the amount in dollars and cents, for example 1250.50.' });
    expect(amountProblem('12.345')).toMatchObject({ problem: 'Enter the amount in dollars and cents, for example 1250.50.' });
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
    expect(documentProblem(file('a.gif', 'image/gif'))).toBe('a.gif is not a PDF or an image (JPEG, PNG or WebP).');
    expect(documentProblem(file('big.pdf', 'application/pdf', MAX_DOCUMENT_BYTES + 1))).toBe('big.pdf is larger than 15 MB.');
    expect(documentProblem(file('empty.png', 'image/png', 0))).toBe('empty.png is empty.');
  });
  it('adds at most five and names every file left out', () => {
    const four = [1, 2, 3, 4].map((i) => file(`${i}.pdf`, 'application/pdf'));
    const { files, problems } = addDocuments(four, [file('5.png', 'image/png'), file('6.png', 'image/png'), file('x.txt', 'text/plain')]);
    expect(files.map((f) => f.name)).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.png']);
    expect(problems).toEqual(['6.png was not added: attach at most 5 documents.', 'x.txt is not a PDF or an image (JPEG, PNG or WebP).']);
  });
  it('goes by the content once it was read, whatever the name says', () => {
    // A text file renamed .pdf is refused, naming it; a real PDF named .bin is taken.
    expect(documentProblem(file('fake-invoice.pdf', 'application/pdf'), null)).toBe('fake-invoice.pdf is not a PDF or an image (JPEG, PNG or WebP).');
    expect(documentProblem(file('scan.bin', 'application/octet-stream'), 'application/pdf')).toBeNull();
    const { files, problems } = addDocuments([], [file('fake.pdf', 'application/pdf'), file('real.pdf', 'application/pdf')], 5, [null, 'application/pdf']);
    expect(files.map((f) => f.name)).toEqual(['real.pdf']);
    expect(problems).toEqual(['fake.pdf is not a PDF or an image (JPEG, PNG or WebP).']);
  });
});

describe('documentTypeOf', () => {
  const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));
  it('reads the PDF, JPEG, PNG and WebP signatures the server accepts', () => {
    expect(documentTypeOf(bytes('%PDF-1.4\n'))).toBe('application/pdf');
    expect(documentTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(documentTypeOf(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe('image/png');
    expect(documentTypeOf(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });
  it('refuses anything else, a near miss or a file too short to tell', () => {
    expect(documentTypeOf(bytes('this is not a pdf'))).toBeNull();
    expect(documentTypeOf(bytes('GIF89a'))).toBeNull();
    expect(documentTypeOf(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(documentTypeOf(bytes([0xff, 0xd8, 0xff, 0xf7]))).toBeNull(); // JPEG-LS
    expect(documentTypeOf(bytes('%PD'))).toBeNull();
    expect(documentTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('documentRefusals', () => {
  it('names the file the server refused by its place in the list', () => {
    const errors = [
      { path: 'documents.1.data', message: 'The file must be a JPEG, PNG or WebP image or a PDF.' },
      { path: 'amount_cents', message: 'Too much.' },
    ];
    expect(documentRefusals(errors, ['ok.pdf', 'fake-invoice.pdf'])).toEqual(['fake-invoice.pdf: The file must be a JPEG, PNG or WebP image or a PDF.']);
    expect(documentRefusals([{ path: 'documents', message: 'Attach at most 5 documents.' }], ['a.pdf'])).toEqual(['Attach at most 5 documents.']);
    expect(documentRefusals([{ path: 'amount_cents', message: 'Too much.' }], ['a.pdf'])).toEqual([]);
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
