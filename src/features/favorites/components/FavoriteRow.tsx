import Article from '@mui/icons-material/Article';
import Download from '@mui/icons-material/Download';
import Folder from '@mui/icons-material/Folder';
import Groups from '@mui/icons-material/Groups';
import Star from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import { describeError } from '../../../lib/errors.ts';
import { NodeLocation } from '../../../components/NodeLocation.tsx';
import { folderHref } from '../../../lib/folder-route.ts';
import { useDownload } from '../../../lib/download.ts';
import { useDeleteFavorite } from '../api/delete-favorite.ts';
import { targetOf, type Favorite } from '../api/types.ts';

const VISIBILITY: Record<string, string> = { PUBLIC: 'Public', MODERATED: 'Moderated', PRIVATE: 'Private' };
const ROLE: Record<string, string> = {
  SiteManager: 'Manager',
  SiteCollaborator: 'Collaborator',
  SiteContributor: 'Contributor',
  SiteConsumer: 'Consumer',
};

/** One favorite: what it is, where it is, open it (a file: its details page), download a file, unstar it. */
export function FavoriteRow({ favorite }: { favorite: Favorite }) {
  const remove = useDeleteFavorite();
  const download = useDownload();
  const target = targetOf(favorite);
  const name = target.kind === 'site' ? target.site.title : target.node.name;
  const isFile = target.kind === 'file';

  let primary;
  let secondary;
  if (target.kind === 'site') {
    const { site } = target;
    primary = (
      <Link component={RouterLink} to={`/sites/${encodeURIComponent(site.id)}`}>
        {site.title}
      </Link>
    );
    secondary = `Site · ${VISIBILITY[site.visibility] ?? site.visibility}${site.role ? ` · You are ${ROLE[site.role] ?? site.role}` : ''}`;
  } else {
    const { node } = target;
    primary = (
      <Link
        component={RouterLink}
        to={target.kind === 'folder' ? folderHref(node, node.path?.elements) : `/nodes/${node.id}`}
      >
        {node.name}
      </Link>
    );
    secondary = node.path?.elements?.length ? (
      <>
        In <NodeLocation node={node} />
      </>
    ) : isFile ? (
      'File'
    ) : (
      'Folder'
    );
  }

  const Icon = target.kind === 'site' ? Groups : target.kind === 'folder' ? Folder : Article;
  const label = `Remove ${name} from favorites`;
  return (
    <ListItem
      divider
      aria-label={name}
      // Room for two buttons on a file (MUI leaves 48 px for one).
      sx={isFile ? { pr: 12 } : undefined}
      secondaryAction={
        <>
          {isFile && (
            <Tooltip title="Download">
              <IconButton
                aria-label={`Download ${name}`}
                disabled={download.isPending}
                onClick={() => download.download({ nodeId: target.node.id })}
              >
                <Download />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={label}>
            <span>
              <IconButton
                edge="end"
                aria-label={label}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ targetGuid: favorite.targetGuid })}
              >
                <Star sx={{ color: '#f5b400' }} />
              </IconButton>
            </span>
          </Tooltip>
        </>
      }
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon sx={{ color: isFile ? 'text.secondary' : '#f0b429' }} aria-hidden />
      </ListItemIcon>
      <ListItemText
        primary={primary}
        secondary={
          <>
            {secondary}
            {(remove.isError || download.error) && (
              <Alert severity="error" component="span" sx={{ mt: 1, display: 'flex' }}>
                {describeError(remove.isError ? remove.error : download.error)}
              </Alert>
            )}
          </>
        }
        slotProps={{
          primary: { sx: { overflow: 'hidden', textOverflow: 'ellipsis' } },
          secondary: { sx: { overflowWrap: 'break-word' } },
        }}
      />
    </ListItem>
  );
}
