import { addDays, moneyJson } from '@erp/common';
import {
  AppException,
  ErrorCode,
  IdentityClient,
  OrdersClient,
  type AgingRowDto,
  type InvoicePdfDto,
  type PaymentMethod,
  type RpcMeta,
  type StatementDto,
  type StatementLineDto,
  type StatementLineType,
  type StatementRequestDto,
} from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Decimal } from 'decimal.js';
import type { DataSource } from 'typeorm';
import { BillingConfig } from '../billing.config.js';
import { InvoicesService, sellerOf } from '../invoices/invoices.service.js';
import { InvoiceRenderer } from '../pdf/invoice-renderer.js';
import { statementHtml } from '../pdf/statement-template.js';

/** The default period of a statement: the 90 days up to `to`. */
const DEFAULT_DAYS = 90;
/** The longest period one statement covers. */
const MAX_DAYS = 3 * 366;

interface EntryRow {
  type: StatementLineType;
  method: PaymentMethod | null;
  number: string;
  reference: string | null;
  day: string;
  debit: string;
  credit: string;
}

/**
 * Customer statements and the aging of receivables (CONTRACT §11). A statement lists a client's
 * customer invoices and opening balances (debits), credit notes, write-offs and payments not
 * deleted (credits) by day, with the running balance from what was owed before the period. Aging
 * buckets each invoice's balance due by days past its due date.
 */
@Injectable()
export class StatementsService {
  constructor(
    private readonly orders: OrdersClient,
    private readonly identity: IdentityClient,
    private readonly invoices: InvoicesService,
    private readonly renderer: InvoiceRenderer,
    private readonly config: BillingConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async statement(request: StatementRequestDto, meta: RpcMeta): Promise<StatementDto> {
    const to = request.to ?? this.invoices.today();
    const from = request.from ?? addDays(to, -DEFAULT_DAYS + 1);
    if (from > to) throw periodError('from must not be after to');
    if (addDays(from, MAX_DAYS) < to) throw periodError(`a statement covers at most ${MAX_DAYS} days`);
    const [client, settings] = await Promise.all([
      this.orders.getClient(request.clientId, meta),
      this.identity.getSettings(meta),
    ]);
    const entries: EntryRow[] = await this.dataSource.query(
      `SELECT type, method, number, reference, day::text AS day, debit, credit FROM (
         SELECT CASE type WHEN 'customer' THEN 'invoice' ELSE type END AS type, NULL::text AS method,
                invoice_number AS number, reference, issued_at AS at,
                (issued_at AT TIME ZONE $2)::date AS day, total_amount AS debit, 0::numeric AS credit, 0 AS rank
           FROM billing.invoices WHERE client_id = $1 AND type IN ('customer', 'opening_balance')
         UNION ALL
         SELECT type, NULL, invoice_number, original_invoice_number, issued_at,
                (issued_at AT TIME ZONE $2)::date, 0, total_amount, 1
           FROM billing.invoices WHERE client_id = $1 AND type IN ('credit_note', 'write_off')
         UNION ALL
         -- A payment is dated the day the money came (kept as noon UTC when only the day was
         -- given), and placed within that day by when it was recorded: after the invoice it pays.
         SELECT 'payment', p.method, i.invoice_number, p.reference, p.created_at,
                (p.paid_at AT TIME ZONE $2)::date, 0, p.amount, 2
           FROM billing.payments p JOIN billing.invoices i ON i.id = p.invoice_id
          WHERE p.client_id = $1 AND p.deleted_at IS NULL
       ) entry
       WHERE day <= $3
       ORDER BY day, at, rank, number`,
      [client.id, this.config.BUSINESS_TIME_ZONE, to],
    );
    let balance = new Decimal(0);
    const lines: StatementLineDto[] = [];
    for (const entry of entries) {
      balance = balance.plus(entry.debit).minus(entry.credit);
      if (entry.day < from) continue;
      lines.push({
        date: entry.day,
        type: entry.type,
        number: entry.number,
        reference: entry.reference || null,
        method: entry.method,
        debit: moneyJson(entry.debit),
        credit: moneyJson(entry.credit),
        balance: moneyJson(balance),
      });
    }
    const moved = lines.reduce((sum, line) => sum.plus(line.debit).minus(line.credit), new Decimal(0));
    return {
      clientId: client.id,
      clientName: client.name,
      from,
      to,
      currency: settings.currency,
      openingBalance: moneyJson(balance.minus(moved)),
      lines,
      closingBalance: moneyJson(balance),
    };
  }

  /** The statement as a bilingual A4 PDF, with the seller as the settings say now. */
  async statementPdf(request: StatementRequestDto, meta: RpcMeta): Promise<InvoicePdfDto> {
    const [statement, client, settings] = await Promise.all([
      this.statement(request, meta),
      this.orders.getClient(request.clientId, meta),
      this.identity.getSettings(meta),
    ]);
    const html = statementHtml(statement, {
      seller: sellerOf(settings),
      clientNameAr: client.nameAr,
      clientAddress: client.address,
    });
    const pdf = await this.renderer.renderHtml(html);
    return {
      fileName: `statement-${statement.clientName}-${statement.from}-${statement.to}.pdf`,
      contentBase64: pdf.toString('base64'),
    };
  }

  /** Per client with a balance left on an invoice: its balances by days past due, largest total first. */
  async aging(): Promise<AgingRowDto[]> {
    const rows: Array<Omit<AgingRowDto, 'clientName'> & { client_id: string; client_name: string }> =
      await this.dataSource.query(
        `WITH open AS (
           SELECT b.client_id, b.balance_due AS due, $1::date - b.due_date AS late,
                  first_value(i.client_name) OVER (PARTITION BY b.client_id ORDER BY i.issued_at DESC) AS client_name
             FROM billing.invoice_balances b JOIN billing.invoices i ON i.id = b.invoice_id
            WHERE b.balance_due > 0 AND b.client_id IS NOT NULL
         )
         SELECT client_id, max(client_name) AS client_name,
                coalesce(sum(due) FILTER (WHERE late <= 0), 0) AS current,
                coalesce(sum(due) FILTER (WHERE late BETWEEN 1 AND 30), 0) AS d1_30,
                coalesce(sum(due) FILTER (WHERE late BETWEEN 31 AND 60), 0) AS d31_60,
                coalesce(sum(due) FILTER (WHERE late BETWEEN 61 AND 90), 0) AS d61_90,
                coalesce(sum(due) FILTER (WHERE late > 90), 0) AS d90_plus,
                sum(due) AS total
           FROM open GROUP BY client_id
          ORDER BY total DESC, client_name`,
        [this.invoices.today()],
      );
    return rows.map((row) => ({
      clientId: row.client_id,
      clientName: row.client_name,
      current: moneyJson(row.current),
      d1_30: moneyJson(row.d1_30),
      d31_60: moneyJson(row.d31_60),
      d61_90: moneyJson(row.d61_90),
      d90_plus: moneyJson(row.d90_plus),
      total: moneyJson(row.total),
    }));
  }
}

function periodError(message: string): AppException {
  return new AppException(ErrorCode.ValidationFailed, message, { fields: [{ field: 'from', messages: [message] }] });
}
