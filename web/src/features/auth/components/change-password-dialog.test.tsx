import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ChangePasswordDialog } from './change-password-dialog';

function renderDialog(routes: Parameters<typeof serveApi>[0] = {}) {
  const fetchMock = serveApi(routes);
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<ChangePasswordDialog open onClose={onClose} />, '/orders');
  return { fetchMock, onClose, user };
}

describe('ChangePasswordDialog', () => {
  it('sends the current and the new password, says so, and closes', async () => {
    const { fetchMock, onClose, user } = renderDialog({
      'POST /api/user/password': () => new Response(null, { status: 204 }),
    });
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText(/other signed-in browsers and devices will be signed out/)).toBeTruthy();
    expect(
      within(dialog).getByText('At least 10 characters. Not your username or email, and not a commonly used password.'),
    ).toBeTruthy();
    // The first field has the focus; the fields follow in order with the keyboard.
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Current password/));
    await user.keyboard('old-password-1');
    await user.click(within(dialog).getByLabelText(/^New password/));
    await user.keyboard('amber-dune-caravan');
    await user.click(within(dialog).getByLabelText(/^Confirm new password/));
    await user.keyboard('amber-dune-caravan{Enter}');

    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/user/password')).toEqual([
      { currentPassword: 'old-password-1', newPassword: 'amber-dune-caravan' },
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('holds back a short, a blank or an unconfirmed new password with a message, sending nothing', async () => {
    const { fetchMock, user } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    const submit = within(dialog).getByRole('button', { name: 'Change password' });
    const newPassword = within(dialog).getByLabelText(/^New password/);

    await user.click(submit);
    expect(within(dialog).getByText('Enter your current password')).toBeTruthy();
    expect(within(dialog).getByText('Password is required')).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Current password/), 'old-password-1');
    await user.type(newPassword, 'password');
    expect(within(dialog).getByText('Password must be at least 10 characters')).toBeTruthy();
    await user.clear(newPassword);
    await user.type(newPassword, ' '.repeat(12));
    expect(within(dialog).getByText('A password cannot be only spaces')).toBeTruthy();
    await user.clear(newPassword);
    await user.type(newPassword, 'amber-dune-caravan');
    await user.type(within(dialog).getByLabelText(/^Confirm new password/), 'amber-dune-caravans');
    await user.click(submit);
    expect(within(dialog).getByText('The passwords do not match')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Confirm new password/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(bodiesSent(fetchMock, 'POST', '/api/user/password')).toEqual([]);
  });

  it('marks the current password and says why in Arabic when the server refuses it', async () => {
    await i18n.changeLanguage('ar');
    const { onClose, user } = renderDialog({
      'POST /api/user/password': () =>
        jsonResponse(
          {
            message: 'The current password is not correct',
            code: 'IDENTITY_WRONG_CURRENT_PASSWORD',
            details: { field: 'currentPassword' },
          },
          400,
          'Bad Request',
        ),
    });
    const dialog = screen.getByRole('dialog', { name: 'تغيير كلمة المرور' });
    const current = within(dialog).getByLabelText(/^كلمة المرور الحالية/);
    await user.type(current, 'not-my-password');
    await user.type(within(dialog).getByLabelText(/^كلمة المرور الجديدة/), 'amber-dune-caravan');
    await user.type(within(dialog).getByLabelText(/^تأكيد كلمة المرور الجديدة/), 'amber-dune-caravan');
    await user.click(within(dialog).getByRole('button', { name: 'تغيير كلمة المرور' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('تعذّر تغيير كلمة المرور');
    expect(alert.textContent).toContain('كلمة المرور الحالية غير صحيحة.');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    // Edited, the field is no longer marked.
    await user.type(current, 'x');
    expect(current.getAttribute('aria-invalid')).toBe('false');
  });
});
