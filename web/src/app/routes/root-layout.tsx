import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';

/** Every screen is code-split: a full-screen spinner shows while one loads. */
export function RootLayout() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
      <ScrollRestoration />
    </Suspense>
  );
}
