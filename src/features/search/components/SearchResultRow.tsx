import Article from '@mui/icons-material/Article';
import Folder from '@mui/icons-material/Folder';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DateTime } from '../../../components/DateTime.tsx';
import { folderHref } from '../../../lib/folder-route.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import type { SearchNode } from '../api/search-nodes.ts';
import { bestSnippet, nameSnippet } from '../model/snippet.ts';
import { Highlighted } from './Highlighted.tsx';
import { NodeLocation } from '../../../components/NodeLocation.tsx';

/** Where a result opens: a folder in the browser (inside its site when it is in one), a file on its page. */
export const nodeHref = (node: SearchNode) =>
  node.isFolder ? folderHref(node, node.path?.elements ?? []) : `/nodes/${node.id}`;

/** One result: its name (matches marked) linked, where it is, the words around the match, when and by whom. */
export function SearchResultRow({ node }: { node: SearchNode }) {
  const highlight = node.search?.highlight;
  const name = nameSnippet(highlight);
  const snippet = bestSnippet(highlight);
  const Icon = node.isFolder ? Folder : Article;
  return (
    <ListItem divider aria-label={node.name} sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, py: 1.5 }}>
      <Icon sx={{ mt: 0.25, color: node.isFolder ? '#f0b429' : 'text.secondary' }} aria-hidden />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link component={RouterLink} to={nodeHref(node)} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {name ? <Highlighted snippet={name} /> : node.name}
        </Link>
        {snippet && (
          <Typography variant="body2" data-testid="snippet" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
            <Highlighted snippet={snippet.snippet} />
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', mt: 0.25 }}>
          {node.path?.elements?.length ? (
            <>
              In <NodeLocation node={node} />
              {' · '}
            </>
          ) : null}
          Modified <DateTime value={node.modifiedAt} /> by {node.modifiedByUser.displayName}
          {node.isFile && ` · ${formatBytes(node.content?.sizeInBytes ?? 0)}`}
        </Typography>
      </Box>
    </ListItem>
  );
}
