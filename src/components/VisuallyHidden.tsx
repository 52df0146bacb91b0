import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const hidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  // Strings: in sx a bare 1 means 100%, which made a hidden column header as wide as the page.
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

/** Text for screen readers, not shown: the name of a column of buttons, say. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={hidden}>
      {children}
    </Box>
  );
}
