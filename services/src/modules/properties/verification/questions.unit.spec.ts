import { describe, expect, it } from 'vitest';
import { bundledPropertyData } from '../property-data/bundled.ts';
import type { PropertyRecord } from '../property-data/port.ts';
import { loadSampleDataset } from '../sample-data/dataset.ts';
import { verificationQuestions } from './questions.ts';

const { properties } = loadSampleDataset();
const byId = async (id: string): Promise<PropertyRecord> => {
  const record = await bundledPropertyData().findById(id);
  if (!record) throw new Error(`no ${id}`);
  return record;
};

describe('verification questions', () => {
  it('asks about the owner, the year built and the hazard zones, with the record’s answers among four distinct choices', async () => {
    const record = await byId('ca-lax-00002'); // 4084 Manzanita Drive, Malibu: built 2006, in a wildland area
    const questions = verificationQuestions(record);
    expect(questions.map((q) => q.id)).toEqual(['owner_name', 'year_built', 'hazard_zones']);
    expect(questions.map((q) => q.answer)).toEqual([record.owner_name, '2006', 'Wildland area']);
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

  it('makes wrong owners in the form of the right one, and wrong years on both sides of it, none in the future', () => {
    for (const record of properties.slice(0, 400)) {
      const [owner, year] = verificationQuestions(record);
      const form = (name: string) => (name.endsWith('Living Trust') ? 'living' : name.endsWith('Family Trust') ? 'family' : name.includes(' and ') ? 'couple' : 'single');
      expect(new Set(owner?.choices.map(form)).size, record.id).toBe(1);
      expect(year?.choices.every((y) => Number(y) <= 2025 && Math.abs(Number(y) - record.year_built) <= 9)).toBe(true);
    }
  });

  it('does not always put the right answer in the same place', () => {
    const positions = new Set(properties.slice(0, 50).map((record) => verificationQuestions(record)[0]?.choices.indexOf(record.owner_name)));
    expect(positions.size).toBe(4);
  });
});
