/**
 * Where a job seeker wants to work, in the reference service's shape: acceptable work modes, where
 * remote work may be based, the home base, and openness to relocate. `derivedLocation` flattens it
 * into the countries, regions and cities a search would use.
 */
export interface LocationPreferences {
  work_modes: ('remote' | 'hybrid' | 'onsite')[]
  remote: { regions: string[]; countries: string[] }
  base: { country: string | null; city: string | null }
  relocation: { open: boolean; regions: string[]; countries: string[]; cities: string[] }
}

export interface LocationPreferencesInput {
  work_modes?: LocationPreferences['work_modes']
  remote?: { regions?: string[]; countries?: string[] }
  base?: { country?: string | null; city?: string | null } | null
  relocation?: { open?: boolean; regions?: string[]; countries?: string[]; cities?: string[] }
}

const unique = (values: string[] = []) => [...new Set(values.map((value) => value.trim()).filter(Boolean))]
const countries = (values: string[] = []) => unique(values.map((value) => value.toLowerCase()))

/** Fills the defaults and canonicalizes: countries lowercase (as the `countries` facet), lists deduplicated. */
export function toLocationPreferences(input: LocationPreferencesInput): LocationPreferences {
  return {
    work_modes: [...new Set(input.work_modes ?? [])],
    remote: { regions: unique(input.remote?.regions), countries: countries(input.remote?.countries) },
    base: { country: input.base?.country?.trim().toLowerCase() || null, city: input.base?.city?.trim() || null },
    relocation: {
      open: input.relocation?.open ?? false,
      regions: unique(input.relocation?.regions),
      countries: countries(input.relocation?.countries),
      cities: unique(input.relocation?.cities),
    },
  }
}

/** Every country, region and city the preferences name: the places a matching posting may be in. */
export function derivedLocation(preferences: LocationPreferences | null): { countries: string[]; regions: string[]; cities: string[] } | null {
  if (!preferences) return null
  const { remote, base, relocation } = preferences
  const open = relocation.open
  return {
    countries: unique([...remote.countries, ...(base.country ? [base.country] : []), ...(open ? relocation.countries : [])]),
    regions: unique([...remote.regions, ...(open ? relocation.regions : [])]),
    cities: unique([...(base.city ? [base.city] : []), ...(open ? relocation.cities : [])]),
  }
}
