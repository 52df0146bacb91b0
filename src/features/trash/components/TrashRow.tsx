import Article from '@mui/icons-material/Article';
import DeleteForever from '@mui/icons-material/DeleteForever';
import Download from '@mui/icons-material/Download';
import Folder from '@mui/icons-material/Folder';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../../components/DateTime.tsx';
import { describeError } from '../../../lib/errors.ts';
import { parentHref, type PathElement } from '../../../lib/folder-route.ts';
import { usePlaceNames } from '../../../lib/site-title.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useDownloadDeletedContent } from '../api/download-deleted-content.ts';
import { useRestoreDeletedNode } from '../api/restore-deleted-node.ts';
import type { DeletedNode } from '../api/types.ts';
import { restoreProblem } from '../model/restore-error.ts';

/** Where an item went back to, for the page's notice. */
export interface Restored {
  name: string;
  /** The folder's ancestors and the folder itself (`path.elements` and it); null for My files. */
  where: readonly PathElement[] | null;
  href: string;
}

/** A place as the app says it: a site's title (never its library folder), then the folders; undefined for none. */
export function usePlaceLabel(elements: readonly PathElement[]): string | undefined {
  const names = usePlaceNames(elements);
  return elements.length === 0 ? undefined : names.join(' / ');
}

/** Where an item was deleted from (its `path`), and where that folder opens; undefined when the folder is gone. */
function usePlace(item: DeletedNode): { label: string; href: string } | undefined {
  const label = usePlaceLabel(item.path?.elements ?? []);
  return label === undefined ? undefined : { label, href: parentHref(item) };
}

interface Props {
  item: DeletedNode;
  /** Administrators see everyone's items: the row says who deleted each. */
  showDeleter: boolean;
  onRestored: (restored: Restored) => void;
  onPurge: (item: DeletedNode) => void;
  /** Restore into a folder of one's choice (when the app has a folder picker); else into My files. */
  onRestoreTo?: ((item: DeletedNode) => void) | undefined;
  isSelected: boolean;
  onToggleSelected: (item: DeletedNode) => void;
}

/** One trash item: what, where from, when (and by whom); Restore, Download (files), Delete permanently. */
export function TrashRow({ item, showDeleter, onRestored, onPurge, onRestoreTo, isSelected, onToggleSelected }: Props) {
  const restore = useRestoreDeletedNode();
  const download = useDownloadDeletedContent();
  const place = usePlace(item);
  const Icon = item.isFolder ? Folder : Article;
  const hasTarget = restore.variables?.targetParentId !== undefined;
  const problem = restore.isError ? restoreProblem(restore.error, item.name, place?.label, hasTarget) : undefined;

  const handleRestore = (targetParentId?: string) => {
    restore
      .mutateAsync({ nodeId: item.id, ...(targetParentId ? { targetParentId } : {}) })
      .then((node) =>
        onRestored(
          targetParentId || !place
            ? { name: item.name, where: null, href: `/browse/${node.parentId ?? '-my-'}` }
            : { name: item.name, where: item.path?.elements ?? [], href: place.href },
        ),
      )
      .catch(() => undefined);
  };

  return (
    <ListItem divider aria-label={item.name} sx={[{ display: 'block', py: 1.5 }, isSelected && selectedTint]}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flex: '1 1 16rem', minWidth: 0 }}>
          <Checkbox
            checked={isSelected}
            onChange={() => onToggleSelected(item)}
            slotProps={{ input: { 'aria-label': `Select ${item.name}` } }}
            size="small"
            sx={{ m: -1, mr: -1.5 }}
          />
          <Icon sx={{ mt: 0.25, color: item.isFolder ? '#f0b429' : 'text.secondary' }} aria-hidden />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{item.name}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {place ? (
                <>
                  From{' '}
                  <Link
                    component={RouterLink}
                    to={place.href}
                    color="inherit"
                    aria-label={`Open folder ${place.label}`}
                  >
                    {place.label}
                  </Link>
                </>
              ) : (
                'Its folder is gone'
              )}
              {item.isFile && ` · ${formatBytes(item.content?.sizeInBytes ?? 0)}`}
              {' · '}Deleted <DateTime value={item.archivedAt} />
              {showDeleter && ` by ${item.archivedByUser.displayName ?? item.archivedByUser.id}`}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: { xs: 7, sm: 'auto' } }}>
          <Button
            size="small"
            startIcon={<RestoreFromTrash />}
            loading={restore.isPending}
            aria-label={`Restore ${item.name}`}
            onClick={() => handleRestore()}
          >
            Restore
          </Button>
          {/* A folder keeps the download button's place: the rows' buttons line up. */}
          {!item.isFile && <Box sx={{ width: 40 }} aria-hidden />}
          {item.isFile && (
            <Tooltip title="Download">
              <IconButton
                aria-label={`Download ${item.name}`}
                loading={download.isPending}
                onClick={() => download.mutate({ nodeId: item.id, name: item.name })}
              >
                <Download />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title="Delete permanently">
            <IconButton aria-label={`Delete ${item.name} permanently`} color="error" onClick={() => onPurge(item)}>
              <DeleteForever />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      {problem && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            problem.isFolderGone &&
            (onRestoreTo ? (
              <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => onRestoreTo(item)}>
                Restore to…
              </Button>
            ) : (
              <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => handleRestore('-my-')}>
                Restore to My files
              </Button>
            ))
          }
        >
          {problem.text}
        </Alert>
      )}
      {download.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {describeError(download.error)}
        </Alert>
      )}
    </ListItem>
  );
}

/**
 * A selected row takes the selection toolbar's hue, lighter in the dark scheme: a stronger tint
 * there takes the row's primary buttons below 4.5:1.
 */
const selectedTint = (theme: Theme) => ({
  bgcolor: 'rgba(57, 73, 171, 0.08)',
  ...theme.applyStyles('dark', { bgcolor: 'rgba(159, 168, 218, 0.08)' }),
});
