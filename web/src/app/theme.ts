import { createTheme, type Theme } from '@mui/material/styles';
import type { Direction } from '../lib/language';

const latinFontStack = ['Inter', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', '"Noto Sans"', 'Arial', 'sans-serif'].join(
  ',',
);
const arabicFontStack = [
  '"Noto Sans Arabic"',
  '"Noto Naskh Arabic"',
  '"Segoe UI"',
  'Tahoma',
  '"Noto Sans"',
  'system-ui',
  'sans-serif',
].join(',');

export function createAppTheme(direction: Direction): Theme {
  const rtl = direction === 'rtl';
  return createTheme({
    direction,
    palette: {
      mode: 'light',
      primary: { main: '#0f766e', light: '#2a9d8f', dark: '#0b5953', contrastText: '#ffffff' },
      secondary: { main: '#b7791f', light: '#f5c46b', dark: '#8a5a12', contrastText: '#ffffff' },
      success: { main: '#15803d' },
      warning: { main: '#b45309' },
      error: { main: '#c62828' },
      info: { main: '#0369a1' },
      background: { default: '#f4f7f6', paper: '#ffffff' },
      text: { primary: '#10201d', secondary: '#4f625d' },
      divider: '#dfe7e5',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: rtl ? arabicFontStack : latinFontStack,
      h1: { fontWeight: 800, letterSpacing: rtl ? 0 : '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: rtl ? 0 : '-0.015em' },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700, fontSize: '1.75rem', lineHeight: 1.3 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700, fontSize: '1.0625rem' },
      subtitle1: { lineHeight: 1.6 },
      body1: { lineHeight: rtl ? 1.8 : 1.6 },
      body2: { lineHeight: rtl ? 1.75 : 1.55 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
      overline: { letterSpacing: rtl ? 0 : '0.08em', fontWeight: 700 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8 }, sizeLarge: { paddingBlock: 10, paddingInline: 22 } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 12 } },
      },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
      MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300, arrow: true } },
      MuiListItemButton: { styleOverrides: { root: { borderRadius: 8 } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, fontSize: '0.95rem' } } },
    },
  });
}
