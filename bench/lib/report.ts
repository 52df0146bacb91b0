/** One line of the results table. */
export interface Row {
  benchmark: string;
  measure: string;
  result: string;
  goal: string;
  /** Whether the figure is within its goal; undefined for context figures without a goal. */
  withinGoal?: boolean | undefined;
}

/** Progress and detail lines while the benchmarks run. */
export function log(message: string): void {
  process.stdout.write(`  ${message}\n`);
}

export function printTable(rows: readonly Row[]): void {
  const header = ['Benchmark', 'Measure', 'Result', 'Goal', 'Within goal'];
  const cells = rows.map((r) => [r.benchmark, r.measure, r.result, r.goal, r.withinGoal === undefined ? '' : r.withinGoal ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ')} |`;
  process.stdout.write(`${line(header)}\n|${widths.map((w, i) => (i === 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|\n`);
  for (const c of cells) process.stdout.write(`${line(c)}\n`);
}
