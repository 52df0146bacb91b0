import Tooltip from '@mui/material/Tooltip';
import { formatFullDateTime, formatWhen, parseApiDate } from '../lib/format-date.ts';

/** A date as every screen shows it: "5 minutes ago" or "Nov 25, 2026, 12:05 PM", the full date on hover. */
export function DateTime({ value, now }: { value: string | undefined; now?: number }) {
  if (!value) return null;
  const date = parseApiDate(value);
  if (!date) return <>{value}</>;
  const fullText = formatFullDateTime(date);
  return (
    <Tooltip title={fullText} describeChild>
      <time dateTime={date.toISOString()}>{formatWhen(date, now)}</time>
    </Tooltip>
  );
}
