import AddShoppingCartRoundedIcon from '@mui/icons-material/AddShoppingCartRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCardHeader } from '../../../components/section-card-header';
import { mirrorInRtl } from '../../../lib/rtl';
import { NEW_ORDER_PATH, UPLOAD_INVOICE_PATH } from '../lib/quick-actions';

interface QuickAction {
  id: string;
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
}

interface QuickActionsCardProps {
  /** orders:write: New Order. */
  canCreateOrders: boolean;
  /** stock:write: Upload Invoice. */
  canUploadInvoices: boolean;
}

/**
 * SPEC §2 Quick Actions: New Order opens the Orders screen's Create Manual Order dialog
 * (/orders?new=1), Upload Invoice the Stock screen's supplier invoice upload (/stock?upload=1).
 * Each shows only with the permission it needs; with neither the card is not shown.
 */
export function QuickActionsCard({ canCreateOrders, canUploadInvoices }: QuickActionsCardProps) {
  const { t } = useTranslation('dashboard');
  const actions: QuickAction[] = [];
  if (canCreateOrders) {
    actions.push({
      id: 'new-order',
      to: NEW_ORDER_PATH,
      icon: <AddShoppingCartRoundedIcon />,
      title: t('quickActions.newOrder.title'),
      description: t('quickActions.newOrder.description'),
    });
  }
  if (canUploadInvoices) {
    actions.push({
      id: 'upload-invoice',
      to: UPLOAD_INVOICE_PATH,
      icon: <UploadFileRoundedIcon />,
      title: t('quickActions.uploadInvoice.title'),
      description: t('quickActions.uploadInvoice.description'),
    });
  }
  if (actions.length === 0) return null;

  return (
    <Card component="section" aria-labelledby="quick-actions-title">
      <SectionCardHeader
        id="quick-actions-title"
        icon={<BoltRoundedIcon />}
        title={t('quickActions.title')}
        subtitle={t('quickActions.subtitle')}
      />
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          px: { xs: 2, sm: 3 },
          pb: { xs: 2, sm: 3 },
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {actions.map((action) => (
          <Box component="li" key={action.id} sx={{ minWidth: 0 }}>
            <CardActionArea
              component={RouterLink}
              to={action.to}
              data-testid={`quick-action-${action.id}`}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                p: 2,
                height: '100%',
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                '&:hover': { borderColor: 'primary.light' },
                '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box
                aria-hidden
                sx={{
                  display: 'grid',
                  placeItems: 'center',
                  width: 44,
                  height: 44,
                  flexShrink: 0,
                  borderRadius: 2,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
              >
                {action.icon}
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="subtitle1" component="span" sx={{ display: 'block', fontWeight: 700 }}>
                  {action.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {action.description}
                </Typography>
              </Box>
              <Box aria-hidden sx={{ display: 'flex', color: 'text.secondary' }}>
                <ChevronRightRoundedIcon sx={mirrorInRtl} />
              </Box>
            </CardActionArea>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
