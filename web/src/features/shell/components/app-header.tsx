import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import MenuOpenRoundedIcon from '@mui/icons-material/MenuOpenRounded';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import PasswordRoundedIcon from '@mui/icons-material/PasswordRounded';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type MouseEvent } from 'react';
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
  /** Opens the "Change password" dialog (from the account menu). */
  onChangePassword: () => void;
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
  onChangePassword,
}: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation('common');
  const menuId = useId();
  const menuButtonId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuOpen = menuAnchor !== null;
  const menuButtonProps = {
    id: menuButtonId,
    onClick: (event: MouseEvent<HTMLElement>) => setMenuAnchor(event.currentTarget),
    'aria-haspopup': 'menu' as const,
    'aria-controls': menuOpen ? menuId : undefined,
    'aria-expanded': menuOpen ? ('true' as const) : undefined,
  };
  const roleName = user ? tCommon(`roles.${user.role}`, { defaultValue: user.role }) : '';

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
          <Button
            {...menuButtonProps}
            color="inherit"
            endIcon={<ExpandMoreRoundedIcon />}
            sx={{ mx: 1, minWidth: 0, gap: 0.5, color: 'text.primary', textTransform: 'none', textAlign: 'start' }}
          >
            <Avatar
              sx={{ width: 32, height: 32, fontSize: '0.8125rem', bgcolor: 'secondary.main', marginInlineEnd: 0.5 }}
              aria-hidden
            >
              {initialsOf(user.fullName)}
            </Avatar>
            <Box component="span" sx={{ minWidth: 0, lineHeight: 1.2 }}>
              <Typography
                component="span"
                variant="body2"
                noWrap
                sx={{ display: 'block', fontWeight: 600, lineHeight: 1.3 }}
              >
                <bdi>{user.fullName}</bdi>
              </Typography>
              <Typography
                component="span"
                variant="caption"
                color="text.secondary"
                noWrap
                sx={{ display: 'block', lineHeight: 1.3 }}
              >
                {roleName}
              </Typography>
            </Box>
          </Button>
        )}
        <Menu
          id={menuId}
          anchorEl={menuAnchor}
          open={menuOpen}
          onClose={() => setMenuAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ list: { 'aria-labelledby': menuButtonId, dense: false } }}
        >
          {isMobile && user && (
            <Box
              component="li"
              role="none"
              sx={{ px: 2, pt: 0.5, pb: 1, mb: 0.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <bdi>{user.fullName}</bdi>
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {roleName}
              </Typography>
            </Box>
          )}
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              onChangePassword();
            }}
          >
            <ListItemIcon>
              <PasswordRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('header.changePassword')}</ListItemText>
          </MenuItem>
          {/* On a phone the header has no room for its own Log out button: it is here. */}
          {isMobile && (
            <MenuItem
              disabled={isLoggingOut}
              onClick={() => {
                setMenuAnchor(null);
                onLogout();
              }}
            >
              <ListItemIcon>
                <LogoutRoundedIcon fontSize="small" sx={mirrorInRtl} />
              </ListItemIcon>
              <ListItemText>{isLoggingOut ? t('header.loggingOut') : t('header.logout')}</ListItemText>
            </MenuItem>
          )}
        </Menu>
        <LanguageToggle />
        {user && isMobile && (
          <IconButton {...menuButtonProps} aria-label={t('header.accountMenu')}>
            <Avatar sx={{ width: 30, height: 30, fontSize: '0.75rem', bgcolor: 'secondary.main' }} aria-hidden>
              {initialsOf(user.fullName)}
            </Avatar>
          </IconButton>
        )}
        {isMobile && !user && (
          <IconButton onClick={onLogout} disabled={isLoggingOut} aria-label={t('header.logout')}>
            <LogoutRoundedIcon sx={mirrorInRtl} />
          </IconButton>
        )}
        {!isMobile && (
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
