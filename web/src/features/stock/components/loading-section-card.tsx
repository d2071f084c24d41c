import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { SectionCardHeader } from '../../../components/section-card-header';

interface LoadingSectionCardProps {
  /** Id of the title, for the card's aria-labelledby. */
  id: string;
  icon: ReactNode;
  title: string;
  subtitle?: string;
  rows?: number;
}

/**
 * A card of the stock screen while its list loads for the first time: its title and placeholder
 * rows. Once loaded, the card shows its rows, or goes away when there are none (SPEC §2).
 */
export function LoadingSectionCard({ id, icon, title, subtitle, rows = 3 }: LoadingSectionCardProps) {
  return (
    <Card component="section" aria-labelledby={id} aria-busy data-testid="loading-card">
      <SectionCardHeader id={id} icon={icon} title={title} subtitle={subtitle} />
      <Box aria-hidden sx={{ px: { xs: 2, sm: 3 }, pb: 2.5, display: 'grid', gap: 1 }}>
        {Array.from({ length: rows }, (_row, index) => (
          <Skeleton key={index} variant="rounded" height={28} data-testid="skeleton-row" />
        ))}
      </Box>
    </Card>
  );
}
