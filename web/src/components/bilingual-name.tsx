import Typography from '@mui/material/Typography';
import { useLanguage } from '../lib/use-language';

interface BilingualNameProps {
  name: string;
  nameAr: string | null | undefined;
  /** A line under the names (a SKU, a code), read left to right. */
  detail?: string | null;
}

/**
 * A name and its Arabic form, one under the other, each in its own direction: the English one
 * first, or the Arabic one first when the screen is in Arabic.
 */
export function BilingualName({ name, nameAr, detail }: BilingualNameProps) {
  const { language } = useLanguage();
  const [primary, secondary] = language === 'ar' && nameAr ? [nameAr, name] : [name, nameAr];
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        <bdi>{primary}</bdi>
      </Typography>
      {secondary && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          <bdi>{secondary}</bdi>
        </Typography>
      )}
      {detail && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.75rem' }}
        >
          <bdi>{detail}</bdi>
        </Typography>
      )}
    </>
  );
}
