import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { Toaster } from '../components/toaster/toaster';
import { i18n } from '../lib/i18n';
import { useLanguage } from '../lib/use-language';
import { emotionCacheFor } from './emotion-cache';
import type { AppStore } from './store';
import { createAppTheme } from './theme';

const globalStyles = (
  <GlobalStyles
    styles={{
      html: { scrollBehavior: 'smooth' },
      '@media (prefers-reduced-motion: reduce)': { html: { scrollBehavior: 'auto' } },
      '#root': { minHeight: '100vh' },
    }}
  />
);

/** Emotion cache and MUI theme for the current direction (LTR for English, RTL for Arabic). */
function DirectionalThemeProvider({ children }: { children: ReactNode }) {
  const { direction } = useLanguage();
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {globalStyles}
        {children}
        <Toaster />
      </ThemeProvider>
    </CacheProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <DirectionalThemeProvider>{children}</DirectionalThemeProvider>
      </I18nextProvider>
    </ReduxProvider>
  );
}
