import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { DemoRequestDialog, type DemoRequestKind } from './demo-request-dialog';

/** The two landing buttons and the dialog, without the rest of the page. */
function Harness() {
  const [kind, setKind] = useState<DemoRequestKind | null>(null);
  return (
    <>
      <button onClick={() => setKind('trial')}>Start Free Trial</button>
      <button onClick={() => setKind('demo')}>Request Demo</button>
      <DemoRequestDialog kind={kind} lastKind={kind ?? 'demo'} onClose={() => setKind(null)} />
    </>
  );
}

async function openDialog(buttonName: string) {
  const user = userEvent.setup();
  renderWithProviders(<Harness />);
  await user.click(screen.getByRole('button', { name: buttonName }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

describe('demo request dialog', () => {
  it('shows inline messages for the required fields and sends nothing', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    const { user, dialog } = await openDialog('Request Demo');
    expect(within(dialog).getByRole('heading', { name: 'Request a demo' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(within(dialog).getByText('Please enter your full name')).toBeTruthy();
    expect(within(dialog).getByText('Please enter your email')).toBeTruthy();
    expect(within(dialog).getByText('Please enter your phone number')).toBeTruthy();
    expect(within(dialog).getByText('Please enter your company name')).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Full name/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(dialog)
        .getByLabelText(/Message/)
        .getAttribute('aria-invalid'),
    ).toBe('false');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Full name/));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an invalid email', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    const { user, dialog } = await openDialog('Request Demo');
    await user.type(within(dialog).getByLabelText(/Work email/), 'sara@');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the request as JSON, thanks the visitor and closes', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: 'Demo request received' }, 201, 'Created'));
    const { user, dialog } = await openDialog('Start Free Trial');
    expect(within(dialog).getByRole('heading', { name: 'Start your free trial' })).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/Full name/), ' Sara Al-Qahtani ');
    await user.type(within(dialog).getByLabelText(/Work email/), 'sara@nakheel.sa');
    await user.type(within(dialog).getByLabelText(/Phone number/), '+966 50 123 4567');
    await user.type(within(dialog).getByLabelText(/Company name/), 'Al Nakheel Trading');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/demo-requests');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({
      fullName: 'Sara Al-Qahtani',
      email: 'sara@nakheel.sa',
      phone: '+966 50 123 4567',
      company: 'Al Nakheel Trading',
      message: '',
    });

    const toast = await screen.findByRole('status', { name: '' });
    expect(toast.textContent).toContain('Demo Request Sent');
    expect(toast.textContent).toContain('Our team will contact you soon');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the form open and shows the server's message when sending fails", async () => {
    mockFetch(() =>
      jsonResponse({ message: 'phone must be a valid phone number', code: 'VALIDATION_FAILED' }, 400, 'Bad Request'),
    );
    const { user, dialog } = await openDialog('Request Demo');
    await user.type(within(dialog).getByLabelText(/Full name/), 'Omar');
    await user.type(within(dialog).getByLabelText(/Work email/), 'omar@example.ae');
    await user.type(within(dialog).getByLabelText(/Phone number/), '12');
    await user.type(within(dialog).getByLabelText(/Company name/), 'Gulf Foods');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Request not sent');
    expect(alert.textContent).toContain('phone must be a valid phone number');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
