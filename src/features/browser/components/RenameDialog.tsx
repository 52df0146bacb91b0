import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { describeError } from '../../../lib/errors.ts';
import { MAX_NAME_LENGTH } from '../../../lib/name-rules.ts';
import { useNameRules } from '../../../lib/server-settings.ts';
import { useRenameNode } from '../api/rename-node.ts';
import type { Node } from '../api/types.ts';

interface Props {
  node: Node | null;
  onClose: () => void;
}

/** The length of the name before its extension. */
function baseNameLength(node: Node): number {
  const dot = node.name.lastIndexOf('.');
  return node.isFile && dot > 0 ? dot : node.name.length;
}

/** A new name checked as the server checks it (with a one-click fix); the server's refusal in words. */
export function RenameDialog({ node, onClose }: Props) {
  return (
    <Dialog open={node !== null} onClose={onClose} aria-labelledby="rename-title" maxWidth="xs" fullWidth>
      {node && <RenameForm key={node.id} node={node} onClose={onClose} />}
    </Dialog>
  );
}

function RenameForm({ node, onClose }: { node: Node; onClose: () => void }) {
  const [name, setName] = useState(node.name);
  const rename = useRenameNode();
  const inputRef = useRef<HTMLInputElement>(null);
  // Opening selects the base name, so typing replaces "report" and keeps ".pdf".
  useEffect(() => inputRef.current?.setSelectionRange(0, baseNameLength(node)), [node]);
  const rules = useNameRules();
  const problem = rules.problem(name);
  const fixed = rules.suggest(name);
  const isUnchanged = name === node.name;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || rules.isPending) return;
    if (isUnchanged) return onClose();
    rename.mutate({ nodeId: node.id, name }, { onSuccess: onClose });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <DialogTitle id="rename-title">Rename “{node.name}”</DialogTitle>
      <DialogContent>
        <TextField
          label="New name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            rename.reset();
          }}
          inputRef={inputRef}
          error={problem !== undefined}
          helperText={problem ?? rules.hint}
          fullWidth
          autoFocus
          margin="dense"
          slotProps={{ htmlInput: { maxLength: MAX_NAME_LENGTH } }}
        />
        {problem !== undefined && name.trim() !== '' && (
          <Button size="small" onClick={() => setName(fixed)} sx={{ mt: 1 }}>
            Use “{fixed}”
          </Button>
        )}
        {rename.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeError(rename.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        confirmLabel="Rename"
        onCancel={onClose}
        isBusy={rename.isPending}
        disabled={rules.isPending || problem !== undefined}
      />
    </form>
  );
}
