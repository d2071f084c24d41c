import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const benefits = ['time', 'accuracy', 'bilingual', 'waste', 'cash', 'team'] as const;

export function BenefitsSection() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      id="benefits"
      aria-labelledby="benefits-title"
      sx={{ py: { xs: 7, md: 10 }, bgcolor: 'background.paper', scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="benefits-title"
          overline={t('benefits.overline')}
          title={t('benefits.title')}
          subtitle={t('benefits.subtitle')}
        />
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
            gap: { xs: 2.5, md: 3.5 },
            columnGap: 6,
          }}
        >
          {benefits.map((benefit) => (
            <Box component="li" key={benefit} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <CheckCircleRoundedIcon color="success" aria-hidden sx={{ mt: 0.25, fontSize: 26 }} />
              <Box>
                <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
                  {t(`benefits.items.${benefit}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`benefits.items.${benefit}.description`)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
