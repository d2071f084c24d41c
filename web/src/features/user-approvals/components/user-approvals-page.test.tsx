import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, makeDemoRequest, makeUser, owner, serveApi } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders } from '../../../test/render';
import { UserApprovalsPage } from './user-approvals-page';

const pendingSara = makeUser({ id: 'u-sara', fullName: 'Sara Al-Qahtani', username: 'sara', status: 'pending' });
const approvedOmar = makeUser({ id: 'u-omar', fullName: 'Omar Haddad', username: 'omar', status: 'approved' });
const rejectedLina = makeUser({ id: 'u-lina', fullName: 'Lina Saeed', username: 'lina', status: 'rejected' });

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('UserApprovalsPage', () => {
  it('shows Approve and Reject on pending users only', async () => {
    serveApi({
      '/api/admin/users': () => jsonResponse([pendingSara, approvedOmar, rejectedLina, owner]),
      '/api/admin/demo-requests': () => jsonResponse([]),
    });
    renderWithProviders(<UserApprovalsPage />, '/admin/users');

    await screen.findByText('Sara Al-Qahtani');
    const sara = within(rowOf('Sara Al-Qahtani'));
    expect(sara.getByRole('button', { name: 'Approve Sara Al-Qahtani' })).toBeTruthy();
    expect(sara.getByRole('button', { name: 'Reject Sara Al-Qahtani' })).toBeTruthy();
    expect(sara.getByText('Pending')).toBeTruthy();
    expect(sara.getByText('sara@example.com')).toBeTruthy();
    expect(sara.getByText('Al Nakheel Trading')).toBeTruthy();
    expect(sara.getByText('Mar 1, 2026')).toBeTruthy();

    for (const name of ['Omar Haddad', 'Lina Saeed', 'Khalid Al-Mansouri']) {
      expect(within(rowOf(name)).queryByRole('button')).toBeNull();
    }
    expect(within(rowOf('Omar Haddad')).getByText('Approved')).toBeTruthy();
    expect(within(rowOf('Lina Saeed')).getByText('Rejected')).toBeTruthy();
    expect(within(rowOf('Khalid Al-Mansouri')).getByText('Owner')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^(Approve|Reject) / })).toHaveLength(2);
  });

  it.each([
    ['Approve', 'approved', 'User approved'],
    ['Reject', 'rejected', 'User rejected'],
  ] as const)(
    '%s sends PATCH /api/admin/users/{id}/status { status: %s } and refreshes',
    async (button, status, toast) => {
      let users = [pendingSara, approvedOmar];
      const fetchMock = serveApi({
        '/api/admin/users': () => jsonResponse(users),
        '/api/admin/demo-requests': () => jsonResponse([]),
        'PATCH /api/admin/users/u-sara/status': () => {
          users = [{ ...pendingSara, status }, approvedOmar];
          return jsonResponse(users[0]);
        },
      });
      const user = userEvent.setup();
      renderWithProviders(<UserApprovalsPage />, '/admin/users');

      await user.click(await screen.findByRole('button', { name: `${button} Sara Al-Qahtani` }));

      expect(await screen.findByText(toast)).toBeTruthy();
      expect(bodiesSent(fetchMock, 'PATCH', '/api/admin/users/u-sara/status')).toEqual([{ status }]);
      // The list is fetched again: Sara is no longer pending, so her buttons are gone.
      await waitFor(() => expect(within(rowOf('Sara Al-Qahtani')).queryByRole('button')).toBeNull());
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/users')).toHaveLength(2);
    },
  );

  it('shows each user as a card with Approve and Reject at phone width', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    const fetchMock = serveApi({
      '/api/admin/users': () => jsonResponse([approvedOmar, pendingSara]),
      '/api/admin/demo-requests': () => jsonResponse([]),
      'PATCH /api/admin/users/u-sara/status': () => jsonResponse({ ...pendingSara, status: 'approved' }),
    });
    renderWithProviders(<UserApprovalsPage />, '/admin/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = await within(list).findAllByTestId('user-row');
    // Pending first.
    expect(within(cards[0]!).getByText('Sara Al-Qahtani')).toBeTruthy();
    expect(within(cards[1]!).queryByRole('button')).toBeNull();
    await userEvent.setup().click(within(cards[0]!).getByRole('button', { name: 'Approve Sara Al-Qahtani' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'PATCH', '/api/admin/users/u-sara/status')).toEqual([{ status: 'approved' }]),
    );
  });

  it("shows 'Update Failed' with the server's message", async () => {
    serveApi({
      '/api/admin/users': () => jsonResponse([pendingSara]),
      '/api/admin/demo-requests': () => jsonResponse([]),
      'PATCH /api/admin/users/u-sara/status': () =>
        jsonResponse({ message: 'User not found', code: 'IDENTITY_USER_NOT_FOUND' }, 404, 'Not Found'),
    });
    const user = userEvent.setup();
    renderWithProviders(<UserApprovalsPage />, '/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Approve Sara Al-Qahtani' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Update Failed');
    expect(alert.textContent).toContain('User not found');
  });

  it('shows skeleton rows while loading, then an empty state', async () => {
    let answer: (response: Response) => void = () => undefined;
    serveApi({
      '/api/admin/users': () => new Promise<Response>((resolve) => (answer = resolve)),
      '/api/admin/demo-requests': () => jsonResponse([]),
    });
    renderWithProviders(<UserApprovalsPage />, '/admin/users');
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(3);

    answer(jsonResponse([]));
    expect(await screen.findByRole('heading', { name: 'No users yet' })).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('lists demo requests in their own tab', async () => {
    serveApi({
      '/api/admin/users': () => jsonResponse([pendingSara]),
      '/api/admin/demo-requests': () => jsonResponse([makeDemoRequest()]),
    });
    const user = userEvent.setup();
    renderWithProviders(<UserApprovalsPage />, '/admin/users');

    await user.click(await screen.findByRole('tab', { name: 'Demo requests' }));
    const table = await screen.findByRole('table', { name: 'Demo requests' });
    const row = within(table).getByText('Abu Faisal').closest('tr') as HTMLElement;
    for (const text of ['Faisal Foods', 'faisal@example.com', '+966 50 111 2233', 'Mar 3, 2026']) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    expect(within(row).getByText('We ship 400 orders a week over WhatsApp.')).toBeTruthy();
  });

  it('speaks Arabic: اعتماد / رفض / قيد الاعتماد', async () => {
    await i18n.changeLanguage('ar');
    serveApi({
      '/api/admin/users': () => jsonResponse([pendingSara]),
      '/api/admin/demo-requests': () => jsonResponse([]),
    });
    renderWithProviders(<UserApprovalsPage />, '/admin/users');
    expect(await screen.findByRole('button', { name: 'اعتماد Sara Al-Qahtani' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'رفض Sara Al-Qahtani' })).toBeTruthy();
    expect(within(rowOf('Sara Al-Qahtani')).getByText('قيد الاعتماد')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'اعتماد المستخدمين' })).toBeTruthy();
  });
});
