import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface SectionHeadingProps {
  id: string;
  overline?: string;
  title: string;
  subtitle?: string;
}

/** Overline, h2 and subtitle at the top of a landing section; `id` labels the section. */
export function SectionHeading({ id, overline, title, subtitle }: SectionHeadingProps) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 4, md: 6 } }}>
      {overline && (
        <Typography variant="overline" component="p" color="primary" sx={{ mb: 1, fontSize: '0.8rem' }}>
          {overline}
        </Typography>
      )}
      <Typography
        id={id}
        variant="h3"
        component="h2"
        sx={{ fontSize: { xs: '1.75rem', md: '2.4rem' }, fontWeight: 800 }}
      >
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 1.5, fontSize: { xs: '1rem', md: '1.125rem' } }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
