import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import type { ClientDto } from '../api/clients-api';
import { ClientDialog } from './client-dialog';

function makeClient(overrides: Partial<ClientDto> = {}): ClientDto {
  return {
    id: 'c-noor',
    name: 'Al Noor Trading',
    nameAr: 'مؤسسة النور التجارية',
    phone: '+966 50 123 4567',
    whatsapp: '966501234567',
    email: 'buyer@alnoor.sa',
    address: 'Industrial Area, Riyadh',
    notes: null,
    priceListId: null,
    paymentTermsDays: 0,
    creditLimit: null,
    vatNumber: null,
    nationalAddress: null,
    createdAt: '2026-10-01T08:00:00.000Z',
    createdBy: 'u-owner',
    ...overrides,
  };
}

function renderDialog(client: ClientDto | null, routes: ApiRoutes = {}) {
  const fetchMock = serveApi({
    'POST /api/clients': (init) =>
      jsonResponse(makeClient({ id: 'c-new', ...(JSON.parse(String(init.body)) as Partial<ClientDto>) }), 201),
    'PATCH /api/clients/c-noor': () => jsonResponse(makeClient()),
    ...routes,
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<ClientDialog client={client} priceLists={null} onClose={onClose} />, '/clients');
  const dialog = screen.getByRole('dialog');
  const field = (name: string | RegExp) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
  const save = () => within(dialog).getByRole('button', { name: client ? 'Save Changes' : 'Save Client' });
  return { fetchMock, onClose, user, dialog, field, save };
}

const hintOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('ClientDialog: WhatsApp number', () => {
  it('sits next to the phone, says it defaults to the phone, and is left out when empty', async () => {
    const { fetchMock, user, onClose, field, save } = renderDialog(null);
    const whatsapp = field('WhatsApp number');
    const inputs = [...document.querySelectorAll('input')];
    expect(inputs.indexOf(whatsapp)).toBe(inputs.indexOf(field('Phone')) + 1);
    expect(whatsapp.dir).toBe('ltr');
    expect(hintOf(whatsapp)).toBe(
      'Leave empty to use the phone number. Orders sent from this number on WhatsApp are matched to this client.',
    );
    await user.type(field(/^Name/), 'Baraka Foods');
    await user.type(field('Phone'), '0558124403');
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([{ name: 'Baraka Foods', phone: '0558124403' }]);
  });

  it('sends a number typed in Arabic-Indic digits in Latin digits', async () => {
    const { fetchMock, user, onClose, field, save } = renderDialog(null);
    await user.type(field(/^Name/), 'Khalid Bakery');
    await user.type(field('WhatsApp number'), '+٩٦٦ ٥٥ ٨١٢ ٤٤٠٣');
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([
      { name: 'Khalid Bakery', whatsapp: '+966 55 812 4403' },
    ]);
  });

  it('checks the number before sending', async () => {
    const { fetchMock, user, dialog, field, save } = renderDialog(null);
    await user.type(field(/^Name/), 'Khalid Bakery');
    await user.type(field('WhatsApp number'), '55-12');
    await user.click(save());
    expect(within(dialog).getByText('Enter a number of at least 7 digits, with its country code')).toBeTruthy();
    expect(field('WhatsApp number').getAttribute('aria-invalid')).toBe('true');
    expect(bodiesSent(fetchMock, 'POST', '/api/clients')).toEqual([]);
  });

  it('shows the saved number and leaves it out of the PATCH while unchanged', async () => {
    const first = renderDialog(makeClient());
    expect(first.field('WhatsApp number').value).toBe('+966501234567');
    expect(hintOf(first.field('WhatsApp number'))).toBe(
      'Orders sent from this number on WhatsApp are matched to this client. Leave empty if the client has none.',
    );
    await first.user.type(first.field('Notes'), 'Pays cash');
    await first.user.click(first.save());
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(bodiesSent(first.fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([{ notes: 'Pays cash' }]);
  });

  it('sends a changed number', async () => {
    const changed = renderDialog(makeClient());
    await changed.user.clear(changed.field('WhatsApp number'));
    await changed.user.type(changed.field('WhatsApp number'), '+966 55 812 4403');
    await changed.user.click(changed.save());
    await waitFor(() => expect(changed.onClose).toHaveBeenCalled());
    expect(bodiesSent(changed.fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([{ whatsapp: '+966 55 812 4403' }]);
  });

  it('removes the number with null when the field is emptied', async () => {
    const { fetchMock, user, onClose, field, save } = renderDialog(makeClient());
    await user.clear(field('WhatsApp number'));
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetchMock, 'PATCH', '/api/clients/c-noor')).toEqual([{ whatsapp: null }]);
  });

  it('marks the field when another client has the number (409), in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    const { user, field, dialog } = renderDialog(null, {
      'POST /api/clients': () =>
        jsonResponse(
          {
            message: 'Al Noor Trading already has this WhatsApp number',
            code: 'ORDERS_CLIENT_WHATSAPP_TAKEN',
            details: { clientId: 'c-noor', whatsapp: '966501234567' },
          },
          409,
          'Conflict',
        ),
    });
    const whatsapp = field('رقم الواتساب');
    expect(hintOf(whatsapp)).toContain('اتركه فارغًا لاستخدام رقم الجوال');
    await user.type(field(/^الاسم(?! بالعربية)/), 'مخبز خالد');
    await user.type(whatsapp, '0501234567');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ العميل' }));
    await waitFor(() => expect(whatsapp.getAttribute('aria-invalid')).toBe('true'));
    expect(hintOf(whatsapp)).toBe('رقم الواتساب هذا مسجّل لعميل آخر');
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('رقم الواتساب هذا مسجّل لعميل آخر، ولكل رقم عميل واحد فقط.');
  });
});
