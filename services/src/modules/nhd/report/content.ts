import type { HazardFlag } from '../../../platform/property-data/port.ts';

/**
 * The words of an NHD report: for each of the six statutory hazard zones (California Civil Code §1103.2, Government
 * Code §8589.3, §8589.4, §51178, Public Resources Code §2621.9, §2696, §4125), what it means and who maps it.
 */
export const HAZARD_SECTIONS: readonly { flag: HazardFlag; title: string; statute: string; source: string; inZone: string; notInZone: string }[] = [
  {
    flag: 'flood_zone',
    title: 'Special flood hazard area (any zone beginning with "A" or "V")',
    statute: 'Government Code §8589.3 and the National Flood Insurance Program',
    source: 'Federal Emergency Management Agency (FEMA) flood insurance rate maps',
    inZone: 'The property is in a special flood hazard area. Lenders may require flood insurance.',
    notInZone: 'The property is not in a special flood hazard area on the maps reviewed.',
  },
  {
    flag: 'dam_inundation',
    title: 'Area of potential flooding in the event of a dam failure',
    statute: 'Government Code §8589.5',
    source: 'California Governor’s Office of Emergency Services dam inundation maps',
    inZone: 'The property is in an area of potential flooding should a dam fail.',
    notInZone: 'The property is not in a mapped dam inundation area.',
  },
  {
    flag: 'very_high_fire_hazard_severity_zone',
    title: 'Very high fire hazard severity zone',
    statute: 'Government Code §51178 and §51179',
    source: 'California Department of Forestry and Fire Protection (CAL FIRE) fire hazard severity zone maps',
    inZone: 'The property is in a very high fire hazard severity zone. The owner may have to keep defensible space around structures.',
    notInZone: 'The property is not in a very high fire hazard severity zone.',
  },
  {
    flag: 'wildland_area',
    title: 'Wildland area that may contain substantial forest fire risks (state responsibility area)',
    statute: 'Public Resources Code §4125 and §4291',
    source: 'CAL FIRE state responsibility area maps',
    inZone: 'The property is in a wildland area where the state has the primary responsibility for fire prevention; fire protection services may be limited.',
    notInZone: 'The property is not in a state responsibility wildland area.',
  },
  {
    flag: 'earthquake_fault_zone',
    title: 'Earthquake fault zone',
    statute: 'Public Resources Code §2621.9 (Alquist-Priolo Earthquake Fault Zoning Act)',
    source: 'California Geological Survey earthquake fault zone maps',
    inZone: 'The property is in an earthquake fault zone. Development may require a geologic report on surface fault rupture.',
    notInZone: 'The property is not in an earthquake fault zone.',
  },
  {
    flag: 'seismic_hazard_zone',
    title: 'Seismic hazard zone (liquefaction or landslide)',
    statute: 'Public Resources Code §2696 (Seismic Hazards Mapping Act)',
    source: 'California Geological Survey seismic hazard zone maps',
    inZone: 'The property is in a seismic hazard zone, where strong shaking may cause liquefaction or landslides.',
    notInZone: 'The property is not in a mapped seismic hazard zone, or the area has not been evaluated.',
  },
];

/** The statement's opening, in the structure of Civil Code §1103.2 (in our words). */
export const STATEMENT_INTRO = [
  'This statement applies to the property named on this report.',
  'The transferor and their agent(s) disclose the following information with the knowledge that, even though this is not a warranty, prospective transferees may rely on it in deciding whether and on what terms to purchase the property. The transferor authorizes any agent(s) representing any principal in this transaction to provide a copy of this statement to any person or entity in connection with any actual or anticipated sale of the property.',
  'The following are representations made by the transferor and their agent(s) based on their knowledge and on maps drawn by the state and federal governments. This information is a disclosure and is not intended to be part of any contract between the transferee and the transferor.',
];

export const STATEMENT_WARNING =
  'These hazards may limit your ability to develop the real property, to obtain insurance, or to receive assistance after a disaster. The maps on which these disclosures are based estimate where natural hazards exist. They are not definitive indicators of whether or not a property will be affected by a natural disaster. Transferee(s) and transferor(s) may wish to obtain professional advice regarding those hazards and other hazards that may affect the property.';

export const SAMPLE_DATA_NOTICE =
  'SAMPLE DATA: this report was made from the bundled sample property dataset (invented addresses, parcels and hazard flags) for development and demonstration. Do not use it for any real-estate, insurance or disclosure purpose.';
