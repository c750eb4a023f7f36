import { describe, expect, it } from 'vitest';
import { parsePart, renderPart } from './engine.ts';

const render = (kind: 'html' | 'text', source: string, scope: Record<string, unknown>) => renderPart(kind, parsePart(kind, source), scope);

describe('Liquid format filters (the server’s one formatter, in the recipient’s zone)', () => {
  const scope = { paid_at: '2026-06-03T04:30:00.000Z', time_zone: 'America/Los_Angeles', amount_cents: 123_450 };

  it('dates a US evening event on the recipient’s calendar', () => {
    expect(render('text', '{{ paid_at | long_date: time_zone }}', scope)).toBe('June 2, 2026');
    expect(render('text', '{{ paid_at | long_date: "America/New_York" }}', scope)).toBe('June 3, 2026');
    expect(render('text', '{{ paid_at | date_us: time_zone }} {{ paid_at | date_time: time_zone }}', scope)).toBe('06-02-2026 06-02-2026 09:30 PM');
    expect(render('html', '{{ paid_at | long_date_time: time_zone }}', scope)).toBe('Tuesday, June 2, 2026 at 9:30 PM PDT');
  });

  it('money in US dollars from cents; an unknown zone is the default one; not a date is nothing', () => {
    expect(render('text', '{{ amount_cents | usd }}', scope)).toBe('$1,234.50');
    expect(render('text', '{{ paid_at | long_date: "Mars/Base" }}', scope)).toBe('June 2, 2026');
    expect(render('text', '[{{ "soon" | long_date: time_zone }}]', scope)).toBe('[]');
  });
});
