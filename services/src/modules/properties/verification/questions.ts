import { HAZARD_FLAGS, HAZARD_LABELS, type HazardFlag, type PropertyRecord } from '../../../platform/property-data/port.ts';
import { FIRST_NAMES, LAST_NAMES } from '../../../platform/property-data/sample-data/names.ts';
import { pick, seededRandom, type Random } from '../../../platform/property-data/seeded-random.ts';

/** A question with its right answer: the answer stays on the server (in the verification's stream). */
export interface AskedQuestion {
  id: string;
  prompt: string;
  choices: string[];
  answer: string;
}

const CHOICES = 4;
/** No year in the future: the dataset's newest homes are from 2020. */
const LATEST_YEAR = 2025;


const shuffled = <T>(rnd: Random, items: readonly T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

/** Wrong choices drawn until there are enough distinct ones (bounded: a generator that cannot vary gives up). */
const distinct = (right: string, draw: () => string, count: number): string[] => {
  const wrong = new Set<string>();
  for (let i = 0; wrong.size < count && i < 200; i++) {
    const next = draw();
    if (next !== right) wrong.add(next);
  }
  return [...wrong];
};

/** Wrong owners in the same form as the right one ("A and B Last", "Last Family Trust" ...), so the form gives nothing away. */
const ownerLike = (rnd: Random, owner: string): string => {
  const last = () => pick(rnd, LAST_NAMES);
  const first = () => pick(rnd, FIRST_NAMES);
  if (owner.endsWith(' Living Trust')) return `${first()} ${last()} Living Trust`;
  if (owner.endsWith(' Family Trust')) return `${last()} Family Trust`;
  if (owner.includes(' and ')) return `${first()} and ${first()} ${last()}`;
  return `${first()} ${last()}`;
};

const zonesText = (zones: readonly HazardFlag[]): string => {
  if (zones.length === 0) return 'None of these zones';
  const labels = zones.map((z) => HAZARD_LABELS[z]);
  if (labels.length === 1) return labels[0] as string;
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) as string}`;
};

/**
 * The hazard choices, built so that no choice stands out from the others. With two or three zones, every choice is a
 * shared core plus one zone of its own (all the same size, any two differ by two zones); with four or more, the real
 * zones with one swapped for the same other zone. With none or one zone, the choices are "None of these zones" and
 * three single zones, alike in both cases. (None is still the right answer of that shape somewhat more often than a quarter, as in
 * the data: the owner and year questions carry the rest.)
 */
const hazardChoices = (rnd: Random, real: readonly HazardFlag[]): string[] => {
  const inReal = (f: HazardFlag) => real.includes(f);
  const sets: HazardFlag[][] = [];
  if (real.length <= 1) {
    const singles = shuffled(rnd, HAZARD_FLAGS.filter((f) => !inReal(f))).slice(0, real.length === 0 ? 3 : 2);
    sets.push([...real], ...(real.length === 0 ? [] : [[]]), ...singles.map((f) => [f]));
  } else if (real.length <= 3) {
    const own = pick(rnd, real);
    const core = real.filter((f) => f !== own);
    sets.push([...real], ...shuffled(rnd, HAZARD_FLAGS.filter((f) => !inReal(f))).slice(0, 3).map((f) => [...core, f]));
  } else {
    const others = HAZARD_FLAGS.filter((f) => !inReal(f));
    const extra = others.length > 0 ? [pick(rnd, others)] : []; // in all six zones: the others have one fewer
    sets.push([...real], ...shuffled(rnd, real).slice(0, 3).map((f) => [...real.filter((r) => r !== f), ...extra]));
  }
  return sets.map((set) => zonesText(HAZARD_FLAGS.filter((f) => set.includes(f))));
};

/**
 * Four years in order with the real one at a random place among them (2 to 5 years apart), so its rank says nothing;
 * none after LATEST_YEAR (a recent home then sits nearer the top, which its own year already tells).
 */
const yearChoices = (rnd: Random, year: number): string[] => {
  let above = Math.floor(rnd() * CHOICES);
  const gap = () => 2 + Math.floor(rnd() * 4);
  const ups: number[] = [];
  for (let y = year; ups.length < above; ) {
    y += gap();
    if (y > LATEST_YEAR) break;
    ups.push(y);
  }
  above = ups.length;
  const downs: number[] = [];
  for (let y = year; downs.length < CHOICES - 1 - above; ) downs.push((y -= gap()));
  return [...downs.reverse(), year, ...ups].map(String);
};

const question = (property: PropertyRecord, id: string, prompt: string, answer: string, wrong: (rnd: Random) => string): AskedQuestion => {
  // Seeded by the property and question: a new verification of the same property shows the same choices in the same
  // order, so starting again reveals nothing (the right answer would otherwise be the one choice that stays).
  const rnd = seededRandom(`${property.id}:${id}`);
  const choices = shuffled(rnd, [answer, ...distinct(answer, () => wrong(rnd), CHOICES - 1)]);
  return { id, prompt, choices, answer };
};

/** The questions that prove someone knows the property: answers from its record, plausible wrong choices beside them. */
export const verificationQuestions = (property: PropertyRecord): AskedQuestion[] => {
  const zones = HAZARD_FLAGS.filter((flag) => property.hazards[flag]);
  const year = String(property.year_built);
  return [
    question(property, 'owner_name', 'Who is the owner of record?', property.owner_name, (rnd) => ownerLike(rnd, property.owner_name)),
    // Years read best in order.
    { id: 'year_built', prompt: 'In what year was the home built?', choices: yearChoices(seededRandom(`${property.id}:year_built`), property.year_built), answer: year },
    {
      id: 'hazard_zones',
      prompt: 'Which natural hazard zones is the property in?',
      choices: shuffled(seededRandom(`${property.id}:hazard_zones:order`), hazardChoices(seededRandom(`${property.id}:hazard_zones`), zones)),
      answer: zonesText(zones),
    },
  ];
};
