/**
 * Control characters (C0, DEL, C1) and backslashes: browsers drop tabs and newlines from URLs (so
 * `/\t/evil.example` becomes `//evil.example`, another site) and read `\` as `/`; the router cannot
 * take the others. A path of this app has none of them.
 */
function hasUnsafeCharacter(path: string): boolean {
  for (const char of path) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\') return true;
  }
  return false;
}

/**
 * The page to return to after signing in: only a path of this app (one leading `/`), never another
 * site; anything else is the home page.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || hasUnsafeCharacter(next)) return '/';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return '/';
  return next;
}

/** `/login?next=…` for the page the user is on. */
export function loginPathFor(pathname: string, search = ''): string {
  const here = `${pathname}${search}`;
  return here === '/' || here.startsWith('/login') ? '/login' : `/login?next=${encodeURIComponent(here)}`;
}
