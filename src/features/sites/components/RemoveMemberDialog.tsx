import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogFooter } from '../../../components/DialogFooter.tsx';
import { useRemoveSiteMember } from '../api/remove-site-member.ts';
import type { Site, SiteMember } from '../api/types.ts';
import { describeMemberError } from '../model/member-errors.ts';

/** "Remove Carol from Marketing?": the refusal (the last manager) shown in the dialog. */
export function RemoveMemberDialog({
  site,
  member,
  onClose,
}: {
  site: Site;
  member: SiteMember | null;
  onClose: () => void;
}) {
  const remove = useRemoveSiteMember();
  const handleClose = () => {
    remove.reset();
    onClose();
  };
  const name = member?.person.displayName ?? '';
  return (
    <Dialog open={member !== null} onClose={handleClose} aria-labelledby="remove-member-title" maxWidth="xs" fullWidth>
      <DialogTitle id="remove-member-title">Remove member</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Remove {name} from {site.title}? They lose the access the site gave them.
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {describeMemberError(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter
        confirmLabel="Remove"
        color="error"
        onConfirm={() => member && remove.mutate({ siteId: site.id, personId: member.id }, { onSuccess: handleClose })}
        onCancel={handleClose}
        isBusy={remove.isPending}
      />
    </Dialog>
  );
}
