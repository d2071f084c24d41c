import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, makeSettings, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { CompanyLogoCard } from './company-logo-card';

const png = (bytes = 64) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

function renderCard(canEdit = true, routes: Parameters<typeof serveApi>[0] = {}) {
  const fetchMock = serveApi({ '/api/settings': () => jsonResponse(makeSettings()), ...routes });
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<CompanyLogoCard settings={makeSettings()} canEdit={canEdit} />, '/settings');
  const input = screen.getByTestId('logo-file-input') as HTMLInputElement;
  return { fetchMock, user, input };
}

describe('CompanyLogoCard', () => {
  it('shows the hint, Select Image, and no Save Logo until an image is chosen', async () => {
    const { user, input } = renderCard();
    expect(screen.getByText('Recommended size: 400x200px. PNG, JPG or SVG, up to 5MB.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select Image' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Logo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByText('No logo uploaded yet')).toBeTruthy();

    await user.upload(input, png());

    expect(await screen.findByRole('button', { name: 'Save Logo' })).toBeTruthy();
    const preview = screen.getByRole('img', { name: 'Preview of the selected logo' }) as HTMLImageElement;
    expect(preview.src).toMatch(/^data:image\/png;base64,/);
  });

  it('Cancel clears the selection and hides Save Logo', async () => {
    const { user, input } = renderCard();
    await user.upload(input, png());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Save Logo' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'Preview of the selected logo' })).toBeNull();
  });

  it("refuses a file that is not an image: 'Invalid file type'", async () => {
    const { user, input, fetchMock } = renderCard();
    await user.upload(input, new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid file type');
    expect(alert.textContent).toContain('Please select an image file (PNG, JPG, or SVG)');
    expect(screen.queryByRole('button', { name: 'Save Logo' })).toBeNull();
    expect(bodiesSent(fetchMock, 'POST', '/api/settings/upload-logo')).toEqual([]);
  });

  it("refuses an image over 5 MB: 'File too large'", async () => {
    const { input } = renderCard();
    const big = png(1);
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('File too large');
    expect(alert.textContent).toContain('Please select an image smaller than 5MB');
    expect(screen.queryByRole('button', { name: 'Save Logo' })).toBeNull();
  });

  it('accepts exactly 5 MB', async () => {
    const { input } = renderCard();
    const limit = png(1);
    Object.defineProperty(limit, 'size', { value: 5 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [limit] } });
    expect(await screen.findByRole('button', { name: 'Save Logo' })).toBeTruthy();
  });

  it('uploads the data URL, says so, and clears the selection', async () => {
    const { user, input, fetchMock } = renderCard(true, {
      'POST /api/settings/upload-logo': () => jsonResponse(makeSettings({ logoUrl: '/uploads/logos/abc.png' })),
    });
    await user.upload(input, png());
    await user.click(await screen.findByRole('button', { name: 'Save Logo' }));

    expect(await screen.findByText('Logo uploaded successfully')).toBeTruthy();
    const [body] = bodiesSent(fetchMock, 'POST', '/api/settings/upload-logo') as Array<{ imageBase64: string }>;
    expect(body.imageBase64).toMatch(/^data:image\/png;base64,A+/);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Logo' })).toBeNull());
  });

  it("shows 'Failed to upload logo' with the server's message", async () => {
    const { user, input } = renderCard(true, {
      'POST /api/settings/upload-logo': () =>
        jsonResponse(
          { message: 'The logo must be a PNG, JPEG or SVG image', code: 'IDENTITY_INVALID_LOGO' },
          400,
          'Bad Request',
        ),
    });
    await user.upload(input, png());
    await user.click(await screen.findByRole('button', { name: 'Save Logo' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to upload logo');
    expect(alert.textContent).toContain('The logo must be a PNG, JPEG or SVG image');
    // The alert can show a render before the mutation settles and the button leaves "Saving...".
    expect(await screen.findByRole('button', { name: 'Save Logo' })).toBeTruthy();
  });

  it('shows the current logo, read-only for staff', () => {
    serveApi({});
    renderWithProviders(
      <CompanyLogoCard settings={makeSettings({ logoUrl: '/uploads/logos/abc.png' })} canEdit={false} />,
      '/settings',
    );
    const card = screen.getByRole('region', { name: 'Company Logo' });
    expect((within(card).getByRole('img', { name: 'Current company logo' }) as HTMLImageElement).src).toContain(
      '/uploads/logos/abc.png',
    );
    expect(within(card).queryByRole('button', { name: 'Select Image' })).toBeNull();
  });
});
