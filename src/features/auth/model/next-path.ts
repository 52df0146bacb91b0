/** The page to return to after signing in: only a path of this app, never another site. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return '/';
  return next;
}

/** `/login?next=…` for the page the user is on. */
export function loginPathFor(pathname: string, search = ''): string {
  const here = `${pathname}${search}`;
  return here === '/' || here.startsWith('/login') ? '/login' : `/login?next=${encodeURIComponent(here)}`;
}
