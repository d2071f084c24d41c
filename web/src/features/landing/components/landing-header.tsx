import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { LanguageToggle } from '../../../components/language-toggle';
import { mirrorInRtl } from '../../../lib/rtl';

const sectionLinks = [
  { href: '#features', key: 'nav.features' },
  { href: '#how-it-works', key: 'nav.howItWorks' },
  { href: '#use-cases', key: 'nav.useCases' },
] as const;

export function LandingHeader() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'rgba(255, 255, 255, 0.88)',
        backdropFilter: 'saturate(180%) blur(10px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container
        maxWidth="lg"
        sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 2 }, minHeight: 64, px: { xs: 1.5, sm: 3 } }}
      >
        <Box
          component={RouterLink}
          to="/"
          aria-label={t('nav.home')}
          sx={{ display: 'inline-flex', textDecoration: 'none', minWidth: 0 }}
        >
          <BrandLogo />
        </Box>
        <Box component="nav" aria-label={t('nav.label')} sx={{ display: { xs: 'none', md: 'flex' }, gap: 3, mx: 4 }}>
          {sectionLinks.map((link) => (
            <Link key={link.href} href={link.href} underline="hover" color="text.secondary" sx={{ fontWeight: 600 }}>
              {t(link.key)}
            </Link>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <LanguageToggle />
        <Button
          component={RouterLink}
          to="/auth"
          variant="outlined"
          startIcon={<LoginRoundedIcon sx={mirrorInRtl} />}
          sx={{
            whiteSpace: 'nowrap',
            flexShrink: 0,
            '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
          }}
        >
          {t('nav.login')}
        </Button>
      </Container>
    </Box>
  );
}
