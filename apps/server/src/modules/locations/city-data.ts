/**
 * City seed data for the classified-ads site: the 60 largest US metropolitan
 * areas (named by principal city) and the 12 largest Canadian cities.
 *
 * Price tiers follow DECISIONS.md: tier 2 for the 24 largest US markets, tier 1
 * for everything else (all Canadian cities are tier 1).
 */

export interface CitySeed {
  /** URL slug, lowercase ascii, words joined by '-', e.g. 'las-vegas', 'st-louis', 'washington-dc', 'quebec-city'. */
  slug: string;
  /** Display name, e.g. 'Las Vegas'. */
  name: string;
  /** State or province as its two-letter postal code, e.g. 'NV', 'ON'. For Washington DC use 'DC'. */
  region: string;
  /** Price tier: 2 for the 24 largest US markets, else 1. */
  tier: 1 | 2;
}

export const usCities: readonly CitySeed[] = [
  { slug: 'atlanta', name: 'Atlanta', region: 'GA', tier: 2 },
  { slug: 'austin', name: 'Austin', region: 'TX', tier: 1 },
  { slug: 'baltimore', name: 'Baltimore', region: 'MD', tier: 2 },
  { slug: 'birmingham', name: 'Birmingham', region: 'AL', tier: 1 },
  { slug: 'boston', name: 'Boston', region: 'MA', tier: 2 },
  { slug: 'bridgeport', name: 'Bridgeport', region: 'CT', tier: 1 },
  { slug: 'buffalo', name: 'Buffalo', region: 'NY', tier: 1 },
  { slug: 'charlotte', name: 'Charlotte', region: 'NC', tier: 2 },
  { slug: 'chicago', name: 'Chicago', region: 'IL', tier: 2 },
  { slug: 'cincinnati', name: 'Cincinnati', region: 'OH', tier: 1 },
  { slug: 'cleveland', name: 'Cleveland', region: 'OH', tier: 1 },
  { slug: 'columbus', name: 'Columbus', region: 'OH', tier: 1 },
  { slug: 'dallas', name: 'Dallas', region: 'TX', tier: 2 },
  { slug: 'denver', name: 'Denver', region: 'CO', tier: 2 },
  { slug: 'detroit', name: 'Detroit', region: 'MI', tier: 2 },
  { slug: 'fresno', name: 'Fresno', region: 'CA', tier: 1 },
  { slug: 'grand-rapids', name: 'Grand Rapids', region: 'MI', tier: 1 },
  { slug: 'greenville', name: 'Greenville', region: 'SC', tier: 1 },
  { slug: 'hartford', name: 'Hartford', region: 'CT', tier: 1 },
  { slug: 'honolulu', name: 'Honolulu', region: 'HI', tier: 1 },
  { slug: 'houston', name: 'Houston', region: 'TX', tier: 2 },
  { slug: 'indianapolis', name: 'Indianapolis', region: 'IN', tier: 1 },
  { slug: 'jacksonville', name: 'Jacksonville', region: 'FL', tier: 1 },
  { slug: 'kansas-city', name: 'Kansas City', region: 'MO', tier: 1 },
  { slug: 'las-vegas', name: 'Las Vegas', region: 'NV', tier: 2 },
  { slug: 'los-angeles', name: 'Los Angeles', region: 'CA', tier: 2 },
  { slug: 'louisville', name: 'Louisville', region: 'KY', tier: 1 },
  { slug: 'memphis', name: 'Memphis', region: 'TN', tier: 1 },
  { slug: 'miami', name: 'Miami', region: 'FL', tier: 2 },
  { slug: 'milwaukee', name: 'Milwaukee', region: 'WI', tier: 1 },
  { slug: 'minneapolis', name: 'Minneapolis', region: 'MN', tier: 2 },
  { slug: 'nashville', name: 'Nashville', region: 'TN', tier: 1 },
  { slug: 'new-orleans', name: 'New Orleans', region: 'LA', tier: 1 },
  { slug: 'new-york', name: 'New York', region: 'NY', tier: 2 },
  { slug: 'oklahoma-city', name: 'Oklahoma City', region: 'OK', tier: 1 },
  { slug: 'omaha', name: 'Omaha', region: 'NE', tier: 1 },
  { slug: 'orlando', name: 'Orlando', region: 'FL', tier: 2 },
  { slug: 'philadelphia', name: 'Philadelphia', region: 'PA', tier: 2 },
  { slug: 'phoenix', name: 'Phoenix', region: 'AZ', tier: 2 },
  { slug: 'pittsburgh', name: 'Pittsburgh', region: 'PA', tier: 1 },
  { slug: 'portland', name: 'Portland', region: 'OR', tier: 1 },
  { slug: 'providence', name: 'Providence', region: 'RI', tier: 1 },
  { slug: 'raleigh', name: 'Raleigh', region: 'NC', tier: 1 },
  { slug: 'richmond', name: 'Richmond', region: 'VA', tier: 1 },
  { slug: 'riverside', name: 'Riverside', region: 'CA', tier: 1 },
  { slug: 'rochester', name: 'Rochester', region: 'NY', tier: 1 },
  { slug: 'sacramento', name: 'Sacramento', region: 'CA', tier: 1 },
  { slug: 'salt-lake-city', name: 'Salt Lake City', region: 'UT', tier: 1 },
  { slug: 'san-antonio', name: 'San Antonio', region: 'TX', tier: 2 },
  { slug: 'san-diego', name: 'San Diego', region: 'CA', tier: 2 },
  { slug: 'san-francisco', name: 'San Francisco', region: 'CA', tier: 2 },
  { slug: 'san-jose', name: 'San Jose', region: 'CA', tier: 1 },
  { slug: 'seattle', name: 'Seattle', region: 'WA', tier: 2 },
  { slug: 'st-louis', name: 'St. Louis', region: 'MO', tier: 2 },
  { slug: 'tampa', name: 'Tampa', region: 'FL', tier: 2 },
  { slug: 'tucson', name: 'Tucson', region: 'AZ', tier: 1 },
  { slug: 'tulsa', name: 'Tulsa', region: 'OK', tier: 1 },
  { slug: 'virginia-beach', name: 'Virginia Beach', region: 'VA', tier: 1 },
  { slug: 'washington-dc', name: 'Washington DC', region: 'DC', tier: 2 },
  { slug: 'worcester', name: 'Worcester', region: 'MA', tier: 1 },
];

export const canadianCities: readonly CitySeed[] = [
  { slug: 'brampton', name: 'Brampton', region: 'ON', tier: 1 },
  { slug: 'calgary', name: 'Calgary', region: 'AB', tier: 1 },
  { slug: 'edmonton', name: 'Edmonton', region: 'AB', tier: 1 },
  { slug: 'hamilton', name: 'Hamilton', region: 'ON', tier: 1 },
  { slug: 'mississauga', name: 'Mississauga', region: 'ON', tier: 1 },
  { slug: 'montreal', name: 'Montreal', region: 'QC', tier: 1 },
  { slug: 'ottawa', name: 'Ottawa', region: 'ON', tier: 1 },
  { slug: 'quebec-city', name: 'Quebec City', region: 'QC', tier: 1 },
  { slug: 'surrey', name: 'Surrey', region: 'BC', tier: 1 },
  { slug: 'toronto', name: 'Toronto', region: 'ON', tier: 1 },
  { slug: 'vancouver', name: 'Vancouver', region: 'BC', tier: 1 },
  { slug: 'winnipeg', name: 'Winnipeg', region: 'MB', tier: 1 },
];
