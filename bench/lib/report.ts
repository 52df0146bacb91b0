/** One line of the results table. */
export interface Row {
  benchmark: string;
  measure: string;
  result: string;
  goal: string;
  /** Whether the figure is within its goal; undefined for context figures without a goal. */
  withinGoal?: boolean | undefined;
}

/** A table row; `withinGoal` only for figures that have a goal. */
export function row(benchmark: string, measure: string, result: string, goal = '', withinGoal?: boolean): Row {
  return { benchmark, measure, result, goal, withinGoal };
}

/** Progress and detail lines while the benchmarks run. */
export function log(message: string): void {
  process.stdout.write(`  ${message}\n`);
}

export function printTable(rows: readonly Row[]): void {
  const header = ['Benchmark', 'Measure', 'Result', 'Goal', 'Within goal'];
  const verdict = (r: Row) => (r.withinGoal === undefined ? '' : r.withinGoal ? 'yes' : 'NO');
  const cells = rows.map((r) => [r.benchmark, r.measure, r.result, r.goal, verdict(r)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  // The result column is right-aligned.
  const pad = (v: string, i: number) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!));
  const line = (c: string[]) => `| ${c.map(pad).join(' | ')} |`;
  const rule = widths.map((w, i) => (i === 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|');
  process.stdout.write(`${line(header)}\n|${rule}|\n`);
  for (const c of cells) process.stdout.write(`${line(c)}\n`);
}
