import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { createContext, type ReactNode, useContext } from 'react';

/** The widest a page grows: tables stay readable on wide screens. */
export const PAGE_MAX_WIDTH = 1400;

const IsInShell = createContext(false);

interface Props {
  children: ReactNode;
  /** Additions for one page (the folder browser keeps room for the upload panel). */
  sx?: SxProps<Theme>;
}

/**
 * The frame of every page: the same padding, maximum width (centred) and heading style (the page's
 * `h1`), its content in a column with one gap. A page shown inside another page's frame (a site's
 * document library) gets no second frame.
 */
export function PageShell({ children, sx }: Props) {
  const isNested = useContext(IsInShell);
  const extra = Array.isArray(sx) ? sx : sx ? [sx] : [];
  if (isNested) {
    return <Box sx={[{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }, ...extra]}>{children}</Box>;
  }
  return (
    <IsInShell.Provider value={true}>
      <Box
        data-page-shell=""
        sx={[
          (theme) => ({
            p: { xs: 1.5, sm: 2, md: 3 },
            width: '100%',
            maxWidth: PAGE_MAX_WIDTH,
            mx: 'auto',
            minWidth: 0,
            display: 'flex',
            flexDirection: 'column',
            gap: 2,
            '& h1': {
              ...theme.typography.h5,
              fontWeight: 600,
              m: 0,
              [theme.breakpoints.down('sm')]: { fontSize: '1.25rem' },
            },
          }),
          ...extra,
        ]}
      >
        {children}
      </Box>
    </IsInShell.Provider>
  );
}
