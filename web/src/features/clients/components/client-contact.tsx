import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ClientDto } from '../api/clients-api';

/** A client's phone and email, one under the other, as links to call or write; a dash when neither. */
export function ClientContact({ client }: { client: Pick<ClientDto, 'phone' | 'email'> }) {
  const { t } = useTranslation('clients');
  if (!client.phone && !client.email) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('common:noValue')}
      </Typography>
    );
  }
  return (
    <>
      {client.phone && (
        <Typography variant="body2">
          <Link href={`tel:${client.phone.replace(/[^\d+]/g, '')}`} underline="hover" color="inherit" dir="ltr">
            {client.phone}
          </Link>
        </Typography>
      )}
      {client.email && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Link href={`mailto:${client.email}`} underline="hover" dir="ltr">
            {client.email}
          </Link>
        </Typography>
      )}
    </>
  );
}
