import { HAZARD_FLAGS, HAZARD_LABELS, type HazardFlag, type PropertyRecord } from '../property-data/port.ts';
import { FIRST_NAMES, LAST_NAMES } from '../sample-data/names.ts';

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

/**
 * Seeded by the property and question: a new verification of the same property shows the same choices in the same
 * order, so starting again reveals nothing (the right answer would otherwise be the one choice that stays).
 */
const seeded = (seed: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
type Random = () => number;
const pick = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;

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

/** A set of zones one or two flags away from the real one. */
const zonesNear = (rnd: Random, real: readonly HazardFlag[]): string => {
  const set = new Set(real);
  const flips = 1 + Math.floor(rnd() * 2);
  for (let i = 0; i < flips; i++) {
    const flag = pick(rnd, HAZARD_FLAGS);
    if (set.has(flag)) set.delete(flag);
    else set.add(flag);
  }
  return zonesText(HAZARD_FLAGS.filter((f) => set.has(f)));
};

const question = (property: PropertyRecord, id: string, prompt: string, answer: string, wrong: (rnd: Random) => string): AskedQuestion => {
  const rnd = seeded(`${property.id}:${id}`);
  const choices = shuffled(rnd, [answer, ...distinct(answer, () => wrong(rnd), CHOICES - 1)]);
  return { id, prompt, choices, answer };
};

/** The questions that prove someone knows the property: answers from its record, plausible wrong choices beside them. */
export const verificationQuestions = (property: PropertyRecord): AskedQuestion[] => {
  const zones = HAZARD_FLAGS.filter((flag) => property.hazards[flag]);
  const year = property.year_built;
  const years = [-9, -7, -5, -4, -3, 3, 4, 5, 7, 9].map((d) => year + d).filter((y) => y <= LATEST_YEAR);
  const yearQuestion = question(property, 'year_built', 'In what year was the home built?', String(year), (rnd) => String(pick(rnd, years)));
  return [
    question(property, 'owner_name', 'Who is the owner of record?', property.owner_name, (rnd) => ownerLike(rnd, property.owner_name)),
    // Years read best in order; the order itself says nothing, since the wrong years fall on both sides.
    { ...yearQuestion, choices: [...yearQuestion.choices].sort() },
    question(property, 'hazard_zones', 'Which natural hazard zones is the property in?', zonesText(zones), (rnd) => zonesNear(rnd, zones)),
  ];
};
