import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BrandLogo } from '../../../components/brand-logo';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { HEADER_HEIGHT, SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE } from '../../../lib/layout';
import { useSidebarState } from '../hooks/use-sidebar-state';
import { AppHeader, type HeaderUser } from './app-header';
import { SidebarNav } from './sidebar-nav';

/** SPEC §9: below 768 px the sidebar is an off-canvas sheet. */
export const MOBILE_QUERY = '(max-width: 767.98px)';
const NAVIGATION_ID = 'app-sidebar';
const MAIN_ID = 'main-content';

interface AppShellProps {
  user: HeaderUser | null;
  showAdministration: boolean;
  /** The user's permissions; undefined (admins and owners) shows every item. */
  permissions?: readonly string[];
  onLogout: () => void;
  isLoggingOut: boolean;
  /** The account menu's "Change password"; the dialog itself is the auth feature's. */
  onChangePassword: () => void;
  /** Numbers on the sidebar's items, by path (the Inbox's waiting messages). */
  navBadges?: Readonly<Record<string, number | undefined>>;
  children: ReactNode;
}

/** Header, sidebar (left in English, right in Arabic) and the main area of the application. */
export function AppShell({
  user,
  showAdministration,
  permissions,
  onLogout,
  isLoggingOut,
  onChangePassword,
  navBadges,
  children,
}: AppShellProps) {
  const { t } = useTranslation('shell');
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const sidebar = useSidebarState(isMobile);
  const { pathname } = useLocation();
  const { setOpenMobile } = sidebar;

  // Following a link closes the phone sheet.
  useEffect(() => {
    setOpenMobile(false);
  }, [pathname, setOpenMobile]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href={`#${MAIN_ID}`}
        sx={{
          ...visuallyHidden,
          '&:focus': {
            position: 'fixed',
            top: 8,
            left: 8,
            width: 'auto',
            height: 'auto',
            clip: 'auto',
            zIndex: 'tooltip',
            bgcolor: 'background.paper',
            p: 1.5,
            borderRadius: 1,
            boxShadow: 3,
          },
        }}
      >
        {t('skipToContent')}
      </Box>
      <AppHeader
        isMobile={isMobile}
        navigationOpen={isMobile ? sidebar.openMobile : sidebar.open}
        onToggleNavigation={sidebar.toggle}
        navigationId={NAVIGATION_ID}
        user={user}
        onLogout={onLogout}
        isLoggingOut={isLoggingOut}
        onChangePassword={onChangePassword}
      />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {isMobile ? (
          <Drawer
            variant="temporary"
            anchor="left"
            open={sidebar.openMobile}
            onClose={() => sidebar.setOpenMobile(false)}
            slotProps={{ paper: { id: NAVIGATION_ID, sx: { width: SIDEBAR_WIDTH_MOBILE, maxWidth: '85vw' } } }}
          >
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                px: 2,
                minHeight: HEADER_HEIGHT,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <BrandLogo />
              <IconButton onClick={() => sidebar.setOpenMobile(false)} aria-label={t('header.closeMenu')}>
                <CloseRoundedIcon />
              </IconButton>
            </Box>
            <SidebarNav
              collapsed={false}
              showAdministration={showAdministration}
              permissions={permissions}
              onNavigate={() => sidebar.setOpenMobile(false)}
              badges={navBadges}
            />
          </Drawer>
        ) : (
          <Box
            id={NAVIGATION_ID}
            data-state={sidebar.open ? 'expanded' : 'collapsed'}
            sx={(theme) => ({
              width: sidebar.open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON,
              flexShrink: 0,
              position: 'sticky',
              top: HEADER_HEIGHT,
              alignSelf: 'flex-start',
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
              overflowX: 'hidden',
              overflowY: 'auto',
              bgcolor: 'background.paper',
              borderRight: 1,
              borderColor: 'divider',
              transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
              '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
            })}
          >
            <SidebarNav
              collapsed={!sidebar.open}
              showAdministration={showAdministration}
              permissions={permissions}
              badges={navBadges}
            />
          </Box>
        )}
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, lg: 4 }, py: { xs: 2.5, sm: 3 }, outline: 'none' }}
        >
          <Box sx={{ maxWidth: 1200, mx: 'auto' }}>{children}</Box>
        </Box>
      </Box>
    </Box>
  );
}
