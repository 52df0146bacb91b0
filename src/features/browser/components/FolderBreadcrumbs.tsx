import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { folderHref, SITE_PREFIX_LENGTH } from '../../../lib/folder-route.ts';
import type { Node } from '../api/types.ts';

/** The site a folder is shown in: the trail starts from its title (its library folder never shows). */
export interface SiteContext {
  id: string;
  title: string;
}

/**
 * The node's ancestors from `path` (each one a link), then the node itself. Inside a site the trail
 * starts from the site's title (Company Home, Sites, the site folder and documentLibrary are left
 * out) and the folder's name is not the page's first heading (the site's title is).
 */
export function FolderBreadcrumbs({ node, site }: { node: Node; site?: SiteContext | undefined }) {
  const elements = node.path?.elements ?? [];
  const ancestors = elements.map((element, i) => ({
    id: element.id,
    name: element.name,
    href: folderHref({ id: element.id, name: element.name }, elements.slice(0, i)),
  }));
  const isLibrary = site !== undefined && elements.length < SITE_PREFIX_LENGTH;
  const trail = site
    ? [
        ...(isLibrary ? [] : [{ id: 'site', name: site.title, href: `/sites/${encodeURIComponent(site.id)}` }]),
        ...ancestors.slice(SITE_PREFIX_LENGTH),
      ]
    : ancestors;
  return (
    <Breadcrumbs
      aria-label="Breadcrumb"
      maxItems={6}
      itemsAfterCollapse={3}
      // A long name is cut with an ellipsis (the whole name on hover), never wider than the window.
      sx={{ minWidth: 0, maxWidth: '100%', '& .MuiBreadcrumbs-li': { minWidth: 0, maxWidth: '100%' } }}
    >
      {trail.map((element) => (
        <Link key={element.id} component={RouterLink} to={element.href} underline="hover" color="inherit">
          {element.name}
        </Link>
      ))}
      <Typography
        component={site ? 'h2' : 'h1'}
        variant="h6"
        aria-current="page"
        title={isLibrary ? site.title : node.name}
        noWrap
        sx={{ color: 'text.primary', fontWeight: 600 }}
      >
        {isLibrary ? site.title : node.name}
      </Typography>
    </Breadcrumbs>
  );
}
