import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { parentHref, placeOf, type PathElement } from '../../../lib/folder-route.ts';
import { useSiteTitle } from '../../../lib/site-title.ts';

/** Where a node is, as people say it (a site's title, never its library folder), linked to its folder. */
export function NodeLocation({ node }: { node: { parentId?: string; path?: { elements?: PathElement[] } } }) {
  const elements = node.path?.elements ?? [];
  const place = placeOf(elements);
  const siteTitle = useSiteTitle(place.site);
  const names = [...(siteTitle === undefined ? [] : [siteTitle]), ...place.folders.map((f) => f.name)];
  if (names.length === 0) return null;
  return (
    <Link component={RouterLink} to={parentHref(node)} color="inherit" aria-label={`Open folder ${names.join(' / ')}`}>
      {names.map((name, i) => (
        <Fragment key={i}>
          {i > 0 && ' / '}
          {i > 0 && <wbr />}
          {name}
        </Fragment>
      ))}
    </Link>
  );
}
