import { createTheme } from '@mui/material/styles';

/** Light and dark schemes; the system's choice unless the user picks one (kept in localStorage). */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#3949ab' },
        // MUI's orange (#ed6c02) is 3.1:1 on white: text in it (an outlined chip, a warning line) needs 4.5:1.
        warning: { main: '#b45309' },
        background: { default: '#f6f7fb' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#9fa8da' },
        // MUI's dark red (#f44336) is 3.7:1 under white text and 4.1:1 as text on the paper: a lighter
        // red takes dark text (8:1) and reads 6.8:1 on the paper.
        error: { main: '#f28b82' },
        background: { default: '#121318', paper: '#1a1c23' },
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiTableCell: { styleOverrides: { root: { paddingTop: 6, paddingBottom: 6 } } },
    // Tabs read as words, like the buttons, not in capitals.
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontSize: '0.95rem' } } },
  },
});
