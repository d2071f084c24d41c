import { unitNameAr, type PurchaseOrderDto, type PurchaseOrderLineDto } from '@erp/contracts';
import { html, type SafeHtml } from './html.js';
import { documentStyles, groupDigits, row, sellerHeader, unitCell, type DocumentSeller } from './invoice-template.js';

export interface PurchaseOrderTemplateOptions {
  seller: DocumentSeller;
  /** The order's date (YYYY-MM-DD) in the business's time zone. */
  date: string;
}

/** The quantity in the base unit and, under it, in the largest pack it fills exactly ("= 10 carton كرتون"). */
function quantityCell(line: PurchaseOrderLineDto): SafeHtml {
  const pack = [...line.packs]
    .sort((a, b) => b.factor - a.factor)
    .find((candidate) => candidate.factor > 1 && line.quantity % candidate.factor === 0);
  if (!pack) return html`<td class="r num">${groupDigits(String(line.quantity))}</td>`;
  const arabic = unitNameAr(pack.unit);
  return html`<td class="r num">
    ${groupDigits(String(line.quantity))}<span class="base">= ${groupDigits(String(line.quantity / pack.factor))}</span
    ><span class="base" dir="ltr">${pack.unit}${arabic ? html` <span lang="ar">${arabic}</span>` : null}</span>
  </td>`;
}

/**
 * A purchase order to a supplier (docs/decisions/0023-purchase-orders.md) on A4, in the invoices'
 * look: the buyer (this company) in both languages, the supplier and the order's number and date,
 * the items with their quantities in the base unit and in packs, and where to deliver. No prices:
 * the supplier's invoice states them.
 */
export function purchaseOrderHtml(order: PurchaseOrderDto, options: PurchaseOrderTemplateOptions): string {
  const { seller } = options;
  const { supplier } = order;
  const lines = order.lines.map(
    (line, index) =>
      html`<tr>
        <td class="c num">${index + 1}</td>
        <td dir="auto">${line.name}<span class="sku" dir="ltr">${line.sku}</span></td>
        <td class="name-ar" lang="ar">${line.nameAr}</td>
        ${quantityCell(line)} ${unitCell(line.unit)}
      </tr>`,
  );
  const deliverTo = [seller.address, seller.addressAr].filter((part): part is string => Boolean(part));

  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
        <style>
          ${documentStyles} .sign {
            display: grid;
            grid-template-columns: 1fr 1fr;
            gap: 12mm;
            margin-top: 14mm;
            break-inside: avoid;
          }
          .sign div {
            border-top: 0.3mm solid #8a99a8;
            padding-top: 1.2mm;
            display: flex;
            justify-content: space-between;
          }
        </style>
      </head>
      <body>
        ${sellerHeader(seller, null)}

        <div class="title">
          <div><span class="en">Purchase Order</span></div>
          <div lang="ar" dir="rtl"><span class="ar">أمر شراء</span></div>
        </div>

        <section class="boxes">
          <table class="kv">
            ${row('Supplier', 'المورد', html`<div dir="auto">${supplier.name}</div>`)}
            ${supplier.phone ? row('Phone', 'الهاتف', html`<span class="num" dir="ltr">${supplier.phone}</span>`) : null}
            ${supplier.email ? row('Email', 'البريد', html`<bdi>${supplier.email}</bdi>`) : null}
            ${supplier.address ? row('Address', 'العنوان', html`<bdi>${supplier.address}</bdi>`) : null}
          </table>
          <table class="kv">
            ${row('PO No.', 'رقم أمر الشراء', html`<span class="num">${order.number}</span>`)}
            ${row('Date', 'التاريخ', html`<span class="num">${options.date}</span>`)}
            ${
              deliverTo.length > 0
                ? row(
                    'Deliver to',
                    'مكان التسليم',
                    html`${deliverTo.map((part) => html`<div dir="auto">${part}</div>`)}`,
                  )
                : null
            }
          </table>
        </section>

        <table class="items">
          <colgroup>
            <col style="width:9mm" />
            <col />
            <col style="width:52mm" />
            <col style="width:30mm" />
            <col style="width:22mm" />
          </colgroup>
          <thead>
            <tr>
              <th class="c"><span>#</span><span lang="ar">م</span></th>
              <th><span>Item</span><span lang="ar">الصنف</span></th>
              <th class="r"><span>Arabic name</span><span lang="ar">اسم الصنف</span></th>
              <th class="r"><span>Quantity</span><span lang="ar">الكمية</span></th>
              <th class="c"><span>Unit</span><span lang="ar">الوحدة</span></th>
            </tr>
          </thead>
          <tbody>
            ${lines}
          </tbody>
        </table>

        <div class="words">
          <div>
            <span class="label">Terms</span>
            Please confirm availability and delivery date. Prices as agreed; state them on your invoice, quoting this
            order's number.
          </div>
          <div lang="ar" dir="rtl">
            <span class="label">الشروط</span>
            يُرجى تأكيد توفر الأصناف وموعد التوريد. الأسعار حسب الاتفاق، وتُذكر في فاتورتكم مع رقم أمر الشراء هذا.
          </div>
        </div>

        <section class="sign">
          <div><span>Authorised by</span><span lang="ar">اعتمده</span></div>
          <div><span>Received by the supplier</span><span lang="ar">استلمه المورد</span></div>
        </section>
      </body>
    </html>`;
  return page.value;
}
