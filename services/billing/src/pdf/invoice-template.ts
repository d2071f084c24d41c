import { unitNameAr, type CreditNoteReason } from '@erp/contracts';
import { amountInWords } from './amount-in-words.js';
import { html, trustedHtml, type SafeHtml } from './html.js';
import type { InvoiceDocument } from './invoice-document.js';
import { qrCodeSvg } from './qr-code.js';

export interface InvoiceTemplateOptions {
  /** The seller's logo as a data: URI (see invoice-logo.ts), or null for none. */
  logo: string | null;
  /** IANA zone the issue date and time are printed in, e.g. Asia/Riyadh. */
  timeZone: string;
}

/**
 * A4, English on the left and Arabic on the right of every block, the items table in
 * English column order with both names side by side. Fonts are named, never left to fallback:
 * Noto Sans for Latin text (else Latin falls back to Amiri's serif), Noto Naskh Arabic then
 * Amiri for Arabic. Chromium embeds the subset of each system font it uses in the PDF.
 * Nothing here loads from anywhere: the CSP forbids it even if a request slipped through.
 */
export const documentStyles = trustedHtml(`
@page { size: A4; margin: 10mm 12mm 11mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font: 8.6pt/1.38 'Noto Sans', sans-serif; color: #1d2733; }
:lang(ar) { font-family: 'Noto Naskh Arabic', 'Noto Sans', 'Amiri', sans-serif; font-size: 1.1em; line-height: 1.4; }
:lang(ar) :lang(ar) { font-size: 1em; }
.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.muted { color: #5b6b7a; }
header { display: grid; grid-template-columns: 1fr 44mm 1fr; align-items: center; gap: 5mm; }
.party .name { font-weight: 700; font-size: 11.5pt; line-height: 1.3; color: #0d3b4f; }
.party:lang(ar) { text-align: right; }
.party:lang(ar) .name { font-size: 12.5pt; }
.logo { text-align: center; }
.logo img { max-width: 44mm; max-height: 20mm; object-fit: contain; }
.title { display: flex; justify-content: space-between; align-items: baseline; margin: 4mm 0 3.5mm;
  padding: 1.6mm 4mm; background: #0d3b4f; color: #fff; border-radius: 1.5mm; }
.title .en { font-size: 15pt; font-weight: 700; letter-spacing: .02em; }
.title .ar { font-size: 17pt; font-weight: 700; }
.title .kind { font-size: 8.5pt; opacity: .85; }
.boxes { display: grid; grid-template-columns: 1fr 1fr; gap: 4mm; margin-bottom: 3.5mm; }
table { border-collapse: collapse; width: 100%; }
.kv { border: .3mm solid #c9d3dc; border-radius: 1.5mm; border-collapse: separate; border-spacing: 0; }
.kv th, .kv td { padding: .8mm 2.2mm; vertical-align: baseline; }
.kv tr + tr > * { border-top: .2mm solid #e3e8ed; }
.kv th { font-weight: 700; color: #33495c; white-space: nowrap; width: 1%; }
.kv th.en { text-align: left; }
.kv th:lang(ar) { text-align: right; }
.kv td { text-align: center; word-break: break-word; }
.kv td div:lang(ar) { direction: rtl; }
.items { table-layout: fixed; width: calc(100% - .4mm); } /* collapsed borders reach half a border past the edge: kept inside the page */
.items thead { display: table-header-group; }
.items th { background: #e8eff4; color: #0d3b4f; font-weight: 700; padding: 1mm 1.6mm; border: .2mm solid #c9d3dc;
  vertical-align: bottom; line-height: 1.25; }
.items th span { display: block; }
.items th span:lang(ar) { font-weight: 700; }
.items td { padding: .7mm 1.6mm; border: .2mm solid #dde4ea; vertical-align: baseline; line-height: 1.3; }
.items tbody tr:nth-child(even) td { background: #f7f9fb; }
.items tr { break-inside: avoid; }
.items .c { text-align: center; }
.items .r { text-align: right; }
.items td.name-ar { text-align: right; direction: rtl; }
.items .sku { display: block; font-size: 6.6pt; line-height: 1.1; color: #5b6b7a; }
.items .unit-ar { display: block; line-height: 1.1; }
.items .base { display: block; font-size: 6.6pt; line-height: 1.1; color: #5b6b7a; white-space: normal; }
.items th.names { padding: 0; }
.items th.names div { display: flex; justify-content: space-between; align-items: flex-end; padding: 1mm 1.6mm; }
.summary { display: grid; grid-template-columns: 30mm minmax(0, 1fr) auto; gap: 4mm; margin-top: 3.5mm;
  break-inside: avoid; }
.totals { width: auto; min-width: 98mm; }
.qr { width: 30mm; height: 30mm; display: block; }
.totals th, .totals td { padding: 1mm 2.4mm; border-bottom: .2mm solid #dde4ea; vertical-align: baseline; }
.totals th { font-weight: 700; color: #33495c; white-space: nowrap; }
.totals th.en { text-align: left; }
.totals th:lang(ar) { text-align: right; }
.totals td { text-align: right; }
.totals tr.grand > * { background: #0d3b4f; color: #fff; font-weight: 700; font-size: 10pt; border-bottom: 0; }
.totals tr.grand th:lang(ar) { font-size: 11pt; }
.words { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; margin-top: 3.5mm; padding: 1.8mm 3mm;
  border: .3mm solid #c9d3dc; border-radius: 1.5mm; break-inside: avoid; }
.words .label { display: block; font-weight: 700; color: #33495c; }
.words div:lang(ar) { text-align: right; }
.notice { margin: -1.5mm 0 3mm; padding: 1.2mm 3mm; border: .3mm dashed #b26a00; border-radius: 1.5mm; color: #7a4a00;
  display: flex; justify-content: space-between; }
`);

/** The document's title in both languages, and the label of its number. */
const titles: Record<InvoiceDocument['type'], { en: string; ar: string; numberEn: string; numberAr: string }> = {
  customer: { en: 'Tax Invoice', ar: 'فاتورة ضريبية', numberEn: 'Invoice No.', numberAr: 'رقم الفاتورة' },
  supplier: { en: 'Tax Invoice', ar: 'فاتورة ضريبية', numberEn: 'Invoice No.', numberAr: 'رقم الفاتورة' },
  credit_note: { en: 'Credit Note', ar: 'إشعار دائن', numberEn: 'Credit note No.', numberAr: 'رقم الإشعار' },
  proforma: { en: 'Proforma Invoice', ar: 'فاتورة مبدئية', numberEn: 'Proforma', numberAr: 'فاتورة مبدئية' },
};

/** Why a credit note was issued, as printed. */
const creditReasons: Record<CreditNoteReason, { en: string; ar: string }> = {
  order_cancelled: { en: 'Order cancelled', ar: 'إلغاء الطلب' },
  order_reopened: { en: 'Order reopened for changes', ar: 'إعادة فتح الطلب للتعديل' },
  goods_returned: { en: 'Goods returned', ar: 'إرجاع بضاعة' },
};

/** "1234567.50" → "1,234,567.50", on the string: money never becomes a float here. */
export function groupDigits(value: string): string {
  const [whole, fraction] = value.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-21 14:25" in `timeZone`: Gregorian, Western digits, as both languages print it. */
export function formatIssuedAt(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** One row of a label/value/label table: English label, the value, Arabic label. */
export function row(en: string, ar: string, value: SafeHtml | string): SafeHtml {
  return html`<tr>
    <th class="en">${en}</th>
    <td>${value}</td>
    <th lang="ar" dir="rtl">${ar}</th>
  </tr>`;
}

/** The company issuing a document, as its settings name it: the two languages either side of the logo. */
export interface DocumentSeller {
  name: string;
  nameAr: string | null;
  vatNumber: string | null;
  address: string | null;
  addressAr: string | null;
}

/** The page's header: the seller in English, the logo (a data: URI) or nothing, the seller in Arabic. */
export function sellerHeader(seller: DocumentSeller, logo: string | null): SafeHtml {
  return html`<header>
    <div class="party">
      <div class="name" dir="auto">${seller.name}</div>
      ${seller.address ? html`<div dir="auto">${seller.address}</div>` : null}
      ${seller.vatNumber ? html`<div>VAT No. <span class="num">${seller.vatNumber}</span></div>` : null}
    </div>
    <div class="logo">${logo ? html`<img src="${logo}" alt="" />` : null}</div>
    <div class="party" lang="ar" dir="rtl">
      <div class="name" dir="auto">${seller.nameAr ?? seller.name}</div>
      ${seller.addressAr ? html`<div dir="auto">${seller.addressAr}</div>` : null}
      ${seller.vatNumber ? html`<div>الرقم الضريبي: <span class="num" dir="ltr">${seller.vatNumber}</span></div>` : null}
    </div>
  </header>`;
}

/** A unit in English with its Arabic word under it when it is one of the system's units (units.ts). */
export function unitCell(unit: string): SafeHtml {
  const arabic = unitNameAr(unit);
  return html`<td class="c" dir="auto">
    ${unit}${arabic ? html`<span class="unit-ar" lang="ar">${arabic}</span>` : null}
  </td>`;
}

/** The quantity as sold, and under it what a pack stands for in the item's own unit ("= 60 piece حبة"). */
function quantityCell(item: InvoiceDocument['items'][number]): SafeHtml {
  if (!item.base) return html`<td class="r num">${item.quantity}</td>`;
  const arabic = unitNameAr(item.base.unit);
  return html`<td class="r num">
    ${item.quantity}<span class="base">= ${item.base.quantity}</span
    ><span class="base" dir="ltr">${item.base.unit}${arabic ? html` <span lang="ar">${arabic}</span>` : null}</span>
  </td>`;
}

const optionalRow = (en: string, ar: string, value: string | null): SafeHtml | null =>
  value ? row(en, ar, html`<bdi>${value}</bdi>`) : null;

/** The whole HTML document of one invoice. Every value from `doc` is escaped. */
export function invoiceHtml(doc: InvoiceDocument, options: InvoiceTemplateOptions): string {
  const { seller, buyer, currency } = doc;
  const words = amountInWords(doc.total, currency);
  const issued = formatIssuedAt(doc.issuedAt, options.timeZone);
  const supplier = doc.type === 'supplier';
  const title =
    doc.zatcaKind === 'simplified' && doc.type === 'customer'
      ? { ...titles.customer, en: 'Simplified Tax Invoice', ar: 'فاتورة ضريبية مبسطة' }
      : titles[doc.type];
  const credit = doc.creditNote;

  // A discount column only when a line has a discount (CONTRACT §10).
  const discounts = doc.items.some((item) => item.discountPercent !== null);
  const items = doc.items.map(
    (item, index) =>
      html`<tr>
        <td class="c num">${index + 1}</td>
        <td dir="auto">${item.name}${item.sku ? html`<span class="sku" dir="ltr">${item.sku}</span>` : null}</td>
        <td class="name-ar" lang="ar">${item.nameAr}</td>
        ${quantityCell(item)} ${unitCell(item.unit)}
        <td class="r num">${groupDigits(item.unitPrice)}</td>
        ${discounts ? html`<td class="c num">${item.discountPercent === null ? '' : `${item.discountPercent}%`}</td>` : null}
        <td class="r num">${groupDigits(item.total)}</td>
      </tr>`,
  );

  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta
          http-equiv="Content-Security-Policy"
          content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"
        />
        <style>
          ${documentStyles}
        </style>
      </head>
      <body>
        ${sellerHeader(seller, options.logo)}

        <div class="title">
          <div><span class="en">${title.en}</span>${supplier ? html` <span class="kind">(supplier)</span>` : null}</div>
          <div lang="ar" dir="rtl">
            <span class="ar">${title.ar}</span>${supplier ? html` <span class="kind">(مورد)</span>` : null}
          </div>
        </div>
        ${
          doc.type === 'proforma'
            ? html`<div class="notice">
                <span>Not a tax invoice: the tax invoice is issued when the order is confirmed.</span>
                <span lang="ar" dir="rtl">ليست فاتورة ضريبية: تصدر الفاتورة الضريبية عند تأكيد الطلب.</span>
              </div>`
            : null
        }

        <section class="boxes">
          <table class="kv">
            ${
              doc.invoiceNumber
                ? row(title.numberEn, title.numberAr, html`<span class="num">${doc.invoiceNumber}</span>`)
                : null
            }
            ${row('Date', 'تاريخ الإصدار', html`<span class="num">${issued}</span>`)}
            ${
              credit
                ? html`${row(
                    'Original invoice',
                    'الفاتورة الأصلية',
                    html`<span class="num">${credit.originalNumber}</span>
                      <div class="num muted">${formatIssuedAt(credit.originalIssuedAt, options.timeZone)}</div>`,
                  )}
                  ${row(
                    'Reason',
                    'السبب',
                    html`<div>${creditReasons[credit.reason].en}</div>
                      <div lang="ar">${creditReasons[credit.reason].ar}</div>
                      ${credit.reasonText ? html`<div dir="auto">${credit.reasonText}</div>` : null}`,
                  )}`
                : null
            }
            ${optionalRow('Order No.', 'رقم الطلب', doc.orderNumber)} ${row('Currency', 'العملة', currency)}
          </table>
          <table class="kv">
            ${row(
              supplier ? 'Bill to' : 'Client',
              'العميل',
              html`<div dir="auto">${buyer.name}</div>
                ${buyer.nameAr ? html`<div lang="ar">${buyer.nameAr}</div>` : null}`,
            )}
            ${optionalRow('VAT No.', 'الرقم الضريبي', buyer.vatNumber)}
            ${optionalRow('Address', 'العنوان', buyer.address)}
          </table>
        </section>

        <table class="items">
          <colgroup>
            <col style="width:7mm" />
            <col />
            <col />
            <col style="width:16mm" />
            <col style="width:16mm" />
            <col style="width:20mm" />
            ${discounts ? html`<col style="width:11mm" />` : null}
            <col style="width:23mm" />
          </colgroup>
          <thead>
            <tr>
              <th><span>#</span></th>
              <th class="names" colspan="2">
                <div><span>Item</span><span lang="ar">الصنف</span></div>
              </th>
              <th class="c"><span>Qty</span><span lang="ar">الكمية</span></th>
              <th class="c"><span>Unit</span><span lang="ar">الوحدة</span></th>
              <th class="r"><span>Unit price</span><span lang="ar">سعر الوحدة</span></th>
              ${discounts ? html`<th class="c"><span>Disc.</span><span lang="ar">الخصم</span></th>` : null}
              <th class="r"><span>Total</span><span lang="ar">المجموع</span></th>
            </tr>
          </thead>
          <tbody>
            ${items}
          </tbody>
        </table>

        <section class="summary">
          ${doc.qrPayload ? qrCodeSvg(doc.qrPayload) : html`<div></div>`}
          <div></div>
          <table class="totals">
            <tr>
              <th class="en">Subtotal</th>
              <td class="num">${groupDigits(doc.subtotal)}</td>
              <th lang="ar" dir="rtl">المجموع قبل الضريبة</th>
            </tr>
            <tr>
              <th class="en">VAT ${doc.taxRate}%</th>
              <td class="num">${groupDigits(doc.taxAmount)}</td>
              <th lang="ar" dir="rtl">ضريبة القيمة المضافة <bdi dir="ltr">${doc.taxRate}%</bdi></th>
            </tr>
            <tr class="grand">
              <th class="en">Total incl. VAT</th>
              <td class="num">${currency} ${groupDigits(doc.total)}</td>
              <th lang="ar" dir="rtl">الإجمالي شامل الضريبة</th>
            </tr>
          </table>
        </section>

        <section class="words">
          <div><span class="label">Amount in words</span>${words.en}</div>
          <div lang="ar" dir="rtl"><span class="label">المبلغ كتابةً</span>${words.ar}</div>
        </section>
      </body>
    </html>`;
  return page.value;
}
