import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { toHttpError } from '../../../lib/http-error';
import { describeOrderError } from './order-errors';

const notEditable = toHttpError(
  409,
  'Conflict',
  JSON.stringify({ message: 'Only pending orders can be edited', code: 'ORDERS_NOT_EDITABLE' }),
);

describe('describeOrderError', () => {
  it("gives the server's message in English", () => {
    expect(describeOrderError(notEditable, i18n.t, 'en')).toBe('Only pending orders can be edited');
  });

  it('translates the order codes in Arabic (servers do not localise)', async () => {
    await i18n.changeLanguage('ar');
    expect(describeOrderError(notEditable, i18n.t, 'ar')).toBe('لا يمكن تعديل إلا الطلبات قيد الانتظار.');
  });
});
