/**
 * `npm test` runs the e2e suite in two parts (scripts/test.ts): E2E_PART=early from the start, beside
 * the vitest lane, and E2E_PART=late once that lane has ended, beside the rest of the first part.
 * These are the late part's spec files: about a quarter of the suite's time (measured alone, one
 * worker), so that both parts end about together on a 2-core machine. Unset, E2E_PART runs all.
 */
export const LATE_SPECS = [
  'auth.spec.ts',
  'clash.spec.ts',
  'favorites.spec.ts',
  'keyboard.spec.ts',
  'locks-and-places.spec.ts',
  'people.spec.ts',
  'person-pages.spec.ts',
  'site-context.spec.ts',
  'site-membership.spec.ts',
  'smaller.spec.ts',
  'upload-errors.spec.ts',
  'upload.spec.ts',
];

export type E2ePart = 'early' | 'late' | undefined;

export function e2ePart(value = process.env.E2E_PART): E2ePart {
  if (value === undefined || value === '') return undefined;
  if (value === 'early' || value === 'late') return value;
  throw new Error(`E2E_PART is "${value}": it is early, late or unset (the whole suite)`);
}
