import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Tooltip from '@mui/material/Tooltip';
import { describeError } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useSetMembership } from '../api/join-site.ts';
import { useSetSiteFavorite } from '../api/set-site-favorite.ts';
import type { Site } from '../api/types.ts';

/** A star: adds the site to the caller's favorites, or removes it. */
export function SiteFavoriteButton({ site, isFavorite }: { site: Site; isFavorite: boolean | undefined }) {
  const mutation = useSetSiteFavorite();
  const label = isFavorite ? `Remove ${site.title} from favorites` : `Add ${site.title} to favorites`;
  return (
    <>
      <Tooltip title={isFavorite ? 'Remove from favorites' : 'Add to favorites'}>
        <span>
          <IconButton
            aria-label={label}
            aria-pressed={isFavorite ?? false}
            size="small"
            disabled={isFavorite === undefined || mutation.isPending}
            onClick={() => mutation.mutate({ site, favorite: !isFavorite })}
            sx={{ color: isFavorite ? 'warning.main' : undefined }}
          >
            {isFavorite ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <ErrorSnackbar error={mutation.error} onClose={() => mutation.reset()} />
    </>
  );
}

/**
 * Join (a PUBLIC site one is not a member of, as SiteConsumer) or Leave (any site one is a member
 * of; the server keeps the last SiteManager and says so). Nothing for other sites: a MODERATED
 * site needs a join request, which the server takes and this app does not offer yet.
 */
export function MembershipButton({ site, size = 'small' }: { site: Site; size?: 'small' | 'medium' }) {
  const userId = useSession()?.userId;
  const mutation = useSetMembership();
  const join = !site.role;
  if (!userId || (join && site.visibility !== 'PUBLIC')) return null;
  return (
    <>
      <Button
        size={size}
        variant={join ? 'contained' : 'outlined'}
        disabled={mutation.isPending}
        aria-label={`${join ? 'Join' : 'Leave'} ${site.title}`}
        onClick={() => mutation.mutate({ siteId: site.id, userId, join })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {join ? 'Join' : 'Leave'}
      </Button>
      <ErrorSnackbar error={mutation.error} onClose={() => mutation.reset()} />
    </>
  );
}

function ErrorSnackbar({ error, onClose }: { error: Error | null; onClose: () => void }) {
  return (
    <Snackbar
      open={error !== null}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Alert severity="error" variant="filled" onClose={onClose}>
        {error ? describeError(error) : ''}
      </Alert>
    </Snackbar>
  );
}
