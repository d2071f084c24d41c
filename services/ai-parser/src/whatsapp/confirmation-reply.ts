import type { Currency, OrderDto } from '@erp/contracts';

/** Meta's customer-service window: free-form messages only within 24 hours of the client's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;

const arabicCurrency: Record<Currency, string> = {
  SAR: 'ر.س',
  AED: 'د.إ',
  KWD: 'د.ك',
  BHD: 'د.ب',
  QAR: 'ر.ق',
  OMR: 'ر.ع',
  USD: 'دولار',
};

/** 1234.5 → "1,234.50" (the total as the order has it: a decimal string, never a float). */
function grouped(amount: string): string {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** What a template needs of the channel. */
interface TemplateSettings {
  confirmationTemplate: string | null;
  templateLanguage: string;
}

export type ConfirmationReply =
  | { kind: 'text' | 'template'; body: Record<string, unknown> }
  | { kind: 'template'; body: Record<string, unknown>; problem: string };

/**
 * The client's confirmation of an order made from their message: Arabic first, then English, with
 * the order number and its total before VAT. Within the 24-hour window, a text message; outside
 * it, the configured template with the two as its body's parameters ({{1}} the number, {{2}} the
 * total), or, with no template set, a reply that cannot be sent and says why.
 */
export function confirmationReply(
  order: Pick<OrderDto, 'orderNumber' | 'totalAmount'>,
  insideWindow: boolean,
  settings: TemplateSettings | null,
  currency: Currency = 'SAR',
): ConfirmationReply {
  const total = grouped(order.totalAmount);
  if (insideWindow) {
    const body = [
      `تم استلام طلبكم رقم ${order.orderNumber} بإجمالي ${total} ${arabicCurrency[currency]} قبل الضريبة. شكرًا لتعاملكم معنا.`,
      `We have received your order ${order.orderNumber}, total ${currency} ${total} before VAT. Thank you for your business.`,
    ].join('\n\n');
    return { kind: 'text', body: { type: 'text', text: { preview_url: false, body } } };
  }
  const template = {
    type: 'template',
    template: {
      name: settings?.confirmationTemplate ?? '',
      language: { code: settings?.templateLanguage ?? 'ar' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: order.orderNumber },
            { type: 'text', text: `${currency} ${total}` },
          ],
        },
      ],
    },
  };
  if (!settings?.confirmationTemplate) {
    return {
      kind: 'template',
      body: template,
      problem: 'The client last wrote more than 24 hours ago and no confirmation template is set in Settings',
    };
  }
  return { kind: 'template', body: template };
}
