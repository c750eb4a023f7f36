import { bundledPropertyData } from './bundled.ts';
import type { PropertyData } from './port.ts';

// Loaded once per process, on first use (a role that never looks a property up never loads the dataset).
let bundled: PropertyData | null = null;

/**
 * The property data source every module reads (properties' lookup and verification, NHD reports, Equity Protect):
 * today the bundled SAMPLE dataset (DECISIONS.md, "Property data"); a county records adapter would be chosen here.
 */
export const propertyData = (): PropertyData => (bundled ??= bundledPropertyData());
