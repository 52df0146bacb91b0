import Box from '@mui/material/Box';
import { splitSnippet } from '../model/snippet.ts';

/**
 * A snippet with its matches in `<mark>`: React text nodes only (the snippet is the file's own
 * text, written by anyone: it is never read as HTML).
 */
export function Highlighted({ snippet }: { snippet: string }) {
  return (
    <>
      {splitSnippet(snippet).map((part, i) =>
        part.isMatch ? (
          <Box
            component="mark"
            key={i}
            sx={(theme) => ({
              bgcolor: '#fff3a3',
              color: '#1a1a1a',
              borderRadius: 0.5,
              px: 0.25,
              ...theme.applyStyles('dark', { bgcolor: '#6b5b00', color: '#fff' }),
            })}
          >
            {part.text}
          </Box>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
