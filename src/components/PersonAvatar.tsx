import Avatar from '@mui/material/Avatar';

/** Up to two initials of a display name ("Alice Andrews" -> "AA"; "admin" -> "A"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => (w ? [...w][0]!.toUpperCase() : '')).join('') || '?';
}

/**
 * A stable colour per person, from their id: dark enough at every hue (the lightest, yellow, is
 * 5.3:1) for the white initials to pass WCAG AA (4.5:1).
 */
function colourOf(id: string): string {
  let hash = 0;
  for (const c of id) hash = (hash * 31 + c.charCodeAt(0)) | 0;
  return `hsl(${Math.abs(hash) % 360} 45% 30%)`;
}

/** A person's initials in a coloured circle (decorative: the name is always written next to it). */
export function PersonAvatar({ id, name, size = 36 }: { id: string; name: string; size?: number }) {
  return (
    <Avatar aria-hidden sx={{ width: size, height: size, fontSize: size * 0.42, bgcolor: colourOf(id), color: '#fff' }}>
      {initialsOf(name)}
    </Avatar>
  );
}
