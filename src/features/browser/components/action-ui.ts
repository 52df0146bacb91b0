import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import Download from '@mui/icons-material/Download';
import FolderOpen from '@mui/icons-material/FolderOpen';
import FolderZip from '@mui/icons-material/FolderZip';
import Info from '@mui/icons-material/InfoOutlined';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import type { ActionId } from '../model/actions.ts';

/** How each action reads and looks, and the key that runs it from the table. */
export const ACTION_UI: Record<ActionId, { label: string; Icon: typeof Delete; shortcut?: string }> = {
  open: { label: 'Open', Icon: FolderOpen, shortcut: 'Enter' },
  download: { label: 'Download', Icon: Download },
  downloadZip: { label: 'Download as ZIP', Icon: FolderZip },
  rename: { label: 'Rename…', Icon: DriveFileRenameOutline, shortcut: 'F2' },
  copy: { label: 'Copy to…', Icon: ContentCopy },
  move: { label: 'Move to…', Icon: DriveFileMove },
  delete: { label: 'Delete', Icon: Delete, shortcut: 'Del' },
  favorite: { label: 'Add to favorites', Icon: StarBorder },
  unfavorite: { label: 'Remove from favorites', Icon: Star },
  lock: { label: 'Lock…', Icon: Lock },
  unlock: { label: 'Unlock…', Icon: LockOpen },
  properties: { label: 'Properties', Icon: Info },
};
