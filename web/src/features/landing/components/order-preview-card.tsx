import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../lib/visually-hidden';

const previewItems = ['item1', 'item2', 'item3'] as const;

/** Hero illustration: a WhatsApp order in Arabic and the order the AI made of it. */
export function OrderPreviewCard() {
  const { t } = useTranslation('landing');
  return (
    <Box component="figure" aria-labelledby="order-preview-caption" sx={{ m: 0, position: 'relative' }}>
      <Typography id="order-preview-caption" component="figcaption" sx={visuallyHidden}>
        {t('preview.caption')}
      </Typography>
      <Paper
        elevation={0}
        sx={{
          p: { xs: 2, sm: 2.5 },
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 24px 60px -28px rgba(11, 89, 83, 0.45)',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 30,
              height: 30,
              borderRadius: '50%',
              bgcolor: '#25D366',
              color: 'common.white',
            }}
          >
            <WhatsAppIcon sx={{ fontSize: 18 }} aria-hidden />
          </Box>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {t('preview.incoming')}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
            {t('preview.time')}
          </Typography>
        </Box>
        <Box
          lang="ar"
          dir="rtl"
          sx={{
            bgcolor: '#e7f8dc',
            borderRadius: 2,
            p: 1.5,
            fontFamily: '"Noto Sans Arabic", "Noto Naskh Arabic", Tahoma, sans-serif',
            fontSize: '0.95rem',
            lineHeight: 1.8,
            color: '#1d2b27',
          }}
        >
          {t('preview.message')}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center', my: 1.5 }}>
          <Chip
            icon={<AutoAwesomeRoundedIcon />}
            label={t('preview.aiBadge')}
            size="small"
            sx={{
              bgcolor: 'rgba(183, 121, 31, 0.12)',
              color: 'secondary.dark',
              fontWeight: 700,
              '& .MuiChip-icon': { color: 'secondary.main' },
            }}
          />
        </Box>
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              px: 2,
              py: 1.25,
              bgcolor: 'rgba(15, 118, 110, 0.06)',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {t('preview.orderNumber')}
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>{t('preview.client')}</Typography>
            </Box>
            <Chip
              icon={<CheckCircleRoundedIcon />}
              label={t('preview.status')}
              color="success"
              size="small"
              variant="outlined"
              sx={{ fontWeight: 700 }}
            />
          </Box>
          <Divider />
          <Box component="ul" sx={{ listStyle: 'none', m: 0, px: 2, py: 1 }}>
            {previewItems.map((item) => (
              <Box
                component="li"
                key={item}
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}
              >
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {t(`preview.${item}.name`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {t(`preview.${item}.quantity`)}
                </Typography>
              </Box>
            ))}
          </Box>
          <Divider />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 2, py: 1.25 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {t('preview.totalLabel')}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 800, color: 'primary.main' }}>
              {t('preview.total')}
            </Typography>
          </Box>
        </Box>
      </Paper>
    </Box>
  );
}
