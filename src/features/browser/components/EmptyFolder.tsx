import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** An empty folder says so, and offers what can be done next. */
export function EmptyFolder({ canCreate, onNewFolder }: { canCreate: boolean; onNewFolder: () => void }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <FolderOpen sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        This folder is empty
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {canCreate ? 'Create a folder to start organising.' : 'You cannot add anything here.'}
      </Typography>
      {canCreate && (
        <Button variant="outlined" startIcon={<CreateNewFolder />} onClick={onNewFolder}>
          Create a folder
        </Button>
      )}
    </Box>
  );
}
