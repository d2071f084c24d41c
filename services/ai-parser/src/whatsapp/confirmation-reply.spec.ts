import { describe, expect, it } from 'vitest';
import { confirmationReply } from './confirmation-reply.js';

const order = { orderNumber: 'ORD-2026-00042', totalAmount: '12345.5' };

describe('confirmationReply', () => {
  it('is a bilingual text inside the 24-hour window: Arabic first, the number and the total before VAT', () => {
    const reply = confirmationReply(order, true, null, 'AED');
    expect(reply.kind).toBe('text');
    const body = (reply.body.text as { body: string }).body;
    expect(body).toContain('تم استلام طلبكم رقم ORD-2026-00042 بإجمالي 12,345.50 د.إ قبل الضريبة');
    expect(body).toContain('We have received your order ORD-2026-00042, total AED 12,345.50 before VAT');
    expect(body.indexOf('تم')).toBeLessThan(body.indexOf('We have'));
    expect('problem' in reply).toBe(false);
  });

  it('outside the window is the configured template, the number and total as its parameters', () => {
    const reply = confirmationReply(order, false, { confirmationTemplate: 'order_received', templateLanguage: 'ar' });
    expect(reply).toEqual({
      kind: 'template',
      body: {
        type: 'template',
        template: {
          name: 'order_received',
          language: { code: 'ar' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'ORD-2026-00042' },
                { type: 'text', text: 'SAR 12,345.50' },
              ],
            },
          ],
        },
      },
    });
  });

  it('outside the window with no template set cannot be sent, and says why', () => {
    const reply = confirmationReply(order, false, { confirmationTemplate: null, templateLanguage: 'ar' });
    expect('problem' in reply && reply.problem).toMatch(/24 hours.*no confirmation template/);
  });
});
