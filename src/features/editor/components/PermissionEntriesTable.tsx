import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import type { PermissionElement } from '../api/types.ts';

export const authorityName = (e: PermissionElement) =>
  e.authorityId === 'GROUP_EVERYONE' ? 'Everyone' : (e.authorityDisplayName ?? e.authorityId);

interface Props {
  label: string;
  entries: readonly PermissionElement[];
  /** Editing: the roles to offer; absent for a read-only table. */
  settable?: readonly string[];
  muted?: boolean;
  onChange?: (index: number, patch: Partial<Pick<PermissionElement, 'name' | 'accessStatus'>>) => void;
  onRemove?: (index: number) => void;
}

/**
 * Permission entries: who, which role, allowed or denied; editable when handlers are given. On a
 * narrow window the access sits under the role (three columns instead of four).
 */
export function PermissionEntriesTable({ label, entries, settable, muted, onChange, onRemove }: Props) {
  const isEditable = settable !== undefined && onChange !== undefined && onRemove !== undefined;
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Table size="small" aria-label={label} sx={{ opacity: muted ? 0.55 : 1, ...(isNarrow ? narrowTable : {}) }}>
      <TableHead>
        <TableRow>
          <TableCell>Person or group</TableCell>
          <TableCell sx={{ width: isNarrow ? 160 : undefined }}>{isNarrow ? 'Role and access' : 'Role'}</TableCell>
          {!isNarrow && <TableCell>Access</TableCell>}
          {isEditable && (
            <TableCell align="right" sx={{ width: isNarrow ? 48 : undefined }}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry, index) => {
          const who = authorityName(entry);
          const status = entry.accessStatus ?? 'ALLOWED';
          const access = isEditable ? (
            <TextField
              select
              size="small"
              fullWidth={isNarrow}
              value={status}
              onChange={(e) => onChange(index, { accessStatus: e.target.value as 'ALLOWED' | 'DENIED' })}
              slotProps={{ htmlInput: { 'aria-label': `Access of ${who} as ${entry.name}` } }}
            >
              <MenuItem value="ALLOWED">Allowed</MenuItem>
              <MenuItem value="DENIED">Denied</MenuItem>
            </TextField>
          ) : (
            <Typography variant="body2" color={status === 'DENIED' ? 'error' : 'text.primary'}>
              {status === 'DENIED' ? 'Denied' : 'Allowed'}
            </Typography>
          );
          return (
            <TableRow key={`${entry.authorityId}:${entry.name}:${index}`}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {who}
                {who !== entry.authorityId && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {entry.authorityId}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {isEditable ? (
                  <TextField
                    select
                    size="small"
                    value={entry.name}
                    onChange={(e) => onChange(index, { name: e.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': `Role of ${who}` } }}
                    fullWidth={isNarrow}
                    sx={{ minWidth: isNarrow ? 0 : 140 }}
                  >
                    {[...new Set([...settable, entry.name])].map((role) => (
                      <MenuItem key={role} value={role}>
                        {role}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : (
                  entry.name
                )}
                {isNarrow && <Box sx={{ mt: 1 }}>{access}</Box>}
              </TableCell>
              {!isNarrow && <TableCell>{access}</TableCell>}
              {isEditable && (
                <TableCell align="right">
                  <IconButton aria-label={`Remove ${who} as ${entry.name}`} onClick={() => onRemove(index)}>
                    <Delete />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Narrow windows: fixed columns (the person gets what the role and the remove button leave) and tighter cells. */
const narrowTable = { tableLayout: 'fixed', '& .MuiTableCell-root': { px: 1 } } as const;
