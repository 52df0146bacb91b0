import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { can } from '../api/types.ts';
import { FolderNavigator, useFolderNavigation } from './FolderNavigator.tsx';

/** The folder a ChooseFolderDialog gives back: its id, name and ancestors (where it opens). */
export interface ChosenFolder {
  id: string;
  name: string;
  path?: { elements?: { id?: string; name?: string }[] } | undefined;
}

export interface ChooseFolderDialogProps {
  /** Open while true. */
  open: boolean;
  /** The dialog's title ("Restore “plan.txt” to…"). */
  title: string;
  /** The primary button ("Restore here"). */
  confirmLabel: string;
  /** Where the picker opens (My files by default). */
  startId?: string;
  onChoose: (folder: ChosenFolder) => void;
  onCancel: () => void;
  /** The caller's call with the chosen folder is in flight. */
  isBusy?: boolean;
  /** What went wrong with that call, in words. */
  error?: string | undefined;
}

/**
 * The folder picker on its own (for another feature, composed in the app): go to a folder where
 * you may add items, then confirm. The caller does the work and says how it went.
 */
export function ChooseFolderDialog({ open, ...rest }: ChooseFolderDialogProps) {
  return (
    <Dialog open={open} onClose={rest.onCancel} aria-labelledby="choose-folder-title" maxWidth="sm" fullWidth>
      {open && <Chooser {...rest} />}
    </Dialog>
  );
}

function Chooser({
  title,
  confirmLabel,
  startId = '-my-',
  onChoose,
  onCancel,
  isBusy,
  error,
}: Omit<ChooseFolderDialogProps, 'open'>) {
  const nav = useFolderNavigation(startId);
  const { target } = nav;
  const problem = target && !can(target, 'create') ? 'You cannot add items to this folder.' : undefined;
  return (
    <>
      <DialogTitle id="choose-folder-title">{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <FolderNavigator nav={nav} />
        {(problem || error) && (
          <Typography
            variant="body2"
            sx={{ px: 2, py: 1, color: error ? 'error.main' : 'text.secondary' }}
            role={error ? 'alert' : 'status'}
          >
            {error ?? problem}
          </Typography>
        )}
      </DialogContent>
      <DialogFooter
        confirmLabel={confirmLabel}
        onConfirm={() => target && onChoose({ id: target.id, name: target.name, path: target.path })}
        onCancel={onCancel}
        isBusy={isBusy ?? false}
        disabled={!target || problem !== undefined}
      />
    </>
  );
}
