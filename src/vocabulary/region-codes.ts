/**
 * The `regions` facet vocabulary, apart from the country-to-region map in regions.ts so the browser
 * bundle (which reads the attribute table) can import it without the data files. `global` marks
 * worldwide-remote postings, `none` is a query value only.
 */
export const REGIONS = ['north_america', 'latam', 'eu', 'uk', 'mena', 'africa', 'apac', 'cis'] as const
