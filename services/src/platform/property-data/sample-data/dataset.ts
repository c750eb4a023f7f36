import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { HAZARD_FLAGS, type HazardFlags, type PropertyRecord } from '../port.ts';

/** The committed output of `npm run properties:sample` (generate.ts). */
export const SAMPLE_DATASET_FILE = fileURLToPath(new URL('./ca-sample-properties.json', import.meta.url));

const SampleProperty = z.object({
  id: z.string().min(1),
  address_line: z.string().min(1),
  city: z.string().min(1),
  county: z.string().min(1),
  state: z.literal('CA'),
  zip: z.string().regex(/^\d{5}$/),
  apn: z.string().min(1),
  owner_name: z.string().min(1),
  year_built: z.number().int(),
  hazards: z.array(z.enum(HAZARD_FLAGS)),
});

const SampleDatasetFile = z.object({
  notice: z.string().min(1),
  sample_data: z.literal(true),
  counties: z.array(z.object({ name: z.string(), fips: z.string(), apn_format: z.string() })).min(1),
  properties: z.array(SampleProperty),
});

export interface LoadedDataset {
  notice: string;
  counties: { name: string; fips: string; apn_format: string }[];
  properties: PropertyRecord[];
}

/** Reads and checks the dataset file: a broken file stops the start with zod's message, not a wrong answer later. */
export const loadSampleDataset = (file = SAMPLE_DATASET_FILE): LoadedDataset => {
  const parsed = SampleDatasetFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  return {
    notice: parsed.notice,
    counties: parsed.counties,
    properties: parsed.properties.map((p) => ({
      ...p,
      hazards: Object.fromEntries(HAZARD_FLAGS.map((flag) => [flag, p.hazards.includes(flag)])) as HazardFlags,
    })),
  };
};
