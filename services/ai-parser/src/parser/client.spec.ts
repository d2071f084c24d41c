import { describe, expect, it } from 'vitest';
import { catalogIndex } from '../../test/parser-fixtures.js';
import { parseOrderText } from './parse.js';

const clientOf = (text: string): string => parseOrderText(text, catalogIndex()).clientName;

describe('client extraction', () => {
  it('takes the business of "X from Y" and "This is X from Y"', () => {
    expect(clientOf('This is Abu Khalid from Al Noor Supermarket, 5 ctn Pepsi cans')).toBe('Al Noor Supermarket');
    expect(clientOf('Hello, Faisal from Green Valley Grocery. Need 4 bags Abu Kass')).toBe('Green Valley Grocery');
    expect(clientOf('salam, ana 5alid min supermarket al noor. abi 6 kartoon fine')).toBe('supermarket al noor');
  });

  it('takes an order header without the branch', () => {
    expect(clientOf('Order for Hyper Panda branch 12:\nKiri x 5')).toBe('Hyper Panda');
    expect(clientOf('طلبية شركة الرواد للتموين:\nزيت نور ١٫٥ لتر: ٢٤ حبة')).toBe('شركة الرواد للتموين');
  });

  it('takes a labelled name and an Arabic introduction', () => {
    expect(clientOf('- فيري ١٠ حبات\nمن: بقالة الريان')).toBe('بقالة الريان');
    expect(clientOf('معك محمد من أسواق المزرعة، ابي ٣٠ شوال دقيق فورتونا')).toBe('أسواق المزرعة');
  });

  it('takes the business in parentheses after the sender', () => {
    expect(clientOf("Hi it's Rashid (Corner Store, Al Khobar). 6 trays eggs")).toBe('Corner Store');
  });

  it('falls back to the person ordering', () => {
    expect(clientOf('Abu Faisal here. 3 ctn Nido')).toBe('Abu Faisal');
    expect(clientOf('osra sugar 2kg 30 bags\n– Abu Turki')).toBe('Abu Turki');
  });

  it('prefers the business in a signature', () => {
    expect(clientOf('Fortuna 10kg 6 bags\n- Ahmed, Al Waha Minimarket')).toBe('Al Waha Minimarket');
    expect(clientOf('Kiri 4 ctn. Thanks, Al Safa Supermarket')).toBe('Al Safa Supermarket');
  });

  it('takes a business the order is for, and a sign-off under "Regards,"', () => {
    expect(clientOf('نرجو تجهيز الطلبية التالية لمؤسسة النور التجارية: ٥٠ كيس سكر الأسرة ٢ كجم')).toBe(
      'مؤسسة النور التجارية',
    );
    expect(clientOf('Please supply 40 trays eggs.\nRegards,\nMohammed – Al Rayyan Foodstuff Trading')).toBe(
      'Al Rayyan Foodstuff Trading',
    );
    expect(clientOf('هنا بقالة السعادة، نبي ٥ كراتين بيبسي')).toBe('بقالة السعادة');
  });

  it('keeps the items of a line that names the business after them', () => {
    const parsed = parseOrderText('5 ctn Pepsi cans from Al Noor Supermarket', catalogIndex());
    expect(parsed.clientName).toBe('Al Noor Supermarket');
    expect(parsed.items.map((item) => [item.sku, item.quantity])).toEqual([['PEPSI-CAN-330ML', 5]]);
  });

  it('does not take greeted salespeople or receivers', () => {
    expect(clientOf('Hi Ahmed, please send 4 ctn Kiri, ask for Sameer at the gate')).toBe('Unknown Client');
  });
});
