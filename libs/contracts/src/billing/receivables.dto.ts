import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { OptionalDateField } from '../common/date-fields.js';
import { EmptyToUndefined } from '../common/transforms.js';
import type { PaymentMethod } from './payment.dto.js';

/** GET /api/clients/{id}/statement?from=&to=&format=: a period's statement, JSON or a bilingual PDF. */
export class StatementQueryDto {
  /** Inclusive days (YYYY-MM-DD, business time zone); default: the 90 days to today. */
  @OptionalDateField('from')
  from?: string;

  @OptionalDateField('to')
  to?: string;

  @EmptyToUndefined()
  @IsOptional()
  @IsIn(['json', 'pdf'], { message: 'format must be json or pdf' })
  format?: 'json' | 'pdf';
}

export class StatementRequestDto extends StatementQueryDto {
  @IsUUID()
  clientId: string;
}

export const statementLineTypes = ['invoice', 'opening_balance', 'credit_note', 'write_off', 'payment'] as const;
export type StatementLineType = (typeof statementLineTypes)[number];

/**
 * One entry: an invoice or an opening balance is a debit; a credit note, a write-off or a payment a credit.
 * Money: 2-decimal strings.
 */
export interface StatementLineDto {
  /** YYYY-MM-DD: the issue day, or the day the money came. */
  date: string;
  type: StatementLineType;
  /** The document's number; a payment's is the invoice it paid. */
  number: string;
  /**
   * A payment's reference (transfer or cheque number), a credit note's invoice number, an opening
   * balance's invoice number in the previous system, the opening balance a write-off takes off;
   * else null.
   */
  reference: string | null;
  /** A payment's method; null for documents. */
  method: PaymentMethod | null;
  debit: string;
  credit: string;
  /** What the client owes after this entry. */
  balance: string;
}

/** CONTRACT §11's statement: what the client owed before `from`, each entry of the period, and after. */
export interface StatementDto {
  clientId: string;
  clientName: string;
  from: string;
  to: string;
  currency: string;
  openingBalance: string;
  lines: StatementLineDto[];
  closingBalance: string;
}

/**
 * GET /api/receivables/aging: per client, what is left to pay on its customer invoices, by how
 * long past their due date (`current`: not yet due). Money: 2-decimal strings.
 */
export interface AgingRowDto {
  clientId: string;
  clientName: string;
  current: string;
  d1_30: string;
  d31_60: string;
  d61_90: string;
  d90_plus: string;
  total: string;
}
