import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { AuthPage } from './auth-page';

const signedOut = () => jsonResponse({ message: 'Not signed in', code: 'UNAUTHENTICATED' }, 401, 'Unauthorized');

describe('AuthPage', () => {
  it('shows the Sign in heading, Login and Register tabs and the side panel', async () => {
    mockFetch(signedOut);
    renderWithProviders(<AuthPage />, '/auth');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Register' })).toBeTruthy();
    for (const item of ['AI Order Processing', 'Smart Stock Management', 'Instant Invoicing', 'Real-time Analytics']) {
      expect(screen.getByRole('heading', { name: item })).toBeTruthy();
    }
  });

  it('asks for username and password inline and sends nothing', async () => {
    const fetchMock = mockFetch(signedOut);
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, '/auth');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/login')).toHaveLength(0);
  });

  it("shows 'Login failed' with the server's message", async () => {
    mockFetch((url) =>
      url === '/api/login'
        ? jsonResponse({ message: 'Invalid username or password', code: 'UNAUTHENTICATED' }, 401, 'Unauthorized')
        : signedOut(),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, '/auth');
    await user.type(screen.getByLabelText(/Username/), 'sara');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login failed');
    expect(alert.textContent).toContain('Invalid username or password');
  });

  it('logs in with username and password and goes to /dashboard', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/login'
        ? jsonResponse({
            id: 'u1',
            username: 'sara',
            fullName: 'Sara',
            email: 's@x.sa',
            role: 'staff',
            status: 'approved',
            permissions: [],
          })
        : signedOut(),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, '/auth');
    await user.type(screen.getByLabelText(/Username/), ' sara ');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'dashboard-route' })).toBeTruthy();
    const login = fetchMock.mock.calls.find(([url]) => url === '/api/login');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({ username: 'sara', password: 'correct horse' });
  });

  it('registers a staff account and shows the pending-approval message', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/register'
        ? jsonResponse(
            { message: 'Registration successful. Your account is awaiting approval.', user: {} },
            201,
            'Created',
          )
        : signedOut(),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, '/auth');
    await user.click(screen.getByRole('tab', { name: 'Register' }));

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();

    await user.type(screen.getByLabelText(/Full name/), 'Sara Al-Qahtani');
    await user.type(screen.getByLabelText(/^Email/), 'sara@nakheel.sa');
    await user.type(screen.getByLabelText(/Username/), 'sara');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Password/), '-and-long');
    await user.type(screen.getByLabelText(/Company/), 'Al Nakheel Trading');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/register')).toBe(true));
    const register = fetchMock.mock.calls.find(([url]) => url === '/api/register');
    expect(JSON.parse(String(register?.[1]?.body))).toEqual({
      fullName: 'Sara Al-Qahtani',
      email: 'sara@nakheel.sa',
      username: 'sara',
      password: 'short-and-long',
      role: 'staff',
      company: 'Al Nakheel Trading',
    });
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeTruthy();
    expect(screen.getAllByText('Registration successful. Your account is awaiting approval.').length).toBeGreaterThan(
      0,
    );
    expect((screen.getByLabelText(/Username/) as HTMLInputElement).value).toBe('sara');
  });

  it("shows 'Registration failed' with the server's message", async () => {
    mockFetch((url) =>
      url === '/api/register'
        ? jsonResponse({ message: 'Username "sara" is already taken', code: 'CONFLICT' }, 409, 'Conflict')
        : signedOut(),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, '/auth');
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await user.type(screen.getByLabelText(/Full name/), 'Sara');
    await user.type(screen.getByLabelText(/^Email/), 'sara@nakheel.sa');
    await user.type(screen.getByLabelText(/Username/), 'sara');
    await user.type(screen.getByLabelText(/^Password/), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Registration failed');
    expect(alert.textContent).toContain('Username "sara" is already taken');
  });

  it('sends a signed-in user to /dashboard', async () => {
    mockFetch(() =>
      jsonResponse({
        id: 'u1',
        username: 'sara',
        fullName: 'Sara',
        email: 's@x.sa',
        role: 'staff',
        status: 'approved',
        permissions: [],
      }),
    );
    renderWithProviders(<AuthPage />, '/auth');
    expect(await screen.findByRole('heading', { name: 'dashboard-route' })).toBeTruthy();
  });
});
