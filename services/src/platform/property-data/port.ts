import type { County, PropertySummary } from '@acpg/contracts/properties';

/** The six hazard zones a natural hazard disclosure reports, as flags on each property. */
export const HAZARD_FLAGS = [
  'flood_zone',
  'very_high_fire_hazard_severity_zone',
  'earthquake_fault_zone',
  'seismic_hazard_zone',
  'dam_inundation',
  'wildland_area',
] as const;
export type HazardFlag = (typeof HAZARD_FLAGS)[number];
export type HazardFlags = Record<HazardFlag, boolean>;

export const HAZARD_LABELS: Record<HazardFlag, string> = {
  flood_zone: 'Flood zone',
  very_high_fire_hazard_severity_zone: 'Very high fire hazard severity zone',
  earthquake_fault_zone: 'Earthquake fault zone',
  seismic_hazard_zone: 'Seismic hazard zone',
  dam_inundation: 'Dam inundation area',
  wildland_area: 'Wildland area',
};

/** A property as the data source knows it; only its summary leaves the module (the rest answers verification). */
export interface PropertyRecord extends PropertySummary {
  owner_name: string;
  year_built: number;
  hazards: HazardFlags;
}

/**
 * Where property data comes from (DECISIONS.md, "Property data"): the bundled sample dataset today, a county records
 * provider later. Search is what autocomplete calls on every keystroke, so adapters answer it from an index.
 */
export interface PropertyData {
  /** Addresses starting with the query ("1234 Oak", "1234 Oak Street, San Jose"), or APNs starting with it. */
  search(query: string, limit: number): Promise<PropertyRecord[]>;
  findById(id: string): Promise<PropertyRecord | null>;
  /** Any punctuation of the APN ("5432-019-021", "5432019021"). */
  findByApn(apn: string): Promise<PropertyRecord | null>;
  counties(): Promise<County[]>;
}

export const toSummary = (record: PropertyRecord): PropertySummary => ({
  id: record.id,
  address_line: record.address_line,
  city: record.city,
  county: record.county,
  state: record.state,
  zip: record.zip,
  apn: record.apn,
});
