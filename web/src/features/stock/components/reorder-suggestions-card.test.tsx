import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeReorderEntry } from '../../../test/stock-fixtures';
import type { ReorderSuggestionEntry } from '../api/stock-api';
import { ReorderSuggestionsCard } from './reorder-suggestions-card';

const rice = makeReorderEntry();
const oil = makeReorderEntry(
  {
    id: 's-2',
    stockItemId: 'i-oil',
    urgency: 'critical',
    suggestedQuantity: 40,
    daysOfStockRemaining: 1.5,
    estimatedStockoutDate: '2026-11-24',
    reason: 'Nearly out.',
    reasonAr: 'على وشك النفاد.',
  },
  { id: 'i-oil', name: 'Afia Sunflower Oil 1.5L', nameAr: 'زيت عافية 1.5 لتر', unit: 'carton' },
);
const sugar = makeReorderEntry(
  { id: 's-3', urgency: 'medium', estimatedStockoutDate: null, daysOfStockRemaining: null },
  { id: 'i-sugar', name: 'Usra Sugar 2kg' },
);
const tea = makeReorderEntry({ id: 's-4', urgency: 'low' }, { id: 'i-tea', name: 'Rabea Tea 100 bags' });

function renderCard(entries: ReorderSuggestionEntry[], routes: ApiRoutes = {}, canWrite = true) {
  let current = entries;
  let listCalls = 0;
  const fetchMock = serveApi({
    '/api/stock/reorder-suggestions': () => {
      listCalls += 1;
      return jsonResponse(current);
    },
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<ReorderSuggestionsCard currency="SAR" canWrite={canWrite} />);
  return {
    fetchMock,
    user,
    listCalls: () => listCalls,
    setEntries: (next: ReorderSuggestionEntry[]) => {
      current = next;
    },
  };
}

/** The card once its list has loaded (while loading it shows placeholder rows under the same title). */
function loadedCard(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const card = screen.getByRole('region', { name });
    if (card.getAttribute('aria-busy') === 'true') throw new Error(`${name} is still loading`);
    return card;
  });
}

describe('ReorderSuggestionsCard', () => {
  it('shows its title and placeholder rows while the list first loads, then says when there are none', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    serveApi({
      '/api/stock/reorder-suggestions': async () => {
        await answered;
        return jsonResponse([]);
      },
    });
    renderWithProviders(<ReorderSuggestionsCard currency="SAR" canWrite />);
    const card = await screen.findByTestId('loading-card');
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(within(card).getByRole('heading', { name: 'Reorder Suggestions' })).toBeTruthy();
    expect(within(card).getAllByTestId('skeleton-row')).toHaveLength(3);
    answer();
    expect(await screen.findByRole('heading', { name: 'No reorder suggestions' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Reorder Suggestions' })).toBeNull();
  });

  it('says there are none, with Generate for those who may', async () => {
    renderCard([]);
    expect(await screen.findByRole('heading', { name: 'No reorder suggestions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate reorder suggestions' })).toBeTruthy();
  });

  it('says there are none, and does not fail, when the suggestions cannot be read', async () => {
    serveApi({});
    renderWithProviders(<ReorderSuggestionsCard currency="SAR" canWrite={false} />);
    expect(await screen.findByRole('heading', { name: 'No reorder suggestions' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows item, urgency, reason, suggested quantity with unit, days left and the stock-out date', async () => {
    renderCard([oil, rice, sugar]);
    const card = await loadedCard('Reorder Suggestions');
    expect(within(card).getAllByTestId('reorder-row')).toHaveLength(3);
    const row = within(within(card).getByText('Afia Sunflower Oil 1.5L').closest('tr') as HTMLElement);
    expect(row.getByText('زيت عافية 1.5 لتر')).toBeTruthy();
    expect(row.getByText('Critical')).toBeTruthy();
    expect(row.getByText('Nearly out.')).toBeTruthy();
    expect(row.getByText('40 ctn')).toBeTruthy();
    expect(row.getByText('1.5 days')).toBeTruthy();
    expect(row.getByText('Nov 24, 2026')).toBeTruthy();
    const sugarRow = within(within(card).getByText('Usra Sugar 2kg').closest('tr') as HTMLElement);
    expect(sugarRow.getAllByText('—')).toHaveLength(2);
  });

  it('colours urgency: high and critical red, medium amber, low grey', async () => {
    renderCard([oil, rice, sugar, tea]);
    await loadedCard('Reorder Suggestions');
    const colour = (urgency: string) =>
      getComputedStyle(document.querySelector(`[data-urgency="${urgency}"]`) as HTMLElement).color;
    expect(colour('critical')).toBe('rgb(153, 27, 27)');
    expect(colour('high')).toBe('rgb(153, 27, 27)');
    expect(colour('medium')).toBe('rgb(146, 64, 14)');
    expect(colour('low')).toBe('rgb(55, 65, 81)');
  });

  it('Dismiss sends PATCH with the status and refreshes the list', async () => {
    const { fetchMock, user, listCalls, setEntries } = renderCard([oil, rice], {
      'PATCH /api/stock/reorder-suggestions/s-2': () => {
        setEntries([rice]);
        return jsonResponse({ ...oil.suggestion, status: 'dismissed' });
      },
    });
    const card = await loadedCard('Reorder Suggestions');
    await user.click(within(card).getByRole('button', { name: 'Dismiss the suggestion for Afia Sunflower Oil 1.5L' }));
    expect(await screen.findByText('Suggestion dismissed')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'PATCH', '/api/stock/reorder-suggestions/s-2')).toEqual([{ status: 'dismissed' }]);
    await waitFor(() => expect(listCalls()).toBe(2));
    await waitFor(() => expect(within(card).queryByText('Afia Sunflower Oil 1.5L')).toBeNull());
  });

  it('says why a dismissal failed', async () => {
    const { user } = renderCard([oil], {
      'PATCH /api/stock/reorder-suggestions/s-2': () =>
        jsonResponse(
          { message: 'This suggestion is no longer pending', code: 'INVENTORY_SUGGESTION_DECIDED' },
          409,
          'Conflict',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Dismiss the suggestion for Afia Sunflower Oil 1.5L' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This suggestion is no longer pending');
  });

  it('approves the suggested quantity without a supplier: no purchase order, a toast', async () => {
    const { fetchMock, user, setEntries } = renderCard([oil, rice], {
      'GET /api/stock/suppliers': () => jsonResponse([]),
      'PATCH /api/stock/reorder-suggestions/s-2': () => {
        setEntries([rice]);
        return jsonResponse({ ...oil.suggestion, status: 'approved', approvedQuantity: 40 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve the suggestion for Afia Sunflower Oil 1.5L' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve reorder' });
    expect((within(dialog).getByRole('textbox', { name: /Quantity to order/ }) as HTMLInputElement).value).toBe('40');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Suggestion approved')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'PATCH', '/api/stock/reorder-suggestions/s-2')).toEqual([
      { status: 'approved', quantity: 40 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approves a quantity typed in Arabic digits with a supplier, and offers the purchase order as a PDF', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:po'), revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const purchaseOrder = { id: 'po-1', number: 'PO-2026-000007' };
    const { fetchMock, user, setEntries } = renderCard([oil], {
      'GET /api/stock/suppliers': () =>
        jsonResponse([{ id: 'sup-1', name: 'Savola Foods', phone: null, email: null, address: null }]),
      'PATCH /api/stock/reorder-suggestions/s-2': () => {
        setEntries([]);
        return jsonResponse({ ...oil.suggestion, status: 'approved', approvedQuantity: 60, purchaseOrder });
      },
      'GET /api/stock/purchase-orders/po-1/pdf': () =>
        new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve the suggestion for Afia Sunflower Oil 1.5L' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve reorder' });
    const quantity = within(dialog).getByRole('textbox', { name: /Quantity to order/ });
    await user.clear(quantity);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 100,000,000')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'PATCH', '/api/stock/reorder-suggestions/s-2')).toEqual([]);

    await user.type(quantity, '٦٠');
    expect(within(dialog).getByText('That is 60 ctn')).toBeTruthy();
    await user.type(within(dialog).getByRole('combobox', { name: 'Supplier (optional)' }), 'savola foods');
    expect(await within(dialog).findByText('Existing supplier')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and make purchase order' }));

    const made = await screen.findByRole('dialog', { name: 'Purchase order ready' });
    expect(made.textContent).toContain('Purchase order PO-2026-000007 to \u2068savola foods\u2069 is ready.');
    expect(bodiesSent(fetchMock, 'PATCH', '/api/stock/reorder-suggestions/s-2')).toEqual([
      { status: 'approved', quantity: 60, supplierName: 'savola foods' },
    ]);
    // The list is empty now: the dialog stays over the empty card (hidden from readers meanwhile) until it is closed.
    expect(await screen.findByRole('heading', { name: 'No reorder suggestions', hidden: true })).toBeTruthy();
    await user.click(within(made).getByRole('button', { name: 'Download purchase order PO-2026-000007 as PDF' }));
    await waitFor(() => expect(saved).toEqual(['PO-2026-000007.pdf']));
    await user.click(within(made).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the approval open with the reason when it fails', async () => {
    const { user } = renderCard([oil], {
      'GET /api/stock/suppliers': () => jsonResponse([]),
      'PATCH /api/stock/reorder-suggestions/s-2': () =>
        jsonResponse(
          { message: 'This suggestion is no longer pending', code: 'INVENTORY_SUGGESTION_DECIDED' },
          409,
          'Conflict',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Approve the suggestion for Afia Sunflower Oil 1.5L' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve reorder' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This suggestion is no longer pending');
    expect(screen.getByRole('dialog', { name: 'Approve reorder' })).toBeTruthy();
  });

  it('regenerates with a spinner, then refreshes the list', async () => {
    let finish: (response: Response) => void = () => undefined;
    const { fetchMock, user, listCalls } = renderCard([rice], {
      'POST /api/stock/generate-reorder-suggestions': () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    const card = await loadedCard('Reorder Suggestions');
    await user.click(within(card).getByRole('button', { name: 'Regenerate' }));
    const busy = await within(card).findByRole('button', { name: 'Generating...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(within(busy).getByRole('progressbar', { hidden: true })).toBeTruthy();

    finish(jsonResponse({ generated: 3 }));
    expect(await screen.findByText('Reorder suggestions generated successfully')).toBeTruthy();
    expect(screen.getByText('Suggestions to review: 3')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', '/api/stock/generate-reorder-suggestions')).toEqual([undefined]);
    await waitFor(() => expect(listCalls()).toBe(2));
  });

  it("shows 'Failed to generate reorder suggestions' with the server's message", async () => {
    const { user } = renderCard([rice], {
      'POST /api/stock/generate-reorder-suggestions': () =>
        jsonResponse({ message: 'The analysis did not finish in time', code: 'SERVICE_UNAVAILABLE' }, 503),
    });
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to generate reorder suggestions');
    expect(alert.textContent).toContain('The analysis did not finish in time');
  });

  it('shows no Regenerate, Approve or Dismiss without stock:write', async () => {
    renderCard([rice], {}, false);
    const card = await loadedCard('Reorder Suggestions');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the Arabic reason in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderCard([oil]);
    const card = await loadedCard('اقتراحات إعادة الطلب');
    expect(within(card).getByText('على وشك النفاد.')).toBeTruthy();
    expect(within(card).getByText('حرجة')).toBeTruthy();
    expect(within(card).getByText('40 كرتونًا')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'اعتماد اقتراح Afia Sunflower Oil 1.5L' })).toBeTruthy();
  });

  it('names the item in Arabic in the Arabic toasts', async () => {
    await i18n.changeLanguage('ar');
    const { user, setEntries } = renderCard([oil, rice], {
      'GET /api/stock/suppliers': () => jsonResponse([]),
      'PATCH /api/stock/reorder-suggestions/s-2': () => {
        setEntries([rice]);
        return jsonResponse({ ...oil.suggestion, status: 'dismissed' });
      },
      'PATCH /api/stock/reorder-suggestions/s-1': () => {
        setEntries([]);
        return jsonResponse({ ...rice.suggestion, status: 'approved', approvedQuantity: 120 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'تجاهل اقتراح Afia Sunflower Oil 1.5L' }));
    expect(await screen.findByText('زيت عافية 1.5 لتر')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'اعتماد اقتراح Abu Kas Basmati Rice 10kg' }));
    const dialog = await screen.findByRole('dialog', { name: 'اعتماد إعادة الطلب' });
    await user.click(within(dialog).getByRole('button', { name: 'اعتماد' }));
    expect((await screen.findByText(/اعتُمدت كمية/)).textContent).toContain('أرز أبو كاس بسمتي 10 كغ');
  });
});
