/**
 * A query Quire refuses: the grammar could not read it, it names something that does not
 * exist, or it uses valid AFTS that Quire does not answer. `position` is the 1-based character
 * of the query where the problem is, when one place is to blame. The search API answers 400.
 */
export class AftsQueryError extends Error {
  constructor(
    message: string,
    readonly position?: number,
  ) {
    super(message);
    this.name = 'AftsQueryError';
  }
}
