import { expect, it } from 'vitest';
import { staleAftsParserFiles } from '../../../../../scripts/search-grammar.ts';

it('the committed AFTS parser is what afts.peggy generates (npm run search:grammar)', async () => {
  expect(await staleAftsParserFiles()).toEqual([]);
});
