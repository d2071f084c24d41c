import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const steps = ['receive', 'read', 'confirm', 'invoice'] as const;

/** The four steps from message to invoice. */
export function HowItWorksSection() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      id="how-it-works"
      aria-labelledby="how-title"
      sx={{ py: { xs: 7, md: 10 }, scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="how-title"
          overline={t('howItWorks.overline')}
          title={t('howItWorks.title')}
          subtitle={t('howItWorks.subtitle')}
        />
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            gap: { xs: 3, md: 3 },
          }}
        >
          {steps.map((step, index) => (
            <Box
              component="li"
              key={step}
              sx={{ position: 'relative', display: 'flex', flexDirection: { xs: 'row', md: 'column' }, gap: 2 }}
            >
              <Box
                aria-hidden
                sx={{
                  display: 'grid',
                  placeItems: 'center',
                  flexShrink: 0,
                  width: 48,
                  height: 48,
                  borderRadius: '50%',
                  bgcolor: 'primary.main',
                  color: 'common.white',
                  fontWeight: 800,
                  fontSize: '1.25rem',
                  boxShadow: '0 0 0 6px rgba(15, 118, 110, 0.12)',
                }}
              >
                {index + 1}
              </Box>
              <Box>
                <Typography variant="h6" component="h3" sx={{ mb: 0.75 }}>
                  {t(`howItWorks.steps.${step}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`howItWorks.steps.${step}.description`)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
