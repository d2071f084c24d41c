import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSent, serveApi, type ApiRoutes } from '../../../test/fixtures';
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

    it('posts the form with numbers as JSON numbers, the first batch included', async () => {
      const { fetchMock, onClose, user, dialog, field } = renderDialog(null, {
        'POST /api/stock': () => jsonResponse(makeStockItem(), 201, 'Created'),
      });
      await user.type(field(/^Name/), '  Almarai Fresh Milk 1L ');
      await user.type(field(/^Arabic name/), 'حليب المراعي طازج 1 لتر');
      await user.type(field(/^SKU/), 'MILK-ALM-1L');
      await user.click(within(dialog).getByRole('combobox', { name: /Unit/ }));
      await user.click(await screen.findByRole('option', { name: 'Carton' }));
      await user.type(field(/^Quantity/), '24.5');
      await user.type(field(/^Cost price/), '5.50');
      await user.type(field(/^Selling price/), '7.25');
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
          quantity: 24.5,
          costPrice: 5.5,
          sellingPrice: 7.25,
          lowStockThreshold: 6,
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
      expect(within(dialog).getByRole('heading', { name: 'Edit Almarai Fresh Milk 1L' })).toBeTruthy();
      expect(field(/^Selling price/).value).toBe('7.25');
      expect(within(dialog).queryByLabelText(/^Batch number/)).toBeNull();
      await user.clear(field(/^Selling price/));
      await user.type(field(/^Selling price/), '8');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText('Stock item updated successfully')).toBeTruthy();
      expect(bodiesSent(fetchMock, 'PATCH', '/api/stock/i-milk')).toEqual([{ sellingPrice: 8 }]);
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
});
