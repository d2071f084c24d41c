import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '../components/route-error-screen';
import { lazyNamed } from '../lib/lazy-named';
import { RootLayout } from './routes/root-layout';

const LandingPage = lazyNamed(() => import('../features/landing/components/landing-page'), 'LandingPage');
const AuthPage = lazyNamed(() => import('../features/auth/components/auth-page'), 'AuthPage');
const AppLayoutRoute = lazyNamed(() => import('./routes/app-layout-route'), 'AppLayoutRoute');
const AdminRoute = lazyNamed(() => import('./routes/admin-route'), 'AdminRoute');
const DashboardRoute = lazyNamed(() => import('./routes/dashboard-route'), 'DashboardRoute');
const OrdersRoute = lazyNamed(() => import('./routes/orders-route'), 'OrdersRoute');
const InboxRoute = lazyNamed(() => import('./routes/inbox-route'), 'InboxRoute');
const StockRoute = lazyNamed(() => import('./routes/stock-route'), 'StockRoute');
const PriceListsRoute = lazyNamed(() => import('./routes/price-lists-route'), 'PriceListsRoute');
const ClientsRoute = lazyNamed(() => import('./routes/clients-route'), 'ClientsRoute');
const ClientProfileRoute = lazyNamed(() => import('./routes/client-profile-route'), 'ClientProfileRoute');
const InvoicesRoute = lazyNamed(() => import('./routes/invoices-route'), 'InvoicesRoute');
const ReceivablesRoute = lazyNamed(() => import('./routes/receivables-route'), 'ReceivablesRoute');
const AnalyticsRoute = lazyNamed(() => import('./routes/analytics-route'), 'AnalyticsRoute');
const SettingsRoute = lazyNamed(() => import('./routes/settings-route'), 'SettingsRoute');
const ApiDocsPage = lazyNamed(() => import('../features/api-docs/components/api-docs-page'), 'ApiDocsPage');
const UserApprovalsPage = lazyNamed(
  () => import('../features/user-approvals/components/user-approvals-page'),
  'UserApprovalsPage',
);
const UsersPermissionsRoute = lazyNamed(() => import('./routes/users-permissions-route'), 'UsersPermissionsRoute');
const NotFoundPage = lazyNamed(() => import('../features/not-found/components/not-found-page'), 'NotFoundPage');

/**
 * SPEC §2 routes: public pages full screen; application screens inside the shell for a
 * signed-in user (AppLayoutRoute), the Administration ones for admins and owners only
 * (AdminRoute); anything else 404.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/landing', element: <LandingPage /> },
      { path: '/auth', element: <AuthPage /> },
      {
        element: <AppLayoutRoute />,
        children: [
          { path: '/dashboard', element: <DashboardRoute /> },
          { path: '/orders', element: <OrdersRoute /> },
          { path: '/inbox', element: <InboxRoute /> },
          { path: '/stock', element: <StockRoute /> },
          { path: '/price-lists', element: <PriceListsRoute /> },
          { path: '/clients', element: <ClientsRoute /> },
          { path: '/clients/:id', element: <ClientProfileRoute /> },
          { path: '/invoices', element: <InvoicesRoute /> },
          { path: '/receivables', element: <ReceivablesRoute /> },
          { path: '/analytics', element: <AnalyticsRoute /> },
          { path: '/settings', element: <SettingsRoute /> },
          { path: '/api-docs', element: <ApiDocsPage /> },
          {
            element: <AdminRoute />,
            children: [
              { path: '/admin/users', element: <UserApprovalsPage /> },
              { path: '/users-permissions', element: <UsersPermissionsRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
