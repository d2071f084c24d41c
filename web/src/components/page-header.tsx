import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageHeaderProps {
  title: string;
  /** A translated line, or a name people typed (then isolated by the caller, in a `<bdi>`). */
  subtitle?: ReactNode;
  /** Buttons shown at the end of the header (e.g. "Upload Order"). */
  actions?: ReactNode;
}

/** The h1 and subtitle of an application screen; also sets the document title. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  const { t } = useTranslation('common');
  const appName = t('appName');

  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);

  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {/* Isolated: a title may be a name people typed ("Al-Rayyan Foodstuff Est." keeps its full stop in Arabic). */}
        <Typography variant="h4" component="h1">
          <bdi>{title}</bdi>
        </Typography>
        {subtitle && (
          <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
