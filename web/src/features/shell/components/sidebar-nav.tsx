import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useLanguage } from '../../../lib/use-language';
import { adminNavItems, isNavItemActive, mainNavItems, visibleNavItems, type NavItem } from './nav-items';

/**
 * MUI places left/right tooltips with logical margins, which land on the wrong side in
 * RTL; the gap comes from Popper's offset instead, the same in both directions.
 */
const tooltipSlotProps = {
  popper: { modifiers: [{ name: 'offset', options: { offset: [0, 10] } }] },
  tooltip: { sx: { margin: '0 !important', fontSize: '0.8125rem' } },
};

interface SidebarNavProps {
  /** Icon rail: labels move into tooltips. */
  collapsed: boolean;
  /** The Administration group (admins and owners). */
  showAdministration: boolean;
  /** The user's permissions, to hide what they cannot open; undefined shows everything. */
  permissions?: readonly string[];
  /** Called after a link is followed (closes the phone sheet). */
  onNavigate?: () => void;
  /** A number to show on an item's icon, by the item's path (the Inbox's waiting messages); 0 shows none. */
  badges?: Readonly<Record<string, number | undefined>>;
}

export function SidebarNav({ collapsed, showAdministration, permissions, onNavigate, badges }: SidebarNavProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { direction } = useLanguage();
  // Popper does not mirror left/right placements itself.
  const tooltipPlacement = direction === 'rtl' ? 'left' : 'right';

  const renderItem = (item: NavItem) => {
    const label = t(item.labelKey);
    const active = isNavItemActive(item.path, pathname);
    const count = badges?.[item.path] ?? 0;
    const link = (
      <ListItemButton
        component={RouterLink}
        to={item.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        // The count is said with the name ("Inbox, 3 waiting"); the badge itself is only seen. Without
        // a count no aria-label at all: an undefined one would hide the collapsed rail's tooltip name.
        {...(count > 0 ? { 'aria-label': t('nav.waiting', { label, count }) } : {})}
        onClick={onNavigate}
        sx={{
          minHeight: 42,
          mb: 0.25,
          px: collapsed ? 0 : 1.5,
          justifyContent: collapsed ? 'center' : 'flex-start',
          color: active ? 'primary.main' : 'text.primary',
          '&.Mui-selected': { bgcolor: 'rgba(15, 118, 110, 0.1)' },
          '&.Mui-selected:hover': { bgcolor: 'rgba(15, 118, 110, 0.16)' },
        }}
      >
        <ListItemIcon
          sx={{
            minWidth: collapsed ? 0 : 38,
            color: active ? 'primary.main' : 'text.secondary',
            '& svg': { fontSize: 22 },
          }}
        >
          {count > 0 ? (
            <Badge
              badgeContent={count}
              max={99}
              color="error"
              data-testid={`nav-badge-${item.path.slice(1)}`}
              slotProps={{ badge: { 'aria-hidden': true } }}
            >
              {item.icon}
            </Badge>
          ) : (
            item.icon
          )}
        </ListItemIcon>
        {!collapsed && (
          <ListItemText
            primary={label}
            sx={{ my: 0, '& .MuiListItemText-primary': { fontSize: '0.9375rem', fontWeight: active ? 700 : 500 } }}
          />
        )}
      </ListItemButton>
    );

    return (
      <ListItem key={item.path} disablePadding sx={{ display: 'block' }}>
        {collapsed ? (
          <Tooltip
            title={label}
            placement={tooltipPlacement}
            enterDelay={0}
            enterNextDelay={0}
            arrow={false}
            slotProps={tooltipSlotProps}
          >
            {link}
          </Tooltip>
        ) : (
          link
        )}
      </ListItem>
    );
  };

  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ py: 1.5 }}>
      <List disablePadding sx={{ px: collapsed ? 0.5 : 1.5 }}>
        {visibleNavItems(mainNavItems, permissions).map(renderItem)}
      </List>
      {showAdministration && (
        <List
          disablePadding
          aria-label={t('nav.administration')}
          sx={{ px: collapsed ? 0.5 : 1.5, mt: 1 }}
          subheader={
            collapsed ? (
              <Divider component="li" sx={{ my: 1 }} aria-hidden />
            ) : (
              <ListSubheader
                disableSticky
                sx={{
                  px: 1.5,
                  lineHeight: '32px',
                  bgcolor: 'transparent',
                  fontSize: '0.75rem',
                  fontWeight: 700,
                  letterSpacing: direction === 'rtl' ? 0 : '0.06em',
                  textTransform: direction === 'rtl' ? 'none' : 'uppercase',
                  color: 'text.secondary',
                }}
              >
                {t('nav.administration')}
              </ListSubheader>
            )
          }
        >
          {adminNavItems.map(renderItem)}
        </List>
      )}
    </Box>
  );
}
