import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HAZARD_FLAGS, type HazardFlag, type HazardFlags, type PropertyRecord } from '../port.ts';
import { SAMPLE_DATASET_FILE } from './dataset.ts';
import { SAMPLE_COUNTIES, type HazardProfile, type SampleCity, type SampleCounty } from './counties.ts';
import { FIRST_NAMES, LAST_NAMES, STREET_NAMES, STREET_SUFFIXES } from './names.ts';
import { pick, seededRandom, type Random } from '../seeded-random.ts';

/**
 * Writes the bundled SAMPLE dataset of California properties: `npm run properties:sample`.
 * Deterministic: the same code gives the same bytes (a test checks the committed file against it). Each county has
 * its own random stream, so changing one county leaves the others' records as they were.
 */
export const SAMPLE_NOTICE =
  'SAMPLE DATA for development and demonstration: counties, cities and ZIP codes are real; every street address, APN, ' +
  'owner name, year built and hazard flag is invented. Do not use it for any real-estate, insurance or disclosure purpose.';
const SEED = 'acpg-ca-sample-properties-v1';

const int = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

/** How likely each zone is for a city of that profile (rough, for plausible variety). */
const HAZARD_ODDS: Record<HazardProfile, Record<HazardFlag, number>> = {
  urban: { flood_zone: 0.12, very_high_fire_hazard_severity_zone: 0.04, earthquake_fault_zone: 0.06, seismic_hazard_zone: 0.5, dam_inundation: 0.16, wildland_area: 0.03 },
  suburban: { flood_zone: 0.12, very_high_fire_hazard_severity_zone: 0.08, earthquake_fault_zone: 0.06, seismic_hazard_zone: 0.4, dam_inundation: 0.2, wildland_area: 0.1 },
  coastal: { flood_zone: 0.25, very_high_fire_hazard_severity_zone: 0.06, earthquake_fault_zone: 0.06, seismic_hazard_zone: 0.55, dam_inundation: 0.05, wildland_area: 0.04 },
  hills: { flood_zone: 0.04, very_high_fire_hazard_severity_zone: 0.6, earthquake_fault_zone: 0.1, seismic_hazard_zone: 0.45, dam_inundation: 0.04, wildland_area: 0.45 },
  fault: { flood_zone: 0.08, very_high_fire_hazard_severity_zone: 0.12, earthquake_fault_zone: 0.4, seismic_hazard_zone: 0.5, dam_inundation: 0.12, wildland_area: 0.06 },
  river: { flood_zone: 0.55, very_high_fire_hazard_severity_zone: 0.02, earthquake_fault_zone: 0.02, seismic_hazard_zone: 0.25, dam_inundation: 0.6, wildland_area: 0.03 },
  desert: { flood_zone: 0.25, very_high_fire_hazard_severity_zone: 0.08, earthquake_fault_zone: 0.2, seismic_hazard_zone: 0.15, dam_inundation: 0.03, wildland_area: 0.3 },
};

const hazardsFor = (rnd: Random, profile: HazardProfile): HazardFlags => {
  const odds = HAZARD_ODDS[profile];
  const flags = Object.fromEntries(HAZARD_FLAGS.map((flag) => [flag, rnd() < odds[flag]])) as HazardFlags;
  // A very high fire hazard zone is mostly wildland-urban interface. Always drawn, so changing the odds never shifts
  // the random stream (and with it the addresses and APNs of the records after this one).
  const wildlandWithFire = rnd() < 0.6;
  if (flags.very_high_fire_hazard_severity_zone && wildlandWithFire) flags.wildland_area = true;
  return flags;
};

const ownerName = (rnd: Random): string => {
  const last = pick(rnd, LAST_NAMES);
  const form = rnd();
  if (form < 0.55) return `${pick(rnd, FIRST_NAMES)} ${last}`;
  if (form < 0.8) {
    const first = pick(rnd, FIRST_NAMES);
    let second = pick(rnd, FIRST_NAMES);
    if (second === first) second = pick(rnd, FIRST_NAMES);
    return `${first} and ${second} ${last}`;
  }
  if (form < 0.93) return `${last} Family Trust`;
  return `${pick(rnd, FIRST_NAMES)} ${last} Living Trust`;
};

/** Fills the county's APN format: the first group is a map book shared by a city, the rest varies per parcel. */
const apnFor = (rnd: Random, format: string, book: number): string => {
  const groups = format.split(/([-/])/);
  const first = groups[0] ?? '';
  const digits = String(book % 10 ** first.length).padStart(first.length, '0');
  return [digits, ...groups.slice(1).map((g) => (g === '-' || g === '/' ? g : Array.from(g, () => String(int(rnd, 0, 9))).join('')))].join('');
};

const yearBuilt = (rnd: Random, built: SampleCity['built']) => {
  // Two draws averaged: most homes from the middle of the city's building years, fewer at the edges.
  const span = built[1] - built[0];
  return built[0] + Math.round(((rnd() + rnd()) / 2) * span);
};

const countyRecords = (county: SampleCounty, usedApns: Set<string>): PropertyRecord[] => {
  const rnd = seededRandom(`${SEED}:${county.fips}`);
  const bookOf = new Map(county.cities.map((c, i) => [c.name, 100 + i * 37 + int(rnd, 0, 30)]));
  const streetsOf = new Map(county.cities.map((c) => [c.name, Array.from({ length: 14 }, () => `${pick(rnd, STREET_NAMES)} ${pick(rnd, STREET_SUFFIXES)}`)]));
  const usedAddresses = new Set<string>();
  const records: PropertyRecord[] = [];
  while (records.length < county.properties) {
    // The first city of each county is its largest: it gets a double share.
    const c = county.cities[Math.max(int(rnd, -1, county.cities.length - 1), 0)] as SampleCity;
    const street = pick(rnd, streetsOf.get(c.name) ?? []);
    const addressLine = `${int(rnd, 1, 98) * 100 + int(rnd, 0, 99)} ${street}`;
    const zip = pick(rnd, c.zips);
    const apn = apnFor(rnd, county.apnFormat, (bookOf.get(c.name) ?? 100) + int(rnd, 0, 9));
    const apnKey = apn.replace(/\D/g, '');
    if (usedAddresses.has(`${addressLine}|${c.name}`) || usedApns.has(apnKey)) continue;
    usedAddresses.add(`${addressLine}|${c.name}`);
    usedApns.add(apnKey);
    records.push({
      id: `ca-${county.code}-${String(records.length + 1).padStart(5, '0')}`,
      address_line: addressLine,
      city: c.name,
      county: county.name,
      state: 'CA',
      zip,
      apn,
      owner_name: ownerName(rnd),
      year_built: yearBuilt(rnd, c.built),
      hazards: hazardsFor(rnd, c.profile),
    });
  }
  return records;
};

/** A record as the file keeps it: the hazard zones the property is in, by flag name (the others are false). */
export type SampleProperty = Omit<PropertyRecord, 'hazards'> & { hazards: HazardFlag[] };

export interface SampleDataset {
  notice: string;
  sample_data: true;
  generated_by: string;
  seed: string;
  counties: { name: string; fips: string; apn_format: string }[];
  properties: SampleProperty[];
}

const toSampleProperty = (record: PropertyRecord): SampleProperty => ({ ...record, hazards: HAZARD_FLAGS.filter((flag) => record.hazards[flag]) });

export const generateSampleDataset = (): SampleDataset => {
  const usedApns = new Set<string>();
  return {
    notice: SAMPLE_NOTICE,
    sample_data: true,
    generated_by: 'npm run properties:sample (services/src/platform/property-data/sample-data/generate.ts)',
    seed: SEED,
    counties: SAMPLE_COUNTIES.map((c) => ({ name: c.name, fips: c.fips, apn_format: c.apnFormat })),
    properties: SAMPLE_COUNTIES.flatMap((c) => countyRecords(c, usedApns)).map(toSampleProperty),
  };
};

/** JSON with one property per line: readable, and a regenerated file diffs line by line. */
export const renderSampleDataset = (dataset: SampleDataset): string => {
  const { properties, ...head } = dataset;
  const top = JSON.stringify(head, null, 2).replace(/\n}$/, '');
  return `${top},\n  "properties": [\n${properties.map((p) => `    ${JSON.stringify(p)}`).join(',\n')}\n  ]\n}\n`;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataset = generateSampleDataset();
  writeFileSync(SAMPLE_DATASET_FILE, renderSampleDataset(dataset));
  console.log(`wrote ${dataset.properties.length} sample properties in ${dataset.counties.length} counties to ${SAMPLE_DATASET_FILE}`);
}
