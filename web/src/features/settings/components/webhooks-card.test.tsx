import type { CreatedWebhookEndpointDto, WebhookDeliveryDto, WebhookEndpointDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, owner, serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { WebhooksCard } from './webhooks-card';

const secret = 'whsec_3f9a0c1b2d4e6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7a8';

function makeEndpoint(overrides: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto {
  return {
    id: 'w1',
    url: 'https://erp.alnoor.example/hooks',
    events: ['order.status_changed', 'product.stock_changed'],
    maskedSecret: 'whsec_3f9a••••••••',
    isActive: true,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

function makeDelivery(overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto {
  return {
    id: 'd1',
    endpointId: 'w1',
    eventId: 'e1',
    eventType: 'order.status_changed',
    status: 'delivered',
    attempts: 1,
    lastStatus: 200,
    lastError: null,
    lastAttemptAt: '2026-03-04T10:15:00.000Z',
    nextAttemptAt: null,
    deliveredAt: '2026-03-04T10:15:00.000Z',
    createdAt: '2026-03-04T10:15:00.000Z',
    payload: {},
    ...overrides,
  };
}

function renderCard(routes: Parameters<typeof serveApi>[0] = {}, role = owner.role, permissions = owner.permissions) {
  const fetchMock = serveApi({ '/api/webhooks': () => jsonResponse([]), ...routes });
  const user = userEvent.setup();
  renderWithProviders(<WebhooksCard userRole={role} userPermissions={permissions} />, '/settings');
  return { fetchMock, user };
}

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  return screen.findByRole('dialog', { name: 'Add webhook endpoint' });
}

describe('WebhooksCard', () => {
  it('shows the empty state', async () => {
    renderCard();
    expect(
      await screen.findByText('No webhook endpoints yet. Add one to receive order and stock changes.'),
    ).toBeTruthy();
  });

  it('lists endpoints with their events, masked secret, and labelled controls', async () => {
    renderCard({ '/api/webhooks': () => jsonResponse([makeEndpoint()]) });
    const item = await screen.findByRole('listitem', { name: 'https://erp.alnoor.example/hooks' });
    const row = within(item);
    expect(row.getByText('Order status changed')).toBeTruthy();
    expect(row.getByText('Stock level changed')).toBeTruthy();
    expect(row.getByText('whsec_3f9a••••••••')).toBeTruthy();
    expect(item.textContent).toContain('Added Mar 2, 2026');
    expect(row.getByRole('switch', { name: 'Send events to https://erp.alnoor.example/hooks' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Send a test event to https://erp.alnoor.example/hooks' })).toBeTruthy();
    expect(row.getByRole('button', { name: 'Delete \u2068https://erp.alnoor.example/hooks\u2069' })).toBeTruthy();
  });

  it('adds an endpoint and shows its signing secret once, with a copy button', async () => {
    let endpoints: WebhookEndpointDto[] = [];
    const created: CreatedWebhookEndpointDto = { ...makeEndpoint({ events: ['order.status_changed'] }), secret };
    const { fetchMock, user } = renderCard({
      '/api/webhooks': () => jsonResponse(endpoints),
      'POST /api/webhooks': () => {
        endpoints = [makeEndpoint({ events: ['order.status_changed'] })];
        return jsonResponse(created, 201, 'Created');
      },
    });
    const dialog = within(await openAddDialog(user));
    const add = dialog.getByRole('button', { name: 'Add endpoint' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.type(dialog.getByLabelText(/Endpoint URL/), ' https://erp.alnoor.example/hooks ');
    await user.click(dialog.getByRole('checkbox', { name: /^Stock level changed/ }));
    await user.click(dialog.getByRole('checkbox', { name: /^Invoice paid/ }));
    await user.click(dialog.getByRole('checkbox', { name: /^Credit note issued/ }));
    await user.click(dialog.getByRole('checkbox', { name: /^Invoice cleared or reported by ZATCA/ }));
    await user.click(dialog.getByRole('checkbox', { name: /^Invoice rejected by ZATCA/ }));
    await user.click(add);

    const shown = await screen.findByRole('dialog', { name: 'Your webhook signing secret' });
    expect(bodiesSent(fetchMock, 'POST', '/api/webhooks')).toEqual([
      { url: 'https://erp.alnoor.example/hooks', events: ['order.status_changed'] },
    ]);
    expect((within(shown).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(secret);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(secret);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your webhook signing secret' })).toBeNull());
    expect(await screen.findByRole('listitem', { name: 'https://erp.alnoor.example/hooks' })).toBeTruthy();
    expect(document.body.textContent).not.toContain(secret);
  });

  it("shows the server's refusal of the URL under the field", async () => {
    const { user } = renderCard({
      'POST /api/webhooks': () =>
        jsonResponse(
          {
            message: 'url must not point at a private, link-local or reserved address',
            code: 'WEBHOOKS_URL_NOT_ALLOWED',
            details: { field: 'url', problem: 'host' },
          },
          400,
          'Bad Request',
        ),
    });
    const dialog = within(await openAddDialog(user));
    await user.type(dialog.getByLabelText(/Endpoint URL/), 'https://10.0.0.8/hooks');
    await user.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    expect(await dialog.findByText('Addresses on private or internal networks are not allowed')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add webhook endpoint' })).toBeTruthy();
  });

  it('locks the events a staff user may not see', async () => {
    const { user } = renderCard({}, 'staff', ['stock:read']);
    const dialog = within(await openAddDialog(user));
    const box = (name: string) => dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
    expect(box('Order status changed').disabled).toBe(true);
    expect(box('Order status changed').checked).toBe(false);
    expect(box('Stock level changed').checked).toBe(true);
    expect(dialog.getByText('Events about data your account cannot see are not available.')).toBeTruthy();
  });

  it('opens the delivery log with each delivery, its status, attempts and response', async () => {
    const { user } = renderCard({
      '/api/webhooks': () => jsonResponse([makeEndpoint()]),
      '/api/webhooks/w1/deliveries': () =>
        jsonResponse([
          makeDelivery({
            id: 'd2',
            eventType: 'product.stock_changed',
            status: 'failed',
            attempts: 8,
            lastStatus: 500,
            lastError: 'HTTP 500: receiver is down',
            deliveredAt: null,
          }),
          makeDelivery(),
        ]),
    });
    const logButton = await screen.findByRole('button', { name: 'Delivery log' });
    expect(logButton.getAttribute('aria-expanded')).toBe('false');
    await user.click(logButton);
    expect(logButton.getAttribute('aria-expanded')).toBe('true');
    const table = await screen.findByRole('table', {
      name: /Last 50 deliveries to https:\/\/erp.alnoor.example\/hooks/,
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Stock level changed');
    expect(rows[0]!.textContent).toContain('Failed');
    expect(rows[0]!.textContent).toContain('8');
    expect(rows[0]!.textContent).toContain('HTTP 500');
    expect(rows[0]!.textContent).toContain('receiver is down');
    expect(rows[1]!.textContent).toContain('Delivered');
  });

  it('sends a test event and pauses an endpoint', async () => {
    const { fetchMock, user } = renderCard({
      '/api/webhooks': () => jsonResponse([makeEndpoint()]),
      '/api/webhooks/w1/deliveries': () => jsonResponse([]),
      'POST /api/webhooks/w1/test': () =>
        jsonResponse(makeDelivery({ eventType: 'ping', status: 'pending', attempts: 0 }), 202, 'Accepted'),
      'PATCH /api/webhooks/w1': () => jsonResponse(makeEndpoint({ isActive: false })),
    });
    await user.click(await screen.findByRole('button', { name: /^Send a test event/ }));
    expect(await screen.findByText('Test event queued')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/webhooks/w1/test')).toEqual([undefined]);

    await user.click(screen.getByRole('switch', { name: /^Send events to/ }));
    expect(await screen.findByText('Webhook endpoint paused')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'PATCH', '/api/webhooks/w1')).toEqual([{ isActive: false }]);
    expect(await screen.findByText('Paused')).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    let endpoints = [makeEndpoint()];
    const { user } = renderCard({
      '/api/webhooks': () => jsonResponse(endpoints),
      'DELETE /api/webhooks/w1': () => {
        endpoints = [];
        return new Response(null, { status: 204 });
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Delete \u2068https://erp.alnoor.example/hooks\u2069' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Webhook endpoint deleted')).toBeTruthy();
    expect(
      await screen.findByText('No webhook endpoints yet. Add one to receive order and stock changes.'),
    ).toBeTruthy();
  });
});
