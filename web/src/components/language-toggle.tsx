import TranslateRoundedIcon from '@mui/icons-material/TranslateRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/use-language';

interface LanguageToggleProps {
  /** Light colours for dark backgrounds. */
  inverted?: boolean;
}

/** Switches between English and Arabic; the button names the language it switches to. */
export function LanguageToggle({ inverted = false }: LanguageToggleProps) {
  const { t } = useTranslation('common');
  const { language, toggleLanguage } = useLanguage();
  const target = language === 'en' ? 'ar' : 'en';

  return (
    <Button
      onClick={toggleLanguage}
      aria-label={t('language.switchTo')}
      variant="text"
      color="inherit"
      startIcon={<TranslateRoundedIcon />}
      sx={{ color: inverted ? 'common.white' : 'text.primary', minWidth: 0, px: 1.25, whiteSpace: 'nowrap' }}
    >
      <span lang={target}>{t('language.targetName')}</span>
    </Button>
  );
}
