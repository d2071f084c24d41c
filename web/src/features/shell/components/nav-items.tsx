import AccountBalanceWalletRoundedIcon from '@mui/icons-material/AccountBalanceWalletRounded';
import CodeRoundedIcon from '@mui/icons-material/CodeRounded';
import HowToRegRoundedIcon from '@mui/icons-material/HowToRegRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import Inventory2RoundedIcon from '@mui/icons-material/Inventory2Rounded';
import ManageAccountsRoundedIcon from '@mui/icons-material/ManageAccountsRounded';
import PeopleAltRoundedIcon from '@mui/icons-material/PeopleAltRounded';
import RequestQuoteRoundedIcon from '@mui/icons-material/RequestQuoteRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { Permission } from '@erp/contracts';
import type { ReactElement } from 'react';

export interface NavItem {
  path: string;
  /** Key in the `shell` namespace. */
  labelKey: string;
  icon: ReactElement;
  /** Shown only to users holding it (admins and owners hold every permission). */
  permission?: Permission;
}

/**
 * Sidebar order of SPEC §2; the WhatsApp Inbox (CONTRACT §15) after the Orders it feeds, Price
 * Lists (CONTRACT §10) next to the Stock they price, Receivables (the aging report, CONTRACT §11)
 * after the Invoices it is made of.
 */
export const mainNavItems: readonly NavItem[] = [
  { path: '/dashboard', labelKey: 'nav.dashboard', icon: <SpaceDashboardRoundedIcon /> },
  { path: '/orders', labelKey: 'nav.orders', icon: <ShoppingCartRoundedIcon />, permission: 'orders:read' },
  { path: '/inbox', labelKey: 'nav.inbox', icon: <WhatsAppIcon />, permission: 'orders:read' },
  { path: '/stock', labelKey: 'nav.stock', icon: <Inventory2RoundedIcon />, permission: 'stock:read' },
  {
    path: '/price-lists',
    labelKey: 'nav.priceLists',
    icon: <RequestQuoteRoundedIcon />,
    permission: 'stock:read',
  },
  { path: '/clients', labelKey: 'nav.clients', icon: <PeopleAltRoundedIcon />, permission: 'clients:read' },
  { path: '/invoices', labelKey: 'nav.invoices', icon: <ReceiptLongRoundedIcon />, permission: 'invoices:read' },
  {
    path: '/receivables',
    labelKey: 'nav.receivables',
    icon: <AccountBalanceWalletRoundedIcon />,
    permission: 'invoices:read',
  },
  { path: '/analytics', labelKey: 'nav.analytics', icon: <InsightsRoundedIcon />, permission: 'analytics:read' },
  { path: '/settings', labelKey: 'nav.settings', icon: <SettingsRoundedIcon /> },
  { path: '/api-docs', labelKey: 'nav.apiDocs', icon: <CodeRoundedIcon /> },
];

/** Shown to admins and owners only. */
export const adminNavItems: readonly NavItem[] = [
  { path: '/admin/users', labelKey: 'nav.userApprovals', icon: <HowToRegRoundedIcon /> },
  { path: '/users-permissions', labelKey: 'nav.usersPermissions', icon: <ManageAccountsRoundedIcon /> },
];

/** The items a user sees: all for admins and owners (`permissions` undefined), else by permission. */
export function visibleNavItems(items: readonly NavItem[], permissions: readonly string[] | undefined): NavItem[] {
  return items.filter((item) => !item.permission || !permissions || permissions.includes(item.permission));
}

/** Active by path prefix: /orders is active on /orders and /orders/123, not on /orders-archive. */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
