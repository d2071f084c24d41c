import type { PaymentMethod, StatementDto, StatementLineType } from '@erp/contracts';
import { html } from './html.js';
import { documentStyles, groupDigits, row, sellerHeader, type DocumentSeller } from './invoice-template.js';

export interface StatementTemplateOptions {
  seller: DocumentSeller;
  clientNameAr: string | null;
  clientAddress: string | null;
}

const entryTypes: Record<StatementLineType, { en: string; ar: string }> = {
  invoice: { en: 'Tax invoice', ar: 'فاتورة ضريبية' },
  opening_balance: { en: 'Balance brought forward', ar: 'رصيد مُرحَّل' },
  write_off: { en: 'Write-off', ar: 'شطب رصيد' },
  credit_note: { en: 'Credit note', ar: 'إشعار دائن' },
  payment: { en: 'Payment', ar: 'سداد' },
};

const methods: Record<PaymentMethod, { en: string; ar: string }> = {
  cash: { en: 'Cash', ar: 'نقدًا' },
  bank_transfer: { en: 'Bank transfer', ar: 'تحويل بنكي' },
  cheque: { en: 'Cheque', ar: 'شيك' },
  card: { en: 'Card', ar: 'بطاقة' },
};

/** A money cell: blank for zero (a debit column shows only debits). */
function amount(value: string): string {
  return Number(value) === 0 ? '' : groupDigits(value);
}

/**
 * A customer's statement of account (CONTRACT §11) on A4, in the invoices' look: the seller in
 * both languages, the client and the period, then every entry with its running balance, between
 * the opening and the closing balance. Columns read left to right in English with Arabic headings.
 */
export function statementHtml(statement: StatementDto, options: StatementTemplateOptions): string {
  const { seller } = options;
  const lines = statement.lines.map((line) => {
    const type = entryTypes[line.type];
    const method = line.method ? methods[line.method] : null;
    const detail =
      line.type === 'payment'
        ? html`${method ? html`${method.en} · <span lang="ar">${method.ar}</span>` : null}
            <span class="sku">${line.number}${line.reference ? html` · <bdi>${line.reference}</bdi>` : null}</span>`
        : html`<span class="num">${line.number}</span>${
              line.reference ? html`<span class="sku">↳ <span class="num">${line.reference}</span></span>` : null
            }`;
    return html`<tr>
      <td class="c num">${line.date}</td>
      <td>${type.en}<span class="unit-ar" lang="ar">${type.ar}</span></td>
      <td dir="auto">${detail}</td>
      <td class="r num">${amount(line.debit)}</td>
      <td class="r num">${amount(line.credit)}</td>
      <td class="r num">${groupDigits(line.balance)}</td>
    </tr>`;
  });

  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
        <style>
          ${documentStyles}
        </style>
      </head>
      <body>
        ${sellerHeader(seller, null)}

        <div class="title">
          <div><span class="en">Statement of Account</span></div>
          <div lang="ar" dir="rtl"><span class="ar">كشف حساب عميل</span></div>
        </div>

        <section class="boxes">
          <table class="kv">
            ${row(
              'Client',
              'العميل',
              html`<div dir="auto">${statement.clientName}</div>
                ${options.clientNameAr ? html`<div lang="ar">${options.clientNameAr}</div>` : null}`,
            )}
            ${options.clientAddress ? row('Address', 'العنوان', options.clientAddress) : null}
          </table>
          <table class="kv">
            ${row('From', 'من', html`<span class="num">${statement.from}</span>`)}
            ${row('To', 'إلى', html`<span class="num">${statement.to}</span>`)}
            ${row('Currency', 'العملة', statement.currency)}
          </table>
        </section>

        <table class="items">
          <colgroup>
            <col style="width:22mm" />
            <col style="width:28mm" />
            <col />
            <col style="width:25mm" />
            <col style="width:25mm" />
            <col style="width:27mm" />
          </colgroup>
          <thead>
            <tr>
              <th class="c"><span>Date</span><span lang="ar">التاريخ</span></th>
              <th><span>Entry</span><span lang="ar">البيان</span></th>
              <th><span>Document / reference</span><span lang="ar">المستند / المرجع</span></th>
              <th class="r"><span>Debit</span><span lang="ar">مدين</span></th>
              <th class="r"><span>Credit</span><span lang="ar">دائن</span></th>
              <th class="r"><span>Balance</span><span lang="ar">الرصيد</span></th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td class="c num">${statement.from}</td>
              <td colspan="4">Opening balance <span lang="ar">· الرصيد الافتتاحي</span></td>
              <td class="r num">${groupDigits(statement.openingBalance)}</td>
            </tr>
            ${lines}
          </tbody>
        </table>

        <section class="summary">
          <div></div>
          <div></div>
          <table class="totals">
            <tr>
              <th class="en">Opening balance</th>
              <td class="num">${groupDigits(statement.openingBalance)}</td>
              <th lang="ar" dir="rtl">الرصيد الافتتاحي</th>
            </tr>
            <tr class="grand">
              <th class="en">Balance due</th>
              <td class="num">${statement.currency} ${groupDigits(statement.closingBalance)}</td>
              <th lang="ar" dir="rtl">الرصيد المستحق</th>
            </tr>
          </table>
        </section>
        ${
          statement.lines.length === 0
            ? html`<div class="notice">
                <span>No entries in this period.</span>
                <span lang="ar" dir="rtl">لا توجد حركات في هذه الفترة.</span>
              </div>`
            : null
        }
      </body>
    </html>`;
  return page.value;
}
