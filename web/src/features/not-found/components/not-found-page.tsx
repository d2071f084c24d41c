import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageToggle } from '../../../components/language-toggle';

/**
 * Any unknown path (SPEC §2): "Page not found", said to the person using the app (what may have
 * happened, what to do), with the 404 as a small caption; issue 20 replaced the developers' hint.
 */
export function NotFoundPage() {
  const { t } = useTranslation('not-found');
  const { t: tCommon } = useTranslation('common');

  useEffect(() => {
    document.title = `${t('title')} · ${tCommon('appName')}`;
  }, [t, tCommon]);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 2 }}>
        <LanguageToggle />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 8 }}>
        <Card sx={{ width: '100%', maxWidth: 520 }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <SearchOffRoundedIcon color="error" sx={{ fontSize: 36 }} aria-hidden />
              <Box>
                <Typography variant="overline" color="text.secondary" component="p">
                  {t('code')}
                </Typography>
                <Typography variant="h4" component="h1">
                  {t('title')}
                </Typography>
              </Box>
            </Box>
            <Typography color="text.secondary">{t('description')}</Typography>
            <Alert severity="info" variant="outlined">
              {t('userHint')}
            </Alert>
            <Box>
              <Button component={RouterLink} to="/" variant="contained" startIcon={<HomeRoundedIcon />}>
                {t('backHome')}
              </Button>
            </Box>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
