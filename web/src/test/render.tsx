import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi, type Mock } from 'vitest';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/router';
import { setupStore, type AppStore } from '../app/store';

export interface RenderedApp extends RenderResult {
  store: AppStore;
  router: ReturnType<typeof createMemoryRouter>;
}

function renderRoutes(routes: RouteObject[], path: string): RenderedApp {
  const store = setupStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, router };
}

/** The whole app (real routes, lazy screens) at `path`. */
export function renderApp(path = '/'): RenderedApp {
  return renderRoutes(appRoutes, path);
}

/** One component inside the providers and a router (at `path`, with a /dashboard route to land on). */
export function renderWithProviders(ui: ReactElement, path = '/'): RenderedApp {
  return renderRoutes(
    [
      { path: '/dashboard', element: <h1>dashboard-route</h1> },
      { path: '*', element: ui },
    ],
    path,
  );
}

export function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces `fetch`; the returned mock records every call. */
export function mockFetch(
  handler: FetchHandler,
): Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>> {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => handler(String(input), init));
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** `matchMedia` answering `matches` for the given queries (MUI's useMediaQuery reads it). */
export function mockMatchMedia(matching: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matching(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
