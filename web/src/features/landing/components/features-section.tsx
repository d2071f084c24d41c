import ApiRoundedIcon from '@mui/icons-material/ApiRounded';
import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import PictureAsPdfRoundedIcon from '@mui/icons-material/PictureAsPdfRounded';
import QueryStatsRoundedIcon from '@mui/icons-material/QueryStatsRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const features: ReadonlyArray<{ key: string; icon: ReactElement }> = [
  { key: 'ai', icon: <AutoAwesomeRoundedIcon /> },
  { key: 'stock', icon: <Inventory2RoundedIcon /> },
  { key: 'invoices', icon: <PictureAsPdfRoundedIcon /> },
  { key: 'crm', icon: <PeopleAltRoundedIcon /> },
  { key: 'dashboards', icon: <QueryStatsRoundedIcon /> },
  { key: 'api', icon: <ApiRoundedIcon /> },
];

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      id="features"
      aria-labelledby="features-title"
      sx={{ py: { xs: 7, md: 10 }, bgcolor: 'background.paper', scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="features-title"
          overline={t('features.overline')}
          title={t('features.title')}
          subtitle={t('features.subtitle')}
        />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            gap: 2.5,
          }}
        >
          {features.map(({ key, icon }) => (
            <Card
              key={key}
              sx={{
                height: '100%',
                transition: 'box-shadow 0.2s, border-color 0.2s',
                '&:hover': { borderColor: 'primary.light', boxShadow: '0 12px 32px -20px rgba(11, 89, 83, 0.5)' },
              }}
            >
              <CardContent sx={{ p: 3 }}>
                <Box
                  aria-hidden
                  sx={{
                    display: 'grid',
                    placeItems: 'center',
                    width: 48,
                    height: 48,
                    borderRadius: 2.5,
                    bgcolor: 'rgba(15, 118, 110, 0.1)',
                    color: 'primary.main',
                    mb: 2,
                  }}
                >
                  {icon}
                </Box>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {t(`features.items.${key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`features.items.${key}.description`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
