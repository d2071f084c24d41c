import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, idempotencyKeysSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { makeStockItem } from '../../../test/stock-fixtures';
import type { StockItemDto } from '@erp/contracts';
import { StockItemDialog } from './stock-item-dialog';

function renderDialog(item: StockItemDto | null, routes: ApiRoutes = {}) {
  const fetchMock = serveApi(routes);
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<StockItemDialog item={item} currency="SAR" onClose={onClose} />);
  const dialog = screen.getByRole('dialog');
  const field = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
  return { fetchMock, onClose, user, dialog, field };
}

const invalid = (input: HTMLElement) => input.getAttribute('aria-invalid') === 'true';

describe('StockItemDialog', () => {
  describe('adding', () => {
    it('shows the required-field messages inline and sends nothing', async () => {
      const { fetchMock, user, dialog, field } = renderDialog(null);
      expect(dialog.querySelector('form')?.noValidate).toBe(true);
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));

      expect(within(dialog).getByText('Name is required')).toBeTruthy();
      expect(within(dialog).getByText('SKU is required')).toBeTruthy();
      expect(invalid(field(/^Name/))).toBe(true);
      expect(invalid(field(/^SKU/))).toBe(true);
      expect(invalid(field(/^Arabic name/))).toBe(false);
      // The first invalid field takes the focus.
      expect(document.activeElement).toBe(field(/^Name/));
      expect(bodiesSent(fetchMock, 'POST', '/api/stock')).toEqual([]);
    });

    it("gives SPEC §5's messages for values below 0, and clears them as they are corrected", async () => {
      const { fetchMock, user, dialog, field } = renderDialog(null);
      await user.type(field(/^Name/), 'Saudia Laban 2L');
      await user.type(field(/^SKU/), 'LABAN-SAU-2L');
      await user.type(field(/^Quantity/), '-1');
      await user.type(field(/^Cost price/), '-0.5');
      await user.type(field(/^Selling price/), '-2');
      await user.type(field(/^Low stock threshold/), '-3');
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));

      expect(within(dialog).getByText('Quantity must be at least 0')).toBeTruthy();
      expect(within(dialog).getByText('Cost price must be at least 0')).toBeTruthy();
      expect(within(dialog).getByText('Selling price must be at least 0')).toBeTruthy();
      expect(within(dialog).getByText('Threshold must be at least 0')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/stock')).toEqual([]);

      await user.clear(field(/^Quantity/));
      await user.type(field(/^Quantity/), '5');
      expect(within(dialog).queryByText('Quantity must be at least 0')).toBeNull();
      expect(within(dialog).getByText('Cost price must be at least 0')).toBeTruthy();
    });

    it('refuses more decimals than the server keeps', async () => {
      const { user, dialog, field } = renderDialog(null);
      await user.type(field(/^Name/), 'Rice');
      await user.type(field(/^SKU/), 'RICE');
      await user.type(field(/^Cost price/), '1.234');
      await user.type(field(/^Quantity/), '1.2345');
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
      expect(within(dialog).getByText('Use at most 2 decimal places')).toBeTruthy();
      expect(within(dialog).getByText('Use at most 3 decimal places')).toBeTruthy();
    });

    it('posts the amounts as decimal text, Arabic-Indic digits and ٫ read as typed, the first batch included', async () => {
      const { fetchMock, onClose, user, dialog, field } = renderDialog(null, {
        'POST /api/stock': () => jsonResponse(makeStockItem(), 201, 'Created'),
      });
      await user.type(field(/^Name/), '  Almarai Fresh Milk 1L ');
      await user.type(field(/^Arabic name/), 'حليب المراعي طازج 1 لتر');
      await user.type(field(/^SKU/), 'MILK-ALM-1L');
      await user.click(within(dialog).getByRole('combobox', { name: /Unit/ }));
      await user.click(await screen.findByRole('option', { name: 'Carton' }));
      await user.type(field(/^Quantity/), '٢٤٫٥');
      await user.type(field(/^Cost price/), '5.50');
      await user.type(field(/^Selling price/), '۷.۲۵');
      await user.type(field(/^Low stock threshold/), '6');
      await user.type(field(/^Batch number/), 'B-2211');
      fireEvent.change(field(/^Manufacture date/), { target: { value: '2026-11-18' } });
      fireEvent.change(field(/^Expiry date/), { target: { value: '2026-12-05' } });
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));

      expect(await screen.findByText('Stock item created successfully')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/stock')).toEqual([
        {
          name: 'Almarai Fresh Milk 1L',
          nameAr: 'حليب المراعي طازج 1 لتر',
          sku: 'MILK-ALM-1L',
          unit: 'carton',
          quantity: '24.5',
          costPrice: '5.50',
          sellingPrice: '7.25',
          lowStockThreshold: '6',
          batchNumber: 'B-2211',
          expiryDate: '2026-12-05',
          manufactureDate: '2026-11-18',
        },
      ]);
      expect(onClose).toHaveBeenCalled();
    });

    it('leaves blank optional fields to the server defaults (unit kg)', async () => {
      const { fetchMock, user, dialog, field } = renderDialog(null, {
        'POST /api/stock': () => jsonResponse(makeStockItem(), 201, 'Created'),
      });
      await user.type(field(/^Name/), 'Dates');
      await user.type(field(/^SKU/), 'DATES-1');
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
      await screen.findByText('Stock item created successfully');
      expect(bodiesSent(fetchMock, 'POST', '/api/stock')).toEqual([{ name: 'Dates', sku: 'DATES-1', unit: 'kg' }]);
    });

    it('sends the same Idempotency-Key when the item is sent again after an error, and a new one after it was added', async () => {
      let answers = 0;
      const { fetchMock, onClose, user, dialog, field } = renderDialog(null, {
        'POST /api/stock': () => {
          answers += 1;
          return answers === 1
            ? jsonResponse(
                { message: 'The inventory service is unavailable', code: 'SERVICE_UNAVAILABLE' },
                503,
                'Error',
              )
            : jsonResponse(makeStockItem(), 201, 'Created');
        },
      });
      await user.type(field(/^Name/), 'Dates');
      await user.type(field(/^SKU/), 'DATES-1');
      // As a user would: the button is back to "Add Item" (not "Adding...") before it is clicked again.
      const add = async () => user.click(await within(dialog).findByRole('button', { name: 'Add Item' }));
      await add();
      await screen.findByText('Failed to create stock item');
      await add();
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      // The same item once more, after it was added: a new submission.
      await add();
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));

      const keys = idempotencyKeysSent(fetchMock, 'POST', '/api/stock');
      expect(keys).toHaveLength(3);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
      expect(keys[2]).not.toBe(keys[0]);
      expect(bodiesSent(fetchMock, 'POST', '/api/stock')).toEqual(
        Array.from({ length: 3 }, () => ({ name: 'Dates', sku: 'DATES-1', unit: 'kg' })),
      );
    });

    it('refuses an expiry date before the manufacture date', async () => {
      const { fetchMock, user, dialog, field } = renderDialog(null);
      await user.type(field(/^Name/), 'Dates');
      await user.type(field(/^SKU/), 'DATES-1');
      fireEvent.change(field(/^Manufacture date/), { target: { value: '2026-11-18' } });
      fireEvent.change(field(/^Expiry date/), { target: { value: '2026-11-01' } });
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
      expect(within(dialog).getByText('Expiry date must not be before the manufacture date')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'POST', '/api/stock')).toEqual([]);
    });

    it('puts a taken SKU (409) on the SKU field, with the server message in the toast', async () => {
      const { onClose, user, dialog, field } = renderDialog(null, {
        'POST /api/stock': () =>
          jsonResponse(
            {
              message: 'The SKU MILK-ALM-1L is already used by another item',
              code: 'INVENTORY_SKU_TAKEN',
              details: { field: 'sku' },
            },
            409,
            'Conflict',
          ),
      });
      await user.type(field(/^Name/), 'Milk');
      await user.type(field(/^SKU/), 'MILK-ALM-1L');
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Failed to create stock item');
      expect(alert.textContent).toContain('The SKU MILK-ALM-1L is already used by another item');
      expect(invalid(field(/^SKU/))).toBe(true);
      expect(within(dialog).getByText('This SKU is already used by another item')).toBeTruthy();
      expect(invalid(field(/^Name/))).toBe(false);
      expect(onClose).not.toHaveBeenCalled();

      // Editing the SKU clears the server's message.
      await user.type(field(/^SKU/), '-2');
      expect(invalid(field(/^SKU/))).toBe(false);
    });

    it("maps a 400's field errors onto the fields", async () => {
      const message = 'name must be shorter than or equal to 200 characters';
      const { user, dialog, field } = renderDialog(null, {
        'POST /api/stock': () =>
          jsonResponse(
            { message, code: 'VALIDATION_FAILED', details: { fields: [{ field: 'name', messages: [message] }] } },
            400,
            'Bad Request',
          ),
      });
      await user.type(field(/^Name/), 'Milk');
      await user.type(field(/^SKU/), 'MILK');
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
      await screen.findByRole('alert');
      expect(invalid(field(/^Name/))).toBe(true);
      expect(within(dialog).getByText(message)).toBeTruthy();
    });

    it('speaks Arabic', async () => {
      await i18n.changeLanguage('ar');
      const { user, dialog } = renderDialog(null);
      expect(within(dialog).getByRole('heading', { name: 'إضافة صنف' })).toBeTruthy();
      await user.type(within(dialog).getByLabelText(/^الكمية/), '-1');
      await user.click(within(dialog).getByRole('button', { name: 'إضافة الصنف' }));
      expect(within(dialog).getByText('الاسم مطلوب')).toBeTruthy();
      expect(within(dialog).getByText('رمز الصنف مطلوب')).toBeTruthy();
      expect(within(dialog).getByText('يجب ألا تقل الكمية عن 0')).toBeTruthy();
    });
  });

  describe('editing', () => {
    it('sends only what changed', async () => {
      const item = makeStockItem();
      const { fetchMock, onClose, user, dialog, field } = renderDialog(item, {
        'PATCH /api/stock/i-milk': () => jsonResponse({ ...item, sellingPrice: '8.00' }),
      });
      expect(within(dialog).getByRole('heading', { name: 'Edit \u2068Almarai Fresh Milk 1L\u2069' })).toBeTruthy();
      expect(field(/^Selling price/).value).toBe('7.25');
      expect(within(dialog).queryByLabelText(/^Batch number/)).toBeNull();
      await user.clear(field(/^Selling price/));
      await user.type(field(/^Selling price/), '8');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Stock item updated successfully')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'PATCH', '/api/stock/i-milk')).toEqual([{ sellingPrice: '8' }]);
      expect(onClose).toHaveBeenCalled();
    });

    it('requires the quantity and prices it already has', async () => {
      const { fetchMock, user, dialog, field } = renderDialog(makeStockItem());
      await user.clear(field(/^Quantity/));
      await user.clear(field(/^Cost price/));
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(within(dialog).getByText('Quantity is required')).toBeTruthy();
      expect(within(dialog).getByText('Cost price is required')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it("shows 'Failed to update stock item' with the server's message", async () => {
      const { user, dialog, field } = renderDialog(makeStockItem(), {
        'PATCH /api/stock/i-milk': () =>
          jsonResponse({ message: 'Stock item not found', code: 'INVENTORY_STOCK_ITEM_NOT_FOUND' }, 404, 'Not Found'),
      });
      await user.type(field(/^Name/), ' Plus');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Failed to update stock item');
      expect(alert.textContent).toContain('Stock item not found');
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeTruthy());
    });
  });
  describe('packs', () => {
    const milk = makeStockItem({
      unit: 'piece',
      sellingPrice: '6.00',
      packs: [{ unit: 'carton', factor: 12, sellingPrice: '70.00', price: '70.00', barcode: '6281007020011' }],
    });

    async function choosePackUnit(
      user: ReturnType<typeof userEvent.setup>,
      dialog: HTMLElement,
      number: number,
      unit: string,
    ) {
      await user.click(within(dialog).getByRole('combobox', { name: `Pack unit, pack ${number}` }));
      await user.click(await screen.findByRole('option', { name: unit }));
    }

    it('adds packs with their factor, own price and barcode; the price placeholder is factor × the base price', async () => {
      const { fetchMock, user, dialog, field } = renderDialog(null, {
        'POST /api/stock': () => jsonResponse(milk, 201, 'Created'),
      });
      // Typing is slow on a loaded machine: the fields this test is not about are pasted.
      fireEvent.change(field(/^Name/), { target: { value: 'Almarai Fresh Milk 1L' } });
      fireEvent.change(field(/^SKU/), { target: { value: 'MILK-ALM-1L' } });
      await user.click(within(dialog).getByRole('combobox', { name: /^Unit/ }));
      await user.click(await screen.findByRole('option', { name: 'Piece' }));
      fireEvent.change(field(/^Selling price/), { target: { value: '6' } });

      await user.click(within(dialog).getByRole('button', { name: 'Add pack' }));
      await choosePackUnit(user, dialog, 1, 'carton');
      await user.type(field(/^Contains \(pcs\), pack 1/), '12');
      expect(field(/^Pack price, pack 1/).placeholder).toBe('72.00');
      await user.type(field(/^Pack price, pack 1/), '70');
      fireEvent.change(field(/^Barcode, pack 1/), { target: { value: '6281007020011' } });

      await user.click(within(dialog).getByRole('button', { name: 'Add pack' }));
      await choosePackUnit(user, dialog, 2, 'pallet');
      await user.type(field(/^Contains \(pcs\), pack 2/), '٩٦٠');
      expect(field(/^Pack price, pack 2/).placeholder).toBe('5760.00');
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));

      await screen.findByText('Stock item created successfully');
      expect(bodiesSent(fetchMock, 'POST', '/api/stock')).toEqual([
        {
          name: 'Almarai Fresh Milk 1L',
          sku: 'MILK-ALM-1L',
          unit: 'piece',
          sellingPrice: '6',
          packs: [
            { unit: 'carton', factor: '12', sellingPrice: '70.00', barcode: '6281007020011' },
            { unit: 'pallet', factor: '960' },
          ],
        },
      ]);
    });

    it('never offers the base unit as a pack, and refuses a unit twice or a factor of 0 before sending', async () => {
      const { fetchMock, user, dialog, field } = renderDialog(null);
      await user.type(field(/^Name/), 'Milk');
      await user.type(field(/^SKU/), 'MILK');
      await user.click(within(dialog).getByRole('combobox', { name: /^Unit/ }));
      await user.click(await screen.findByRole('option', { name: 'Carton' }));
      await user.click(within(dialog).getByRole('button', { name: 'Add pack' }));
      await user.click(within(dialog).getByRole('combobox', { name: 'Pack unit, pack 1' }));
      const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
      expect(offered).not.toContain('carton');
      expect(offered).toContain('pallet');
      await user.click(screen.getByRole('option', { name: 'pallet' }));
      await user.type(field(/^Contains \(ctn\), pack 1/), '0');
      await user.click(within(dialog).getByRole('button', { name: 'Add pack' }));
      await choosePackUnit(user, dialog, 2, 'pallet');
      await user.type(field(/^Contains \(ctn\), pack 2/), '1.2345');
      await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));

      expect(within(dialog).getByText('Must be more than 0')).toBeTruthy();
      expect(within(dialog).getByText('This unit is already a pack of this item')).toBeTruthy();
      expect(within(dialog).getByText('Use at most 3 decimal places')).toBeTruthy();
      expect(invalid(field(/^Contains \(ctn\), pack 1/))).toBe(true);
      expect(document.activeElement).toBe(field(/^Contains \(ctn\), pack 1/));
      expect(bodiesSent(fetchMock, 'POST', '/api/stock')).toEqual([]);
    });

    it('refuses a pack named like the base unit when the base unit changes to it', async () => {
      const { fetchMock, user, dialog } = renderDialog(milk);
      await user.click(within(dialog).getByRole('combobox', { name: /^Unit/ }));
      await user.click(await screen.findByRole('option', { name: 'Carton' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(within(dialog).getByText('Stock is counted in carton: a pack needs another unit')).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('sends the packs only when they changed, all of them (they replace the old ones)', async () => {
      const { fetchMock, user, dialog, field } = renderDialog(milk, {
        'PATCH /api/stock/i-milk': () => jsonResponse(milk),
      });
      expect(field(/^Contains \(pcs\), pack 1/).value).toBe('12');
      expect(field(/^Pack price, pack 1/).value).toBe('70.00');
      await user.clear(field(/^Selling price/));
      await user.type(field(/^Selling price/), '6.5');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await screen.findByText('Stock item updated successfully');
      expect(bodiesSent(fetchMock, 'PATCH', '/api/stock/i-milk')).toEqual([{ sellingPrice: '6.5' }]);
    });

    it('sends the remaining packs after a removal, and an empty list when the last one goes', async () => {
      const { fetchMock, user, dialog } = renderDialog(milk, {
        'PATCH /api/stock/i-milk': () => jsonResponse({ ...milk, packs: [] }),
      });
      await user.click(within(dialog).getByRole('button', { name: 'Remove pack 1' }));
      expect(within(dialog).queryAllByTestId('stock-pack')).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      await screen.findByText('Stock item updated successfully');
      expect(bodiesSent(fetchMock, 'PATCH', '/api/stock/i-milk')).toEqual([{ packs: [] }]);
    });

    it('says a barcode is taken (409) above the packs, and puts a 400 on the pack field it names', async () => {
      let answer = 0;
      const { user, dialog, field } = renderDialog(milk, {
        'PATCH /api/stock/i-milk': () => {
          answer += 1;
          return answer === 1
            ? jsonResponse(
                {
                  message: 'A barcode of these packs is already on another pack',
                  code: 'INVENTORY_BARCODE_TAKEN',
                  details: { field: 'packs' },
                },
                409,
                'Conflict',
              )
            : jsonResponse(
                {
                  message: 'packs.0.factor must be greater than 0',
                  code: 'VALIDATION_FAILED',
                  details: {
                    fields: [{ field: 'packs.0.factor', messages: ['packs.0.factor must be greater than 0'] }],
                  },
                },
                400,
                'Bad Request',
              );
        },
      });
      await user.clear(field(/^Barcode, pack 1/));
      await user.type(field(/^Barcode, pack 1/), '6281007099999');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(
        await within(dialog).findByText(
          'A barcode of these packs is already on another item. Change or remove it, then save again.',
        ),
      ).toBeTruthy();

      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await within(dialog).findByText('packs.0.factor must be greater than 0')).toBeTruthy();
      expect(invalid(field(/^Contains \(pcs\), pack 1/))).toBe(true);
    });

    it('labels the packs in Arabic, units by their Arabic word', async () => {
      await i18n.changeLanguage('ar');
      const { user, dialog } = renderDialog(milk);
      expect(within(dialog).getByRole('heading', { name: 'العبوات' })).toBeTruthy();
      expect(within(dialog).getByRole('combobox', { name: 'وحدة العبوة، العبوة 1' }).textContent).toContain('كرتون');
      expect(within(dialog).getByLabelText('تحتوي (حبة)، العبوة 1')).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'حذف العبوة 1' })).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'إضافة عبوة' }));
      expect(within(dialog).getAllByTestId('stock-pack')).toHaveLength(2);
    });
  });
});
