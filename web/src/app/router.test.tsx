import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../test/render';

const signedOut = () => jsonResponse({ message: 'Not signed in', code: 'UNAUTHENTICATED' }, 401, 'Unauthorized');

describe('routes', () => {
  it.each([
    ['/dashboard', 'Dashboard', 'An overview of your orders, revenue, clients and stock'],
    ['/orders', 'Orders', 'Process orders via AI or create manually'],
    ['/stock', 'Stock Management', 'Track quantities, batches, expiry dates and reorder needs'],
    ['/clients', 'Clients', 'Manage your customers and their contact details'],
    ['/invoices', 'Invoices', 'View and manage generated invoices'],
    ['/analytics', 'Analytics & Reports', 'Business insights and performance metrics'],
    ['/settings', 'Settings', 'Manage your company settings and preferences'],
    ['/api-docs', 'API Documentation', 'Connect your systems to Gulf ERP with the external API'],
    ['/admin/users', 'User Approvals', 'Review new accounts and demo requests'],
    ['/users-permissions', 'Users & Permissions', 'Create users and manage their roles and permissions'],
  ])('%s renders its heading and subtitle inside the shell', async (path, title, subtitle) => {
    mockFetch(signedOut);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(subtitle)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it.each(['/', '/landing'])('%s shows the landing page without the application chrome', async (path) => {
    mockFetch(signedOut);
    renderApp(path);
    expect(await screen.findByText('Turn WhatsApp orders into confirmed sales, automatically')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('/auth shows the sign-in screen', async () => {
    mockFetch(signedOut);
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
  });

  it('an unknown path shows the 404 screen with a developer hint and a link home', async () => {
    mockFetch(signedOut);
    renderApp('/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('the 404 screen is translated in Arabic', async () => {
    const { i18n } = await import('../lib/i18n');
    await i18n.changeLanguage('ar');
    mockFetch(signedOut);
    renderApp('/orders/unknown/deep');
    expect(await screen.findByRole('heading', { level: 1, name: '404 الصفحة غير موجودة' })).toBeTruthy();
    expect(screen.getByText('هل نسيت تسجيل الصفحة في الموجّه (router) الخاص بالتطبيق؟')).toBeTruthy();
  });
});
