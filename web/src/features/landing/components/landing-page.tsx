import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BenefitsSection } from './benefits-section';
import { CtaSection } from './cta-section';
import { DemoRequestDialog, type DemoRequestKind } from './demo-request-dialog';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { StatsSection } from './stats-section';
import { UseCasesSection } from './use-cases-section';

/** The marketing page at / and /landing (SPEC §1, §2), full screen without the app chrome. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const [request, setRequest] = useState<DemoRequestKind | null>(null);
  const [lastRequest, setLastRequest] = useState<DemoRequestKind>('demo');

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const openRequest = (kind: DemoRequestKind) => {
    setLastRequest(kind);
    setRequest(kind);
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <LandingHeader />
      <main>
        <HeroSection onRequest={openRequest} />
        <StatsSection />
        <FeaturesSection />
        <HowItWorksSection />
        <BenefitsSection />
        <UseCasesSection />
        <CtaSection onRequest={openRequest} />
      </main>
      <LandingFooter />
      <DemoRequestDialog kind={request} lastKind={lastRequest} onClose={() => setRequest(null)} />
    </Box>
  );
}
