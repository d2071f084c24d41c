import type { ExpiringBatchDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { serveApi } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeExpiringBatch } from '../../../test/stock-fixtures';
import { ExpiringItemsCard } from './expiring-items-card';

function renderCard(answer: (days: number) => Response) {
  const fetchMock = serveApi({
    '/api/stock/expiring': (_init, url) => answer(Number(url.searchParams.get('days'))),
  });
  const user = userEvent.setup();
  renderWithProviders(<ExpiringItemsCard currency="SAR" />);
  const daysAsked = () =>
    fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('days'));
  return { fetchMock, user, daysAsked };
}

const batches: ExpiringBatchDto[] = [
  makeExpiringBatch({ id: 'b-expired', batchNumber: 'B-OLD', daysUntilExpiry: -2, expiryDate: '2026-11-20' }),
  makeExpiringBatch({ id: 'b-critical', batchNumber: 'B-7', daysUntilExpiry: 7, expiryDate: '2026-11-29' }),
  makeExpiringBatch({ id: 'b-warning', batchNumber: 'B-8', daysUntilExpiry: 8, expiryDate: '2026-11-30' }),
  makeExpiringBatch({ id: 'b-warning-30', batchNumber: 'B-30', daysUntilExpiry: 30, expiryDate: '2026-12-22' }),
  makeExpiringBatch({
    id: 'b-normal',
    batchNumber: 'B-31',
    daysUntilExpiry: 31,
    expiryDate: '2026-12-23',
    quantity: 2.5,
    unit: 'kg',
  }),
];

function badgeIn(batchNumber: string): HTMLElement {
  const row = screen.getByText(batchNumber).closest('tr') as HTMLElement;
  return row.querySelector('[data-level]') as HTMLElement;
}

/** The card once its list has loaded (while loading it shows placeholder rows under the same title). */
function loadedCard(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const card = screen.getByRole('region', { name });
    if (card.getAttribute('aria-busy') === 'true') throw new Error(`${name} is still loading`);
    return card;
  });
}

describe('ExpiringItemsCard', () => {
  it('shows its title and placeholder rows while the list first loads, then goes away when nothing expires', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    serveApi({
      '/api/stock/expiring': async () => {
        await answered;
        return jsonResponse([]);
      },
    });
    renderWithProviders(<ExpiringItemsCard currency="SAR" />);
    const card = await screen.findByTestId('loading-card');
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(within(card).getByRole('heading', { name: 'Expiring Items' })).toBeTruthy();
    expect(within(card).getAllByTestId('skeleton-row')).toHaveLength(3);
    answer();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Expiring Items' })).toBeNull());
  });

  it('is not shown while nothing expires', async () => {
    const { daysAsked } = renderCard(() => jsonResponse([]));
    await waitFor(() => expect(daysAsked()).toEqual(['30']));
    // Let the answer arrive before checking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Expiring Items' })).toBeNull();
  });

  it('asks for 30 days first and switches to 60 and 90', async () => {
    const { user, daysAsked } = renderCard((days) => jsonResponse(days === 30 ? batches.slice(0, 2) : batches));
    const card = await loadedCard('Expiring Items');
    expect(within(card).getAllByTestId('expiring-row')).toHaveLength(2);
    expect(within(card).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(card).getByRole('button', { name: '60 days' }));
    await waitFor(() => expect(within(card).getAllByTestId('expiring-row')).toHaveLength(5));
    await user.click(within(card).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(daysAsked()).toEqual(['30', '60', '90']));
  });

  it('keeps the card after a switch to a window with nothing in it, so the user can switch back', async () => {
    const { user } = renderCard((days) => jsonResponse(days === 30 ? batches.slice(0, 1) : []));
    const card = await loadedCard('Expiring Items');
    await user.click(within(card).getByRole('button', { name: '60 days' }));
    expect(await within(card).findByText('No batches expire within 60 days.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(within(card).getAllByTestId('expiring-row')).toHaveLength(1));
  });

  it('shows name, batch, quantity with unit, the localised expiry date and a badge by days', async () => {
    renderCard(() => jsonResponse(batches));
    const card = await loadedCard('Expiring Items');
    const row = within(screen.getByText('B-31').closest('tr') as HTMLElement);
    expect(row.getByText('Almarai Fresh Milk 1L')).toBeTruthy();
    expect(row.getByText('2.5 kg')).toBeTruthy();
    expect(row.getByText('Dec 23, 2026')).toBeTruthy();

    expect(badgeIn('B-OLD').textContent).toBe('Expired');
    expect(badgeIn('B-OLD').dataset.level).toBe('expired');
    expect(badgeIn('B-7').textContent).toBe('7 days');
    expect(badgeIn('B-7').dataset.level).toBe('critical');
    expect(badgeIn('B-8').dataset.level).toBe('warning');
    expect(badgeIn('B-30').dataset.level).toBe('warning');
    expect(badgeIn('B-31').textContent).toBe('31 days');
    expect(badgeIn('B-31').dataset.level).toBe('normal');

    expect(getComputedStyle(badgeIn('B-OLD')).color).toBe('rgb(153, 27, 27)');
    expect(getComputedStyle(badgeIn('B-7')).color).toBe('rgb(153, 27, 27)');
    expect(getComputedStyle(badgeIn('B-8')).color).toBe('rgb(146, 64, 14)');
    expect(getComputedStyle(badgeIn('B-31')).color).toBe('rgb(55, 65, 81)');
    expect(within(card).getByRole('table', { name: 'Expiring items' })).toBeTruthy();
  });

  it("raises 'Failed to fetch expiring items' when the list fails, and stays hidden", async () => {
    renderCard(() => jsonResponse({ message: 'Inventory is down', code: 'SERVICE_UNAVAILABLE' }, 503));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch expiring items');
    expect(alert.textContent).toContain('Inventory is down');
    expect(screen.queryByRole('region', { name: 'Expiring Items' })).toBeNull();
  });

  it('is translated in Arabic, with Arabic plural forms of days', async () => {
    await i18n.changeLanguage('ar');
    renderCard(() => jsonResponse(batches));
    const card = await loadedCard('أصناف قاربت على الانتهاء');
    expect(within(card).getByRole('button', { name: '30 يومًا' })).toBeTruthy();
    expect(badgeIn('B-OLD').textContent).toBe('منتهي الصلاحية');
    expect(badgeIn('B-7').textContent).toBe('7 أيام');
    expect(within(card).getByText('23 ديسمبر 2026')).toBeTruthy();
  });
});
