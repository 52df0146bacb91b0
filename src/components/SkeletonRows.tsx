import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Placeholder rows while a table's first page loads; the first one is labelled for assistive technology. */
export function SkeletonRows({ label, colSpan, rows = 3 }: { label: string; colSpan: number; rows?: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i}>
      <TableCell colSpan={colSpan}>
        <Skeleton aria-label={i === 0 ? label : undefined} />
      </TableCell>
    </TableRow>
  ));
}
