import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
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
    expect(screen.getByText('Password must be at least 10 characters')).toBeTruthy();

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

  it('holds back a password of eight characters or of spaces only, showing the policy (CONTRACT §14)', async () => {
    const fetchMock = mockFetch(() => signedOut());
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, '/auth');
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('At least 10 characters. Not your username or email, and not a commonly used password.'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText(/Full name/), 'Sara');
    await user.type(screen.getByLabelText(/^Email/), 'sara@nakheel.sa');
    await user.type(screen.getByLabelText(/Username/), 'sara');
    await user.type(password, 'password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Password must be at least 10 characters')).toBeTruthy();
    await user.clear(password);
    await user.type(password, '          ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('A password cannot be only spaces')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/register')).toBe(false);
  });

  it('says in Arabic which rule the server refused the password by', async () => {
    await i18n.changeLanguage('ar');
    mockFetch((url) =>
      url === '/api/register'
        ? jsonResponse(
            {
              message: 'Password is too common: choose one that is harder to guess',
              code: 'IDENTITY_PASSWORD_TOO_COMMON',
              details: { field: 'password' },
            },
            400,
            'Bad Request',
          )
        : signedOut(),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, '/auth');
    await user.click(screen.getByRole('tab', { name: 'حساب جديد' }));
    expect(
      screen.getByText('10 أحرف على الأقل، على ألا تكون اسم المستخدم أو البريد الإلكتروني أو كلمة مرور شائعة.'),
    ).toBeTruthy();
    await user.type(screen.getByLabelText(/الاسم الكامل/), 'سارة');
    await user.type(screen.getByLabelText(/^البريد الإلكتروني/), 'sara@nakheel.sa');
    await user.type(screen.getByLabelText(/اسم المستخدم/), 'sara');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'Password123');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('تعذّر إنشاء الحساب');
    expect(alert.textContent).toContain('كلمة المرور هذه شائعة جداً. اختر كلمة مرور يصعب تخمينها.');
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

  describe('login errors', () => {
    async function logIn(answer: () => Response) {
      mockFetch((url) => (url === '/api/login' ? answer() : signedOut()));
      const user = userEvent.setup();
      renderWithProviders(<AuthPage />, '/auth');
      await user.type(screen.getByLabelText(/Username|اسم المستخدم/), 'sara');
      await user.type(screen.getByLabelText(/^(Password|كلمة المرور)/), 'long-enough');
      await user.click(screen.getByRole('button', { name: /^(Log in|دخول)$/ }));
      return screen.findByRole('alert');
    }

    it('says the account is awaiting approval', async () => {
      const alert = await logIn(() =>
        jsonResponse(
          { message: 'Your account is awaiting approval', code: 'IDENTITY_ACCOUNT_PENDING' },
          403,
          'Forbidden',
        ),
      );
      expect(alert.textContent).toContain('Login failed');
      expect(alert.textContent).toContain('Your account is awaiting approval. You can sign in once an administrator');
    });

    it('says the account was rejected', async () => {
      const alert = await logIn(() =>
        jsonResponse(
          { message: 'Your account has been rejected', code: 'IDENTITY_ACCOUNT_REJECTED' },
          403,
          'Forbidden',
        ),
      );
      expect(alert.textContent).toContain('Your account request has been rejected');
    });

    it('says the credentials are wrong', async () => {
      const alert = await logIn(() =>
        jsonResponse(
          { message: 'Invalid username or password', code: 'IDENTITY_INVALID_CREDENTIALS' },
          401,
          'Unauthorized',
        ),
      );
      expect(alert.textContent).toContain('Invalid username or password.');
    });

    it('says how long to wait when rate limited (Retry-After)', async () => {
      const alert = await logIn(
        () =>
          new Response(
            JSON.stringify({
              message: 'Too many sign-in attempts. Please wait and try again.',
              code: 'IDENTITY_LOGIN_RATE_LIMITED',
              details: { retryAfterSeconds: 840 },
            }),
            { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '840' } },
          ),
      );
      expect(alert.textContent).toContain('Too many sign-in attempts. Please try again in 14 minutes.');
    });

    it('falls back to details.retryAfterSeconds without the header', async () => {
      const alert = await logIn(() =>
        jsonResponse(
          { message: 'Too many', code: 'IDENTITY_LOGIN_RATE_LIMITED', details: { retryAfterSeconds: 30 } },
          429,
          'Too Many Requests',
        ),
      );
      expect(alert.textContent).toContain('Please try again in 30 seconds.');
    });

    it('translates the pending answer into Arabic', async () => {
      await i18n.changeLanguage('ar');
      const alert = await logIn(() =>
        jsonResponse(
          { message: 'Your account is awaiting approval', code: 'IDENTITY_ACCOUNT_PENDING' },
          403,
          'Forbidden',
        ),
      );
      expect(alert.textContent).toContain('تعذّر تسجيل الدخول');
      expect(alert.textContent).toContain('حسابك قيد الاعتماد');
      expect(alert.textContent).not.toContain('awaiting approval');
    });
  });

  it('shows the pending-approval message in Arabic after registering', async () => {
    await i18n.changeLanguage('ar');
    mockFetch((url) =>
      url === '/api/register'
        ? jsonResponse(
            { message: 'Your account has been created and is awaiting approval by an administrator.', user: {} },
            201,
            'Created',
          )
        : signedOut(),
    );
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, '/auth');
    await user.click(screen.getByRole('tab', { name: 'حساب جديد' }));
    await user.type(screen.getByLabelText(/الاسم الكامل/), 'سارة');
    await user.type(screen.getByLabelText(/^البريد الإلكتروني/), 'sara@nakheel.sa');
    await user.type(screen.getByLabelText(/اسم المستخدم/), 'sara');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));

    expect(await screen.findByRole('tab', { name: 'دخول', selected: true })).toBeTruthy();
    expect(screen.getAllByText('حسابك بانتظار اعتماد مدير النظام.').length).toBeGreaterThan(0);
    expect(screen.queryByText(/awaiting approval/)).toBeNull();
  });
});
