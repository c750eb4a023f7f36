import { describe, expect, it } from 'vitest';
import { bundledPropertyData } from '../../../platform/property-data/bundled.ts';
import type { PropertyRecord } from '../../../platform/property-data/port.ts';
import { loadSampleDataset } from '../../../platform/property-data/sample-data/dataset.ts';
import { verificationQuestions } from './questions.ts';

const { properties } = loadSampleDataset();
const byId = async (id: string): Promise<PropertyRecord> => {
  const record = await bundledPropertyData().findById(id);
  if (!record) throw new Error(`no ${id}`);
  return record;
};

describe('verification questions', () => {
  it('asks about the owner, the year built and the hazard zones, with the record’s answers among four distinct choices', async () => {
    const record = await byId('ca-lax-00002'); // 8357 Santa Rosa Avenue, Glendale: built 1978, in a seismic hazard zone
    const questions = verificationQuestions(record);
    expect(questions.map((q) => q.id)).toEqual(['owner_name', 'year_built', 'hazard_zones']);
    expect(questions.map((q) => q.answer)).toEqual(['Omar and Olivia Castillo', '1978', 'Seismic hazard zone']);
    for (const q of questions) {
      expect(q.choices).toHaveLength(4);
      expect(new Set(q.choices).size).toBe(4);
      expect(q.choices).toContain(q.answer);
    }
  });

  it('shows the same choices in the same order every time for one property, so starting again reveals nothing', () => {
    const record = properties[100] as PropertyRecord;
    expect(verificationQuestions(record)).toEqual(verificationQuestions({ ...record }));
  });

  it('makes wrong owners in the form of the right one, and wrong years in order, within 15 years and none in the future', () => {
    for (const record of properties.slice(0, 400)) {
      const [owner, year] = verificationQuestions(record);
      const form = (name: string) => (name.endsWith('Living Trust') ? 'living' : name.endsWith('Family Trust') ? 'family' : name.includes(' and ') ? 'couple' : 'single');
      expect(new Set(owner?.choices.map(form)).size, record.id).toBe(1);
      const years = (year?.choices ?? []).map(Number);
      expect(years, record.id).toEqual([...years].sort((a, b) => a - b));
      expect(years.every((y) => y <= 2025 && Math.abs(y - record.year_built) <= 15), record.id).toBe(true);
    }
  });

  /** How often the right answer holds each place among the choices, over many properties. */
  const placeShares = (questionIndex: number) => {
    const sample = properties.slice(0, 800);
    const counts = [0, 0, 0, 0];
    for (const record of sample) {
      const q = verificationQuestions(record)[questionIndex];
      const place = q?.choices.indexOf(q.answer) ?? -1;
      counts[place] = (counts[place] ?? 0) + 1;
    }
    return counts.map((n) => n / sample.length);
  };

  it('puts the right answer at every place about as often (its place gives nothing away), years included', () => {
    for (const index of [0, 1, 2]) for (const share of placeShares(index)) expect(share, `question ${index}`).toBeGreaterThan(0.15);
  });

  it('builds hazard choices where no shape gives the right one away', () => {
    const zones = (text: string) => (text === 'None of these zones' ? [] : text.replace(' and ', ', ').split(', '));
    const distance = (a: string[], b: string[]) => a.filter((x) => !b.includes(x)).length + b.filter((x) => !a.includes(x)).length;
    const sample = properties.slice(0, 1200);
    const wins = { central: 0, smallest: 0, largest: 0 };
    for (const record of sample) {
      const q = verificationQuestions(record)[2];
      if (!q) throw new Error('no hazard question');
      const sets = q.choices.map(zones);
      const spread = sets.map((a) => sets.reduce((n, b) => n + distance(a, b), 0));
      const sizes = sets.map((set) => set.length);
      if (q.choices[spread.indexOf(Math.min(...spread))] === q.answer) wins.central++;
      if (q.choices[sizes.indexOf(Math.min(...sizes))] === q.answer) wins.smallest++;
      if (q.choices[sizes.indexOf(Math.max(...sizes))] === q.answer) wins.largest++;
      if (record.hazards && Object.values(record.hazards).filter(Boolean).length >= 2) {
        expect(new Set(sizes).size, `${record.id}: every choice the same size`).toBe(1);
      }
    }
    // A blind guess is right a quarter of the time; no strategy that reads the choices' shape does much better.
    for (const [strategy, n] of Object.entries(wins)) expect(n / sample.length, strategy).toBeLessThan(0.4);
  });


  it('asks four distinct hazard choices for a property in every zone, or in none', async () => {
    const base = await byId('ca-lax-00002');
    for (const on of [true, false]) {
      const hazards = Object.fromEntries(Object.keys(base.hazards).map((k) => [k, on])) as PropertyRecord['hazards'];
      const q = verificationQuestions({ ...base, hazards })[2];
      expect(new Set(q?.choices).size).toBe(4);
      expect(q?.choices).toContain(q?.answer);
    }
  });
});
