import BusinessCenterRoundedIcon from '@mui/icons-material/BusinessCenterRounded';
import LocalShippingRoundedIcon from '@mui/icons-material/LocalShippingRounded';
import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const useCases: ReadonlyArray<{ key: string; icon: ReactElement }> = [
  { key: 'food', icon: <StorefrontRoundedIcon /> },
  { key: 'fmcg', icon: <LocalShippingRoundedIcon /> },
  { key: 'b2b', icon: <BusinessCenterRoundedIcon /> },
];

export function UseCasesSection() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      id="use-cases"
      aria-labelledby="use-cases-title"
      sx={{ py: { xs: 7, md: 10 }, scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="use-cases-title"
          overline={t('useCases.overline')}
          title={t('useCases.title')}
          subtitle={t('useCases.subtitle')}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2.5 }}>
          {useCases.map(({ key, icon }) => (
            <Card key={key} sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3.5 }}>
                <Box
                  aria-hidden
                  sx={{
                    display: 'grid',
                    placeItems: 'center',
                    width: 52,
                    height: 52,
                    borderRadius: 3,
                    bgcolor: 'rgba(183, 121, 31, 0.12)',
                    color: 'secondary.dark',
                    mb: 2.5,
                    '& svg': { fontSize: 28 },
                  }}
                >
                  {icon}
                </Box>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {t(`useCases.items.${key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  {t(`useCases.items.${key}.description`)}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600, color: 'primary.dark' }}>
                  {t(`useCases.items.${key}.example`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
