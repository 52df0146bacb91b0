import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Node } from '../api/types.ts';

/** The node's ancestors from `path` (each one a link), then the node itself. */
export function FolderBreadcrumbs({ node }: { node: Node }) {
  const ancestors = node.path?.elements ?? [];
  return (
    <Breadcrumbs aria-label="Breadcrumb" maxItems={6} itemsAfterCollapse={3} sx={{ minWidth: 0 }}>
      {ancestors.map((element) => (
        <Link key={element.id} component={RouterLink} to={`/browse/${element.id}`} underline="hover" color="inherit">
          {element.name}
        </Link>
      ))}
      <Typography
        component="h1"
        variant="h6"
        aria-current="page"
        noWrap
        sx={{ color: 'text.primary', fontWeight: 600 }}
      >
        {node.name}
      </Typography>
    </Breadcrumbs>
  );
}
