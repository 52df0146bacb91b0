import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '../../../lib/errors.ts';
import { useCaller } from '../api/get-caller.ts';
import { can, type Node } from '../api/types.ts';
import { useUpdateNode } from '../api/update-node.ts';
import { ownerOf } from '../model/editor-tab.ts';
import {
  addEntry,
  changeEntry,
  isDraftChanged,
  permissionsBody,
  type PermissionsDraft,
} from '../model/permissions-draft.ts';
import { lostAbilities } from '../model/self-access.ts';
import { AuthorityPicker, type Authority } from './AuthorityPicker.tsx';
import { PermissionEntriesTable } from './PermissionEntriesTable.tsx';
import { SelfRemovalDialog } from './SelfRemovalDialog.tsx';

const draftOf = (node: Node): PermissionsDraft => ({
  isInheritanceEnabled: node.permissions?.isInheritanceEnabled ?? true,
  locallySet: [...(node.permissions?.locallySet ?? [])],
});

/** Inheritance, inherited entries (read-only) and the node's own entries; read-only without `updatePermissions`. */
export function PermissionsTab({ node }: { node: Node }) {
  const update = useUpdateNode();
  const caller = useCaller();
  const [draft, setDraft] = useState(() => draftOf(node));
  const [who, setWho] = useState<Authority | null>(null);
  const settable = node.permissions?.settable ?? [];
  const [role, setRole] = useState(settable.includes('Consumer') ? 'Consumer' : (settable[0] ?? ''));
  const [access, setAccess] = useState<'ALLOWED' | 'DENIED'>('ALLOWED');
  const [lost, setLost] = useState<ReturnType<typeof lostAbilities>>([]);
  const readOnly = !can(node, 'updatePermissions');
  const inherited = node.permissions?.inherited ?? [];
  const isDirty = isDraftChanged(draft, draftOf(node));

  const change = (next: PermissionsDraft) => {
    update.reset();
    setDraft(next);
  };
  const handleAdd = () => {
    if (!who || !role) return;
    const entry = { authorityId: who.id, name: role, accessStatus: access, authorityDisplayName: who.label };
    change({ ...draft, locallySet: addEntry(draft.locallySet, entry) });
    setWho(null);
  };
  const save = () => {
    setLost([]);
    update.mutate(
      { nodeId: node.id, body: { permissions: permissionsBody(draft) } },
      { onSuccess: (saved) => setDraft(draftOf(saved)) },
    );
  };
  const handleSave = () => {
    // Without knowing who is signed in (the look-up failed, said above) the server stays the only judge.
    if (!caller.data) return save();
    const before = { ...draftOf(node), inherited };
    const taken = lostAbilities(caller.data, ownerOf(node), before, { ...draft, inherited });
    if (taken.length > 0) setLost(taken);
    else save();
  };

  return (
    <Stack spacing={2}>
      {readOnly && <Alert severity="info">You can see who has access here but not change it.</Alert>}
      <Paper variant="outlined" component="section" aria-label="Inherited permissions" sx={{ p: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Inherited permissions
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={draft.isInheritanceEnabled}
              onChange={(e) => change({ ...draft, isInheritanceEnabled: e.target.checked })}
              disabled={readOnly}
            />
          }
          label="Inherit permissions from the parent folder"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {draft.isInheritanceEnabled
            ? 'These come from the folders above this one; change them there.'
            : 'Inheritance is off: the permissions of the folders above do not apply here.'}
        </Typography>
        {inherited.length > 0 ? (
          <Box sx={{ overflowX: 'auto' }}>
            <PermissionEntriesTable label="Inherited" entries={inherited} muted={!draft.isInheritanceEnabled} />
          </Box>
        ) : (
          <Typography variant="body2" sx={{ mt: 1 }}>
            Nothing is inherited.
          </Typography>
        )}
      </Paper>

      <Paper variant="outlined" component="section" aria-label="Set on this node" sx={{ p: 2 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Set on this node
        </Typography>
        {draft.locallySet.length > 0 ? (
          <Box sx={{ overflowX: 'auto' }}>
            <PermissionEntriesTable
              label="Set on this node"
              entries={draft.locallySet}
              {...(readOnly
                ? {}
                : {
                    settable,
                    onChange: (i, patch) => change({ ...draft, locallySet: changeEntry(draft.locallySet, i, patch) }),
                    onRemove: (i) => change({ ...draft, locallySet: draft.locallySet.filter((_e, j) => j !== i) }),
                  })}
            />
          </Box>
        ) : (
          <Typography variant="body2" sx={{ mt: 1 }}>
            No permissions are set on this node itself.
          </Typography>
        )}
        {!readOnly && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 2, alignItems: { md: 'center' } }}>
            <AuthorityPicker value={who} onChange={setWho} />
            <TextField select size="small" label="Role" value={role} onChange={(e) => setRole(e.target.value)}>
              {settable.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Access"
              value={access}
              onChange={(e) => setAccess(e.target.value as 'ALLOWED' | 'DENIED')}
            >
              <MenuItem value="ALLOWED">Allowed</MenuItem>
              <MenuItem value="DENIED">Denied</MenuItem>
            </TextField>
            <Button startIcon={<Add />} onClick={handleAdd} disabled={!who || !role}>
              Add
            </Button>
          </Stack>
        )}
      </Paper>

      {update.isError && <Alert severity="error">{describeError(update.error)}</Alert>}
      {caller.isError && <Alert severity="warning">{describeError(caller.error)}</Alert>}
      {update.isSuccess && !isDirty && <Alert severity="success">Permissions saved.</Alert>}
      {!readOnly && (
        <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} aria-live="polite">
            {isDirty ? 'Unsaved changes' : 'No changes'}
          </Typography>
          <Button onClick={() => change(draftOf(node))} disabled={!isDirty || update.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={handleSave} disabled={!isDirty || update.isPending || caller.isPending}>
            Save
          </Button>
        </Paper>
      )}
      <SelfRemovalDialog lost={lost} onCancel={() => setLost([])} onConfirm={save} />
    </Stack>
  );
}
