import type { County } from '@acpg/contracts/properties';
import { loadSampleDataset, SAMPLE_DATASET_FILE } from './sample-data/dataset.ts';
import type { PropertyData } from './port.ts';
import { PropertySearchIndex } from './search-index.ts';

/**
 * The bundled adapter: the SAMPLE dataset committed with the code (sample-data/), loaded once and indexed in memory,
 * so a keystroke's search is a binary search and a short walk (microseconds), with no engine to install.
 */
export const bundledPropertyData = (file = SAMPLE_DATASET_FILE): PropertyData & { notice: string } => {
  const dataset = loadSampleDataset(file);
  const index = new PropertySearchIndex(dataset.properties);
  const counts = new Map<string, number>();
  for (const p of dataset.properties) counts.set(p.county, (counts.get(p.county) ?? 0) + 1);
  const counties: County[] = dataset.counties
    .map((c) => ({ name: c.name, apn_format: c.apn_format, property_count: counts.get(c.name) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
  return {
    notice: dataset.notice,
    search: async (query, limit) => index.search(query, limit),
    findById: async (id) => index.findById(id),
    findByApn: async (apn) => index.findByApn(apn),
    counties: async () => counties.map((c) => ({ ...c })),
  };
};
