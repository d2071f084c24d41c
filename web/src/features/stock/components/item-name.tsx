import Typography from '@mui/material/Typography';
import { useLanguage } from '../../../lib/use-language';

interface ItemNameProps {
  name: string;
  nameAr: string | null;
  /** A line under the names (the SKU). */
  detail?: string;
}

/**
 * A stock item's two names, one under the other, each in its own direction: the English one
 * first, or the Arabic one first when the screen is in Arabic.
 */
export function ItemName({ name, nameAr, detail }: ItemNameProps) {
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
