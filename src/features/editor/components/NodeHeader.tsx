import ArrowBack from '@mui/icons-material/ArrowBack';
import Folder from '@mui/icons-material/Folder';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import { parentHref, placeOf } from '../../../lib/folder-route.ts';
import { useSiteTitle } from '../../../lib/site-title.ts';
import type { Node } from '../api/types.ts';
import { sizeInWords, typeInWords, whenInWords } from '../model/node-summary.ts';

export interface LockControlsProps {
  nodeId: string;
}

/** The actions of the node (Download, Open, Rename…), composed in by the app. */
export interface NodeActionsProps {
  node: Node;
}

interface Props {
  node: Node;
  typeTitle: string | undefined;
  LockControls?: ComponentType<LockControlsProps> | undefined;
  Actions?: ComponentType<NodeActionsProps> | undefined;
}

/**
 * Icon, name, the type in words, size, who modified it and when, where it is (each folder a link;
 * inside a site from the site's title, its library folder never shown),
 * the way back to the folder, and below them the actions and the lock. A long name takes the whole
 * width and wraps (at most three lines; the whole name on hover); nothing that can grow (the lock,
 * an error) sits beside it.
 */
export function NodeHeader({ node, typeTitle, LockControls, Actions }: Props) {
  const Icon = node.isFolder ? Folder : InsertDriveFile;
  const place = placeOf(node.path?.elements ?? []);
  const siteTitle = useSiteTitle(place.site);
  const size = node.isFile ? sizeInWords(node.content?.sizeInBytes) : undefined;
  const modified = whenInWords(node.modifiedAt);
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Breadcrumbs aria-label="Location" maxItems={5} itemsAfterCollapse={3} sx={{ fontSize: 14 }}>
        {place.site !== null && (
          <Link
            component={RouterLink}
            to={`/sites/${encodeURIComponent(place.site)}`}
            underline="hover"
            color="inherit"
          >
            {siteTitle}
          </Link>
        )}
        {place.folders.map((folder) => (
          <Link key={folder.id} component={RouterLink} to={folder.href} underline="hover" color="inherit">
            {folder.name}
          </Link>
        ))}
      </Breadcrumbs>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0, flex: '1 1 auto' }}>
          <Icon aria-hidden sx={{ fontSize: 40, color: node.isFolder ? '#f0b429' : 'text.secondary', flexShrink: 0 }} />
          <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
            <Typography component="h1" variant="h5" title={node.name} sx={titleSx}>
              {node.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              <Typography variant="body2" color="text.secondary" data-testid="node-summary">
                <span title={node.nodeType}>{typeInWords(node, typeTitle)}</span>
                {size ? ` · ${size}` : ''}
                {modified && (
                  <>
                    {' · Modified '}
                    <time dateTime={node.modifiedAt} title={node.modifiedAt}>
                      {modified}
                    </time>
                    {node.modifiedByUser?.displayName ? ` by ${node.modifiedByUser.displayName}` : ''}
                  </>
                )}
              </Typography>
              {node.isLocked && (
                <Chip size="small" icon={<LockOutlined />} label="Locked" variant="outlined" sx={{ flexShrink: 0 }} />
              )}
            </Stack>
          </Box>
        </Stack>
        {node.parentId && (
          <Button
            component={RouterLink}
            to={parentHref(node)}
            startIcon={<ArrowBack />}
            variant="outlined"
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' }, whiteSpace: 'nowrap' }}
          >
            Back to folder
          </Button>
        )}
      </Stack>
      {Actions && <Actions node={node} />}
      {LockControls && <LockControls nodeId={node.id} />}
    </Stack>
  );
}

/** The name wraps where it must (long names have no spaces), at most three lines. */
const titleSx = {
  fontWeight: 600,
  fontSize: { xs: '1.25rem', sm: '1.5rem' },
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;
