import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SectionCardHeaderProps {
  /** Id of the h2, for the card's aria-labelledby. */
  id: string;
  icon: ReactNode;
  title: string;
  subtitle?: string;
  action?: ReactNode;
}

/** Icon, title and subtitle of a card that is a section of a screen, with optional actions at the end. */
export function SectionCardHeader({ id, icon, title, subtitle, action }: SectionCardHeaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        flexWrap: 'wrap',
        gap: 1.5,
        px: { xs: 2, sm: 3 },
        pt: { xs: 2, sm: 2.5 },
        pb: 2,
      }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: 2,
          bgcolor: 'rgba(15, 118, 110, 0.08)',
          color: 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
    </Box>
  );
}
