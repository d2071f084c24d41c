import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import MenuOpenRoundedIcon from '@mui/icons-material/MenuOpenRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { LanguageToggle } from '../../../components/language-toggle';
import { mirrorInRtl } from '../../../lib/rtl';
import { HEADER_HEIGHT } from '../../../lib/layout';

export interface HeaderUser {
  fullName: string;
  role: string;
}

interface AppHeaderProps {
  isMobile: boolean;
  /** Desktop sidebar expanded, or phone sheet open. */
  navigationOpen: boolean;
  onToggleNavigation: () => void;
  navigationId: string;
  user: HeaderUser | null;
  onLogout: () => void;
  isLoggingOut: boolean;
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0])
    .join('')
    .toUpperCase();
}

export function AppHeader({
  isMobile,
  navigationOpen,
  onToggleNavigation,
  navigationId,
  user,
  onLogout,
  isLoggingOut,
}: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');

  const toggleLabel = isMobile
    ? t('header.openMenu')
    : navigationOpen
      ? t('header.collapseSidebar')
      : t('header.expandSidebar');

  return (
    <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar disableGutters sx={{ minHeight: { xs: HEADER_HEIGHT }, gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <Tooltip title={isMobile ? toggleLabel : `${toggleLabel} (${t('header.shortcut')})`}>
          <IconButton
            onClick={onToggleNavigation}
            aria-label={toggleLabel}
            aria-expanded={navigationOpen}
            aria-controls={navigationId}
          >
            {!isMobile && navigationOpen ? <MenuOpenRoundedIcon sx={mirrorInRtl} /> : <MenuRoundedIcon />}
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to="/dashboard"
          aria-label={t('header.home')}
          sx={{
            display: 'inline-flex',
            color: 'inherit',
            textDecoration: 'none',
            borderRadius: 1,
            minWidth: 0,
            mx: 0.5,
          }}
        >
          <BrandLogo />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {user && !isMobile && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mx: 1, minWidth: 0 }}>
            <Avatar sx={{ width: 32, height: 32, fontSize: '0.8125rem', bgcolor: 'secondary.main' }} aria-hidden>
              {initialsOf(user.fullName)}
            </Avatar>
            <Box sx={{ minWidth: 0, lineHeight: 1.2 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                {user.fullName}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block', lineHeight: 1.3 }}>
                {tCommon(`roles.${user.role}`, { defaultValue: user.role })}
              </Typography>
            </Box>
          </Box>
        )}
        <LanguageToggle />
        {isMobile ? (
          <IconButton onClick={onLogout} disabled={isLoggingOut} aria-label={t('header.logout')}>
            <LogoutRoundedIcon sx={mirrorInRtl} />
          </IconButton>
        ) : (
          <Button
            onClick={onLogout}
            disabled={isLoggingOut}
            color="inherit"
            startIcon={<LogoutRoundedIcon sx={mirrorInRtl} />}
            sx={{ color: 'text.primary', whiteSpace: 'nowrap' }}
          >
            {isLoggingOut ? t('header.loggingOut') : t('header.logout')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
