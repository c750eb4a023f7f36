import type { RecordedDocument } from '@acpg/contracts/equity';
import { countyName } from './port.ts';

/** California's 58 counties: a recording elsewhere (or a misspelt county) can match no protected property. */
const CALIFORNIA_COUNTIES: ReadonlySet<string> = new Set(
  [
    'Alameda', 'Alpine', 'Amador', 'Butte', 'Calaveras', 'Colusa', 'Contra Costa', 'Del Norte', 'El Dorado', 'Fresno', 'Glenn',
    'Humboldt', 'Imperial', 'Inyo', 'Kern', 'Kings', 'Lake', 'Lassen', 'Los Angeles', 'Madera', 'Marin', 'Mariposa', 'Mendocino',
    'Merced', 'Modoc', 'Mono', 'Monterey', 'Napa', 'Nevada', 'Orange', 'Placer', 'Plumas', 'Riverside', 'Sacramento', 'San Benito',
    'San Bernardino', 'San Diego', 'San Francisco', 'San Joaquin', 'San Luis Obispo', 'San Mateo', 'Santa Barbara', 'Santa Clara',
    'Santa Cruz', 'Shasta', 'Sierra', 'Siskiyou', 'Solano', 'Sonoma', 'Stanislaus', 'Sutter', 'Tehama', 'Trinity', 'Tulare',
    'Tuolumne', 'Ventura', 'Yolo', 'Yuba',
  ].map((c) => `${c} County`.toLowerCase()),
);

export const isCaliforniaCounty = (county: string): boolean => CALIFORNIA_COUNTIES.has(countyName(county).replace(/\s+/g, ' ').toLowerCase());

/**
 * What a recording's own schema cannot know, checked on the whole import: a county of California, a day not after
 * `today` (ISO day; a day's grace for time zones), and a document number (per county) not already on an earlier row.
 * One checker per import: it remembers accepted rows' documents, and works out the latest day once, not per row.
 * Answers a row's reasons to refuse it, none when it is fine.
 */
export const importChecker = (today: string): ((recording: RecordedDocument, row: number) => string[]) => {
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const seen = new Map<string, number>();
  return (recording, row) => {
    const errors: string[] = [];
    const county = countyName(recording.county).replace(/\s+/g, ' ').toLowerCase();
    if (!CALIFORNIA_COUNTIES.has(county)) errors.push(`county "${recording.county}" is not a California county`);
    if (recording.recorded_at > latest) errors.push(`recorded_at ${recording.recorded_at} is after today`);
    const key = `${county}|${recording.document_number.trim().toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) errors.push(`document ${recording.document_number} repeats row ${first}`);
    else if (errors.length === 0) seen.set(key, row);
    return errors;
  };
};
