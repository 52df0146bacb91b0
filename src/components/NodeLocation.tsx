import Link from '@mui/material/Link';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { parentHref, type PathElement } from '../lib/folder-route.ts';
import { usePlaceNames } from '../lib/site-title.ts';

/**
 * Where a node is, as people say it (a site's title, never its library folder), linked to its
 * folder; the line may wrap after each slash.
 */
export function NodeLocation({ node }: { node: { parentId?: string; path?: { elements?: PathElement[] } } }) {
  const names = usePlaceNames(node.path?.elements ?? []);
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
