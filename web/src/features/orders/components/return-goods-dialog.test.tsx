import type { OrderDto, OrderReturnDto } from '@erp/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, idempotencyKeysSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, mockMatchMedia, renderWithProviders } from '../../../test/render';
import { fullAccess, readOnlyAccess, type OrdersAccess } from '../lib/access';
import { makeOrder, makeOrderItem, makeOrderReturn } from '../test/order-fixtures';
import { OrderDetailsDialog } from './order-details-dialog';

const RETURNS = '/api/orders/o-1/returns';
const rice = makeOrderItem();
const milk = makeOrderItem({
  id: 'oi-milk',
  lineNo: 2,
  stockItemId: 'i-milk',
  sku: 'MILK-ALM-1L',
  itemName: 'Almarai Fresh Milk 1L',
  itemNameAr: 'حليب المراعي طازج 1 لتر',
  quantity: 2.5,
  unit: 'carton',
  unitFactor: 12,
  baseQuantity: 30,
  baseUnit: 'piece',
  unitPrice: '49.80',
  totalPrice: '124.50',
});
const milkLine = (quantity: number, restock = true) => ({
  orderItemId: 'oi-milk',
  itemName: 'Almarai Fresh Milk 1L',
  itemNameAr: 'حليب المراعي طازج 1 لتر',
  quantity,
  unit: 'carton',
  baseQuantity: quantity * 12,
  restock,
});
/** Delivered for the second time (cycle 2): 10 bags came back of the first delivery, 5 bags and 1 carton of this one. */
const earlierReturns: OrderReturnDto[] = [
  makeOrderReturn({ id: 'r-0', cycle: 1, lines: [{ ...makeOrderReturn().lines[0], quantity: 10, baseQuantity: 10 }] }),
  makeOrderReturn({ id: 'r-1', cycle: 2 }),
  makeOrderReturn({
    id: 'r-2',
    cycle: 2,
    reason: 'Crushed carton',
    lines: [{ ...makeOrderReturn().lines[0], quantity: 3, baseQuantity: 3 }, milkLine(1, false)],
    creditNoteId: null,
    creditNoteNumber: null,
  }),
];
const confirmed = makeOrder({ status: 'confirmed', commitCount: 2 });

function renderDetails(order: OrderDto = confirmed, routes: ApiRoutes = {}, access: OrdersAccess = fullAccess) {
  const fetchMock = serveApi({
    '/api/orders/o-1': () => jsonResponse(order),
    '/api/orders/o-1/items': () => jsonResponse([rice, milk]),
    [RETURNS]: () => jsonResponse(earlierReturns),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <OrderDetailsDialog orderId="o-1" initialOrder={order} currency="SAR" access={access} onClose={() => undefined} />,
    '/orders',
  );
  return { fetchMock, user };
}

async function openReturns(user: ReturnType<typeof userEvent.setup>, name = 'Return goods') {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: /^(Return goods|إرجاع بضاعة): ORD-2026-000042$/ });
  // The limits are known once the returns are read.
  await waitFor(() => expect(within(dialog).getAllByTestId('return-line')).toHaveLength(2));
  return dialog;
}

const rowOf = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByText(name).closest('[data-testid="return-line"]') as HTMLElement);

const quantityOf = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('textbox', { name: `Quantity of ${name} to return` }) as HTMLInputElement;

const returnReads = (fetchMock: ReturnType<typeof serveApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === RETURNS && (init?.method ?? 'GET') === 'GET').length;

describe('Returns in Order Details', () => {
  it('offers Return goods only on a confirmed or completed order, to holders of orders:write', async () => {
    renderDetails(makeOrder({ status: 'pending' }), { [RETURNS]: () => jsonResponse([]) });
    await screen.findByText('Almarai Fresh Milk 1L');
    expect(screen.queryByRole('button', { name: 'Return goods' })).toBeNull();
  });

  it('offers no Return goods without orders:write, but lists the returns', async () => {
    renderDetails(makeOrder({ status: 'completed', commitCount: 2 }), {}, readOnlyAccess);
    const section = await screen.findByRole('list', { name: 'Returns' });
    expect(screen.queryByRole('button', { name: 'Return goods' })).toBeNull();
    const returns = within(section).getAllByTestId('order-return');
    expect(returns).toHaveLength(3);
    const last = within(returns[2]);
    expect(last.getByText('Crushed carton')).toBeTruthy();
    expect(last.getByText('Credit note being issued')).toBeTruthy();
    expect(last.getByText('1 ctn')).toBeTruthy();
    expect(last.getByText('Written off')).toBeTruthy();
    expect(last.getByText('3 bags')).toBeTruthy();
    const first = within(returns[0]);
    expect(first.getByText('CN-2026-000008')).toBeTruthy();
    expect(first.getByText('Back to stock')).toBeTruthy();
    expect(first.getByText('Two bags torn in the van')).toBeTruthy();
    expect(first.getByText(/^Nov 21, 2026/)).toBeTruthy();
  });

  it('shows no Returns section when the order has none', async () => {
    renderDetails(confirmed, { [RETURNS]: () => jsonResponse([]) });
    await screen.findByText('Almarai Fresh Milk 1L');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Return goods' })).toHaveProperty('disabled', false));
    expect(screen.queryByRole('heading', { name: 'Returns' })).toBeNull();
  });

  it("shows each line's delivered and already returned quantities (this delivery's only), and what may come back", async () => {
    const { user } = renderDetails();
    const dialog = await openReturns(user);
    const riceRow = rowOf(dialog, 'Abu Kas Basmati Rice 10kg');
    expect(riceRow.getByText('20 bags')).toBeTruthy();
    expect(riceRow.getByText('5 bags')).toBeTruthy();
    expect(riceRow.getByText('Up to 15 bags')).toBeTruthy();
    const milkRow = rowOf(dialog, 'Almarai Fresh Milk 1L');
    expect(milkRow.getByText('2.5 ctn')).toBeTruthy();
    expect(milkRow.getByText('1 ctn')).toBeTruthy();
    expect(milkRow.getByText('Up to 1.5 ctn')).toBeTruthy();
    expect(quantityOf(dialog, 'Almarai Fresh Milk 1L').value).toBe('0');
    expect(
      within(dialog).getByRole('combobox', { name: 'Almarai Fresh Milk 1L: back to stock or write off' }).textContent,
    ).toBe('Back to stock');
  });

  it('refuses nothing to return, no reason, too much, too many decimals and a negative quantity, sending nothing', async () => {
    const { fetchMock, user } = renderDetails();
    const dialog = await openReturns(user);
    const submit = within(dialog).getByRole('button', { name: 'Record return' });
    await user.click(submit);
    expect(within(dialog).getByText('Enter a quantity to return on at least one line.')).toBeTruthy();
    expect(within(dialog).getByText('Say why the goods came back')).toBeTruthy();

    const milkQuantity = quantityOf(dialog, 'Almarai Fresh Milk 1L');
    await user.clear(milkQuantity);
    await user.type(milkQuantity, '1.6');
    expect(within(dialog).getByText('At most 1.5 ctn can come back')).toBeTruthy();
    expect(milkQuantity.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByText('Enter a quantity to return on at least one line.')).toBeNull();
    await user.clear(milkQuantity);
    await user.type(milkQuantity, '1.2345');
    expect(within(dialog).getByText('At most 3 decimals')).toBeTruthy();
    await user.clear(milkQuantity);
    await user.type(milkQuantity, '-1');
    expect(within(dialog).getByText('Enter 0 or more')).toBeTruthy();
    await user.clear(milkQuantity);
    await user.type(milkQuantity, '1.5');
    expect(milkQuantity.getAttribute('aria-invalid')).toBe('false');
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByText('At most 500 characters')).toBeTruthy();
    await user.click(submit);
    expect(bodiesSent(fetchMock, 'POST', RETURNS)).toEqual([]);
  });

  it('sends only the lines above 0 with their choice and the reason, names the credit note, and reads the order again', async () => {
    const { fetchMock, user } = renderDetails(confirmed, {
      [`POST ${RETURNS}`]: () =>
        jsonResponse(makeOrderReturn({ id: 'r-3', cycle: 2, creditNoteNumber: 'CN-2026-000009' }), 201, 'Created'),
    });
    const dialog = await openReturns(user);
    const readsBefore = returnReads(fetchMock);
    const milkQuantity = quantityOf(dialog, 'Almarai Fresh Milk 1L');
    await user.clear(milkQuantity);
    // Arabic-Indic digits and the Arabic decimal separator are read.
    await user.type(milkQuantity, '٠٫٥');
    await user.click(
      within(dialog).getByRole('combobox', { name: 'Almarai Fresh Milk 1L: back to stock or write off' }),
    );
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Write off (expired or damaged)' }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), '  Crushed in the van ');
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));

    expect(await screen.findByText('Credit note CN-2026-000009 was issued for the returned goods.')).toBeTruthy();
    expect(screen.getByText('Return recorded')).toBeTruthy();
    expect(bodiesSent(fetchMock, 'POST', RETURNS)).toEqual([
      { reason: 'Crushed in the van', lines: [{ orderItemId: 'oi-milk', quantity: '0.5', restock: false }] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Return goods/ })).toBeNull());
    await waitFor(() => expect(returnReads(fetchMock)).toBeGreaterThan(readsBefore));
  });

  it('says the credit note is being issued when billing has not issued it yet', async () => {
    const { user } = renderDetails(confirmed, {
      [`POST ${RETURNS}`]: () =>
        jsonResponse(makeOrderReturn({ creditNoteId: null, creditNoteNumber: null }), 201, 'Created'),
    });
    const dialog = await openReturns(user);
    await user.type(quantityOf(dialog, 'Abu Kas Basmati Rice 10kg'), '2');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Torn bags');
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    expect(await screen.findByText('The credit note is being issued.')).toBeTruthy();
  });

  it('sends the same Idempotency-Key when the return is sent again after an error, and a new one for the next return', async () => {
    let answers = 0;
    const { fetchMock, user } = renderDetails(confirmed, {
      [`POST ${RETURNS}`]: () => {
        answers += 1;
        return answers === 1
          ? jsonResponse({ message: 'The orders service is unavailable', code: 'SERVICE_UNAVAILABLE' }, 503, 'Error')
          : jsonResponse(makeOrderReturn({ id: `r-${10 + answers}`, cycle: 2 }), 201, 'Created');
      },
    });
    const giveBack = async () => {
      const dialog = await openReturns(user);
      await user.type(quantityOf(dialog, 'Abu Kas Basmati Rice 10kg'), '2');
      await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Torn bags');
      return dialog;
    };
    const dialog = await giveBack();
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    await waitFor(() => expect(answers).toBe(1));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Return goods/ })).toBeNull());
    // The same goods once more, after the first return went through: a new return.
    const again = await giveBack();
    await user.click(within(again).getByRole('button', { name: 'Record return' }));
    await waitFor(() => expect(answers).toBe(3));

    const keys = idempotencyKeysSent(fetchMock, 'POST', RETURNS);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
    expect(new Set(bodiesSent(fetchMock, 'POST', RETURNS).map((body) => JSON.stringify(body))).size).toBe(1);
  });

  it('says what the server counted when it is more than can come back, with the returns read again', async () => {
    let refused = false;
    const { user } = renderDetails(confirmed, {
      // Someone returned another carton meanwhile: seen once the server has refused.
      [RETURNS]: () =>
        jsonResponse(
          refused
            ? [...earlierReturns, makeOrderReturn({ id: 'r-9', cycle: 2, lines: [milkLine(1)] })]
            : earlierReturns,
        ),
      [`POST ${RETURNS}`]: () => {
        refused = true;
        return jsonResponse(
          {
            message: 'More than was delivered: Almarai Fresh Milk 1L (0.5 carton left to return)',
            code: 'ORDERS_RETURN_EXCEEDS_DELIVERED',
            details: { lines: [{ orderItemId: 'oi-milk', delivered: 2.5, returned: 2, asked: 1 }] },
          },
          409,
          'Conflict',
        );
      },
    });
    const dialog = await openReturns(user);
    const milkQuantity = quantityOf(dialog, 'Almarai Fresh Milk 1L');
    await user.clear(milkQuantity);
    await user.type(milkQuantity, '1');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Crushed');
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));

    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('More than can come back. The returns were read again:')).toBeTruthy();
    expect(
      within(alert).getByText(
        '\u2068Almarai Fresh Milk 1L\u2069: delivered 2.5 ctn, already returned 2 ctn, asked 1 ctn',
      ),
    ).toBeTruthy();
    expect(milkQuantity.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(rowOf(dialog, 'Almarai Fresh Milk 1L').getByText('2 ctn')).toBeTruthy());
    expect(rowOf(dialog, 'Almarai Fresh Milk 1L').getByText('At most 0.5 ctn can come back')).toBeTruthy();
  });

  it.each([
    [
      'ORDERS_NOT_RETURNABLE',
      409,
      'Only a confirmed or completed order can have returns',
      'This order is no longer confirmed or completed, so nothing can be returned.',
    ],
    [
      'ORDERS_RETURN_LINE_UNKNOWN',
      400,
      'The order has no line 5f0c…',
      'A line of this return is no longer on the order. The order was read again: check the lines and send again.',
    ],
  ])('says %s in its own words', async (code, status, message, said) => {
    const { user } = renderDetails(confirmed, {
      [`POST ${RETURNS}`]: () => jsonResponse({ message, code }, status, 'Refused'),
    });
    const dialog = await openReturns(user);
    await user.type(quantityOf(dialog, 'Abu Kas Basmati Rice 10kg'), '1');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Torn');
    await user.click(within(dialog).getByRole('button', { name: 'Record return' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(said);
  });

  it('takes the whole screen on a phone, each line a card', async () => {
    mockMatchMedia((query) => query.includes('max-width: 599.95px'));
    const { user } = renderDetails();
    const dialog = await openReturns(user);
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
    const list = within(dialog).getByRole('list', { name: 'Lines to return' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(rowOf(dialog, 'Almarai Fresh Milk 1L').getByText('Up to 1.5 ctn')).toBeTruthy();
  });

  it('speaks Arabic: Arabic names and units, the choices, and the server counts', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderDetails(confirmed, {
      [`POST ${RETURNS}`]: () =>
        jsonResponse(
          {
            message: 'More than was delivered',
            code: 'ORDERS_RETURN_EXCEEDS_DELIVERED',
            details: { lines: [{ orderItemId: 'oi-rice', delivered: 20, returned: 5, asked: 16 }] },
          },
          409,
          'Conflict',
        ),
    });
    const dialog = await openReturns(user, 'إرجاع بضاعة');
    expect(within(dialog).getByRole('columnheader', { name: 'المرتجع سابقاً' })).toBeTruthy();
    const riceRow = rowOf(dialog, 'أرز أبو كاس بسمتي 10 كغ');
    expect(riceRow.getByText('20 كيسًا')).toBeTruthy();
    expect(riceRow.getByText('حتى 15 كيسًا')).toBeTruthy();
    const restock = within(dialog).getByRole('combobox', {
      name: 'أرز أبو كاس بسمتي 10 كغ: إعادة إلى المخزون أو إتلاف',
    });
    expect(restock.textContent).toBe('إعادة إلى المخزون');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل المرتجع' }));
    expect(within(dialog).getByText('أدخل كمية مرتجعة في بند واحد على الأقل.')).toBeTruthy();
    expect(within(dialog).getByText('اذكر سبب إرجاع البضاعة')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'الكمية المرتجعة من أرز أبو كاس بسمتي 10 كغ' }), '15');
    await user.type(within(dialog).getByRole('textbox', { name: /^سبب الإرجاع/ }), 'أكياس ممزقة');
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل المرتجع' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('الكمية أكبر مما يمكن إرجاعه. أُعيدت قراءة المرتجعات:')).toBeTruthy();
    expect(
      within(alert).getByText(
        '\u2068أرز أبو كاس بسمتي 10 كغ\u2069: المُسلَّم 20 كيسًا، المرتجع سابقاً 5 أكياس، المطلوب 16 كيسًا',
      ),
    ).toBeTruthy();
  });
});
