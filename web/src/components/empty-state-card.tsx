import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EmptyStateCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
  /** `h1` when the card is the whole screen (e.g. "not allowed"); `h2` inside a screen. */
  titleComponent?: 'h1' | 'h2' | 'h3';
  /** Without its own border, for a card nested in another card. */
  flat?: boolean;
}

/** "Nothing here yet" card of a screen without data. */
export function EmptyStateCard({
  icon,
  title,
  description,
  action,
  titleComponent = 'h2',
  flat = false,
}: EmptyStateCardProps) {
  return (
    <Card sx={flat ? { border: 0 } : undefined}>
      <CardContent
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 1.5,
          py: { xs: 6, sm: 8 },
          px: 3,
        }}
      >
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 64,
            height: 64,
            borderRadius: '50%',
            bgcolor: 'rgba(15, 118, 110, 0.08)',
            color: 'primary.main',
            '& svg': { fontSize: 32 },
          }}
        >
          {icon}
        </Box>
        <Typography variant="h6" component={titleComponent}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420 }}>
          {description}
        </Typography>
        {action && <Box sx={{ mt: 1 }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}
