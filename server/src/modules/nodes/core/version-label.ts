/** Alfresco version labels: `major.minor`, starting at 1.0 (or 0.1 for a first minor version). */
export interface VersionLabel {
  major: number;
  minor: number;
}

export function parseLabel(label: string): VersionLabel | undefined {
  const m = /^(\d+)\.(\d+)$/.exec(label);
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : undefined;
}

export function formatLabel(v: VersionLabel): string {
  return `${v.major}.${v.minor}`;
}

/** The label after `current`: the next major (`1.3` → `2.0`) or minor (`1.3` → `1.4`) version. */
export function nextLabel(current: VersionLabel | undefined, major: boolean): VersionLabel {
  if (!current) return major ? { major: 1, minor: 0 } : { major: 0, minor: 1 };
  return major ? { major: current.major + 1, minor: 0 } : { major: current.major, minor: current.minor + 1 };
}
