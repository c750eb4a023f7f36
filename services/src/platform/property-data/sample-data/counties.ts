/**
 * The real counties, cities and ZIP codes the sample dataset draws from, with each county assessor's APN format
 * (`#` a digit) and a rough hazard profile per city (which zones are common there). Street names, house numbers,
 * owners and parcels are invented.
 */
export type HazardProfile = 'urban' | 'suburban' | 'coastal' | 'hills' | 'fault' | 'river' | 'desert';

export interface SampleCity {
  name: string;
  zips: readonly string[];
  /** Years the homes were mostly built. */
  built: readonly [number, number];
  profile: HazardProfile;
}

export interface SampleCounty {
  name: string;
  /** Short code in property ids. */
  code: string;
  fips: string;
  apnFormat: string;
  properties: number;
  cities: readonly SampleCity[];
}

const city = (name: string, zips: string, built: [number, number], profile: HazardProfile): SampleCity => ({ name, zips: zips.split(' '), built, profile });

export const SAMPLE_COUNTIES: readonly SampleCounty[] = [
  {
    name: 'Los Angeles',
    code: 'lax',
    fips: '06037',
    apnFormat: '####-###-###',
    properties: 500,
    cities: [
      city('Los Angeles', '90004 90019 90027 90034 90042 90049 90064 90066', [1910, 2015], 'urban'),
      city('Pasadena', '91101 91103 91104 91106 91107', [1905, 1990], 'suburban'),
      city('Long Beach', '90803 90804 90805 90807 90808 90815', [1920, 2000], 'coastal'),
      city('Glendale', '91201 91202 91205 91206 91208', [1920, 1995], 'hills'),
      city('Santa Monica', '90402 90403 90404 90405', [1925, 2010], 'coastal'),
      city('Torrance', '90501 90503 90505', [1950, 1995], 'suburban'),
      city('Burbank', '91501 91504 91505 91506', [1935, 1990], 'suburban'),
      city('Malibu', '90265', [1955, 2015], 'hills'),
      city('Palmdale', '93550 93551 93552', [1975, 2018], 'desert'),
      city('Lancaster', '93534 93535 93536', [1960, 2018], 'desert'),
      city('Santa Clarita', '91350 91351 91354 91355 91387', [1970, 2018], 'hills'),
      city('Downey', '90240 90241 90242', [1940, 1985], 'river'),
    ],
  },
  {
    name: 'Orange',
    code: 'ora',
    fips: '06059',
    apnFormat: '###-###-##',
    properties: 350,
    cities: [
      city('Irvine', '92602 92603 92604 92606 92612 92614 92618 92620', [1970, 2020], 'suburban'),
      city('Anaheim', '92801 92802 92804 92805 92806 92807 92808', [1950, 2005], 'suburban'),
      city('Santa Ana', '92701 92703 92704 92705 92706 92707', [1920, 1990], 'urban'),
      city('Huntington Beach', '92646 92647 92648 92649', [1960, 2005], 'coastal'),
      city('Newport Beach', '92660 92661 92662 92663', [1950, 2015], 'coastal'),
      city('Fullerton', '92831 92832 92833 92835', [1925, 1995], 'fault'),
      city('Mission Viejo', '92691 92692', [1968, 2000], 'hills'),
      city('Laguna Beach', '92651', [1930, 2010], 'hills'),
      city('Yorba Linda', '92886 92887', [1970, 2010], 'hills'),
      city('San Clemente', '92672 92673', [1960, 2015], 'coastal'),
    ],
  },
  {
    name: 'San Diego',
    code: 'sdg',
    fips: '06073',
    apnFormat: '###-###-##-##',
    properties: 350,
    cities: [
      city('San Diego', '92103 92104 92107 92109 92115 92117 92122 92126 92128', [1915, 2015], 'urban'),
      city('Chula Vista', '91910 91911 91913 91914 91915', [1955, 2018], 'suburban'),
      city('Oceanside', '92054 92056 92057 92058', [1960, 2010], 'coastal'),
      city('Escondido', '92025 92026 92027 92029', [1955, 2010], 'hills'),
      city('Carlsbad', '92008 92009 92010 92011', [1965, 2015], 'coastal'),
      city('El Cajon', '92019 92020 92021', [1950, 2000], 'suburban'),
      city('Encinitas', '92024', [1960, 2015], 'coastal'),
      city('Ramona', '92065', [1970, 2010], 'hills'),
      city('Julian', '92036', [1940, 2005], 'hills'),
      city('Alpine', '91901', [1965, 2010], 'hills'),
    ],
  },
  {
    name: 'Riverside',
    code: 'riv',
    fips: '06065',
    apnFormat: '###-###-###',
    properties: 300,
    cities: [
      city('Riverside', '92501 92503 92504 92505 92506 92507 92508', [1925, 2010], 'suburban'),
      city('Corona', '92879 92880 92881 92882', [1970, 2015], 'hills'),
      city('Temecula', '92590 92591 92592', [1985, 2018], 'suburban'),
      city('Murrieta', '92562 92563', [1988, 2018], 'fault'),
      city('Palm Springs', '92262 92264', [1950, 2010], 'desert'),
      city('Moreno Valley', '92551 92553 92555 92557', [1978, 2015], 'suburban'),
      city('Hemet', '92543 92544 92545', [1960, 2010], 'fault'),
      city('Indio', '92201 92203', [1970, 2015], 'desert'),
      city('Idyllwild', '92549', [1935, 2005], 'hills'),
    ],
  },
  {
    name: 'Santa Clara',
    code: 'scl',
    fips: '06085',
    apnFormat: '###-##-###',
    properties: 300,
    cities: [
      city('San Jose', '95112 95116 95118 95120 95123 95125 95126 95128 95129 95132 95135 95136 95148', [1925, 2015], 'suburban'),
      city('Palo Alto', '94301 94303 94306', [1925, 2010], 'river'),
      city('Mountain View', '94040 94041 94043', [1950, 2015], 'suburban'),
      city('Sunnyvale', '94085 94086 94087 94089', [1950, 2015], 'suburban'),
      city('Santa Clara', '95050 95051 95054', [1950, 2010], 'suburban'),
      city('Cupertino', '95014', [1955, 2010], 'fault'),
      city('Los Gatos', '95030 95032', [1940, 2010], 'hills'),
      city('Saratoga', '95070', [1950, 2010], 'hills'),
      city('Milpitas', '95035', [1960, 2015], 'fault'),
      city('Gilroy', '95020', [1960, 2018], 'river'),
    ],
  },
  {
    name: 'Alameda',
    code: 'ala',
    fips: '06001',
    apnFormat: '###-####-###-##',
    properties: 250,
    cities: [
      city('Oakland', '94601 94602 94605 94606 94609 94610 94611 94618 94619', [1905, 1995], 'fault'),
      city('Berkeley', '94702 94703 94705 94707 94708 94709', [1900, 1980], 'fault'),
      city('Fremont', '94536 94538 94539 94555', [1955, 2015], 'fault'),
      city('Hayward', '94541 94542 94544 94545', [1945, 2005], 'fault'),
      city('Alameda', '94501 94502', [1900, 1990], 'coastal'),
      city('Livermore', '94550 94551', [1955, 2015], 'suburban'),
      city('Pleasanton', '94566 94588', [1965, 2015], 'suburban'),
      city('San Leandro', '94577 94578 94579', [1940, 1985], 'fault'),
      city('Castro Valley', '94546 94552', [1950, 2005], 'hills'),
    ],
  },
  {
    name: 'Sacramento',
    code: 'sac',
    fips: '06067',
    apnFormat: '###-####-###-####',
    properties: 250,
    cities: [
      city('Sacramento', '95814 95816 95817 95818 95819 95820 95821 95822 95825 95826 95831 95864', [1910, 2015], 'river'),
      city('Elk Grove', '95624 95757 95758', [1985, 2018], 'suburban'),
      city('Folsom', '95630', [1975, 2018], 'river'),
      city('Citrus Heights', '95610 95621', [1960, 2000], 'suburban'),
      city('Rancho Cordova', '95670 95742', [1955, 2018], 'river'),
      city('Carmichael', '95608', [1945, 1995], 'suburban'),
      city('Fair Oaks', '95628', [1955, 2005], 'river'),
      city('Galt', '95632', [1970, 2015], 'river'),
    ],
  },
  {
    name: 'San Francisco',
    code: 'sfo',
    fips: '06075',
    apnFormat: '####/###',
    properties: 150,
    cities: [city('San Francisco', '94107 94109 94110 94112 94114 94115 94116 94117 94118 94121 94122 94123 94124 94127 94131 94132 94133 94134', [1895, 2015], 'coastal')],
  },
];
