import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import FolderOpen from '@mui/icons-material/FolderOpen';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { can, type Node } from '../api/types.ts';

export interface RowActionHandlers {
  onOpen: (node: Node) => void;
  onDownload: (node: Node) => void;
  onDelete: (node: Node) => void;
}

/** The actions on one item, offered only where the server's `allowableOperations` allow them. */
export function RowActions({ node, onOpen, onDownload, onDelete }: RowActionHandlers & { node: Node }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: (n: Node) => void) => () => {
    setAnchor(null);
    action(node);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${node.name}`}
        aria-haspopup="menu"
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
      >
        {node.isFolder && (
          <MenuItem onClick={run(onOpen)}>
            <ListItemIcon>
              <FolderOpen fontSize="small" />
            </ListItemIcon>
            Open
          </MenuItem>
        )}
        {node.isFile && (
          <MenuItem onClick={run(onDownload)}>
            <ListItemIcon>
              <Download fontSize="small" />
            </ListItemIcon>
            Download
          </MenuItem>
        )}
        <MenuItem onClick={run(onDelete)} disabled={!can(node, 'delete')}>
          <ListItemIcon>
            <Delete fontSize="small" />
          </ListItemIcon>
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}
