import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteErrorScreen() {
  const { t } = useTranslation('common');
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        p: 3,
      }}
    >
      <ErrorOutlineRoundedIcon color="error" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1">
        {t('routeError.title')}
      </Typography>
      <Typography color="text.secondary">{t('routeError.description')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Box>
  );
}
