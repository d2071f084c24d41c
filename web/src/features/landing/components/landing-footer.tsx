import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';

export function LandingFooter() {
  const { t } = useTranslation('landing');
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: '#0c1f1c', color: 'rgba(255,255,255,0.78)', pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' }, gap: 4, mb: 5 }}>
          <Box>
            <BrandLogo inverted />
            <Typography variant="body2" sx={{ mt: 2, maxWidth: 380 }}>
              {t('footer.tagline')}
            </Typography>
          </Box>
          <Box component="nav" aria-label={t('footer.productLabel')}>
            <Typography component="h2" sx={{ color: 'common.white', fontWeight: 700, mb: 1.5, fontSize: '0.95rem' }}>
              {t('footer.productLabel')}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              <li>
                <Link href="#features" color="inherit" underline="hover">
                  {t('nav.features')}
                </Link>
              </li>
              <li>
                <Link href="#how-it-works" color="inherit" underline="hover">
                  {t('nav.howItWorks')}
                </Link>
              </li>
              <li>
                <Link component={RouterLink} to="/auth" color="inherit" underline="hover">
                  {t('nav.login')}
                </Link>
              </li>
            </Box>
          </Box>
          <Box>
            <Typography component="h2" sx={{ color: 'common.white', fontWeight: 700, mb: 1.5, fontSize: '0.95rem' }}>
              {t('footer.regionsLabel')}
            </Typography>
            <Typography variant="body2">{t('footer.regions')}</Typography>
          </Box>
        </Box>
        <Box sx={{ borderTop: 1, borderColor: 'rgba(255,255,255,0.12)', pt: 3 }}>
          <Typography variant="body2">{t('footer.rights', { year })}</Typography>
        </Box>
      </Container>
    </Box>
  );
}
