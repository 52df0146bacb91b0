import Folder from '@mui/icons-material/Folder';
import FolderSpecial from '@mui/icons-material/FolderSpecial';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '../../../lib/errors.ts';
import { useNode } from '../api/get-node.ts';
import { PICKER_PAGE, useFolders, useSitesFolder } from '../api/list-folders.ts';

/** Where a folder picker is: the folder shown (its node, its subfolders) and how to go elsewhere. */
export function useFolderNavigation(startId: string) {
  const [locationId, setLocationId] = useState(startId);
  const location = useNode(locationId);
  const folders = useFolders(locationId);
  const sites = useSitesFolder();
  return { locationId, setLocationId, location, folders, sites, target: location.data };
}

export type FolderNavigation = ReturnType<typeof useFolderNavigation>;

/**
 * The folder picker's body: shortcuts (Company Home, My files, Sites), the breadcrumb of the folder
 * shown, and its subfolders to go into; `isDisabled` greys out folders that cannot be chosen.
 */
export function FolderNavigator({ nav, isDisabled }: { nav: FolderNavigation; isDisabled?: (id: string) => boolean }) {
  const { target, location, folders, sites, setLocationId } = nav;
  const shortcuts = [
    { label: 'Company Home', id: '-root-' },
    { label: 'My files', id: '-my-' },
    ...(sites.data ? [{ label: 'Sites', id: sites.data.id }] : []),
  ];
  const pathElements = target?.path?.elements ?? [];
  return (
    <>
      <Stack spacing={1} sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Stack direction="row" spacing={1} role="group" aria-label="Go to" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {shortcuts.map((s) => (
            <Chip key={s.label} label={s.label} size="small" variant="outlined" onClick={() => setLocationId(s.id)} />
          ))}
        </Stack>
        {target ? (
          <Breadcrumbs aria-label="Folder picker location" maxItems={4} itemsAfterCollapse={2}>
            {pathElements.map((element) => (
              <Link
                key={element.id}
                component="button"
                type="button"
                underline="hover"
                color="inherit"
                onClick={() => setLocationId(element.id)}
              >
                {element.name}
              </Link>
            ))}
            <Typography sx={{ color: 'text.primary', fontWeight: 600 }} aria-current="location">
              {target.name}
            </Typography>
          </Breadcrumbs>
        ) : (
          <Skeleton width={200} />
        )}
      </Stack>
      <Box sx={{ height: { xs: 240, sm: 300 }, overflow: 'auto', borderTop: 1, borderColor: 'divider' }}>
        {location.isError || folders.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {describeError(location.error ?? folders.error)}
          </Alert>
        ) : folders.data === undefined ? (
          <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading folders">
            {[70, 55, 62].map((w) => (
              <Skeleton key={w} width={`${w}%`} height={32} />
            ))}
          </Box>
        ) : folders.data.entries.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No folders inside “{target?.name}”.
          </Typography>
        ) : (
          <List dense aria-label={`Folders in ${target?.name ?? 'this folder'}`}>
            {folders.data.entries.map(({ entry }) => (
              // A list holds list items only: each button in its own (axe: list).
              <ListItem key={entry.id} disablePadding>
                <ListItemButton onClick={() => setLocationId(entry.id)} disabled={isDisabled?.(entry.id) ?? false}>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {entry.nodeType === 'st:site' ? (
                      <FolderSpecial fontSize="small" sx={{ color: '#f0b429' }} />
                    ) : (
                      <Folder fontSize="small" sx={{ color: '#f0b429' }} />
                    )}
                  </ListItemIcon>
                  <ListItemText primary={entry.name} slotProps={{ primary: { noWrap: true } }} />
                </ListItemButton>
              </ListItem>
            ))}
            {folders.data.pagination.hasMoreItems && (
              <ListItem>
                <Typography variant="caption" color="text.secondary">
                  Showing the first {PICKER_PAGE} folders.
                </Typography>
              </ListItem>
            )}
          </List>
        )}
      </Box>
    </>
  );
}
