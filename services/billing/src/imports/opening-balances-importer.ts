import {
  addDays,
  checkAgainst,
  dec,
  ImportRowRefusal,
  moneyColumn,
  nameKey,
  phoneKey,
  type CheckedRow,
  type ImportWriter,
  type RowOutcome,
} from '@erp/common';
import {
  DateField,
  IsDecimalInput,
  type ClientDto,
  type CompanySettingsDto,
  type ImportRowDto,
  type ImportRowErrorDto,
  type ImportRule,
  type RpcMeta,
} from '@erp/contracts';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { sellerOf, type InvoicesService } from '../invoices/invoices.service.js';

/** One row of the file as the checks read it (docs/decisions/0022). */
class OpeningBalanceRow {
  @IsString()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200)
  name: string;

  @IsOptional()
  @IsString()
  phone?: string;

  @IsString()
  @IsNotEmpty({ message: 'reference is required: the invoice number in the previous system' })
  @MaxLength(60)
  reference: string;

  @IsDecimalInput({ scale: 2, integerDigits: 12, positive: true })
  amount: string;

  @DateField('issuedAt')
  issuedAt: string;

  @IsOptional()
  @DateField('dueDate')
  dueDate?: string;
}

/** What billing needs from outside to write the rows: the clients by name, the seller, today. */
export interface OpeningBalanceSources {
  findClients(names: string[], meta: RpcMeta): Promise<ClientDto[]>;
  settings(meta: RpcMeta): Promise<CompanySettingsDto>;
  /** Today in the business time zone (YYYY-MM-DD). */
  today(): string;
}

const referenceKey = (clientId: string, reference: string) => `${clientId}|${reference.trim().toLowerCase()}`;

function refusal(field: string, code: 'invalid' | 'unknown', rule: ImportRule | null, message: string) {
  return new ImportRowRefusal(field, code, message, [], rule ? { rule } : undefined);
}

/**
 * Opening balances from a spreadsheet (CONTRACT §13, docs/decisions/0022): one row per invoice of
 * the previous system still owed, written as an `opening_balance` document of the client it names
 * (matched by name, and by phone when several clients share the name; never made here). A row
 * brought in before with the same values changes nothing; with other values it is refused, since
 * no issued document changes.
 */
export class OpeningBalancesImporter implements ImportWriter<OpeningBalanceRow> {
  private readonly clientsByName = new Map<string, ClientDto[]>();
  private seller: CompanySettingsDto | null = null;

  constructor(
    private readonly invoices: InvoicesService,
    private readonly sources: OpeningBalanceSources,
    private readonly meta: RpcMeta,
  ) {}

  keyOf(row: ImportRowDto): string | null {
    const { name, phone, reference } = row.values;
    if (!name?.trim() || !reference?.trim()) return null;
    return `${nameKey(name)}|${phoneKey(phone)}|${reference.trim().toLowerCase()}`;
  }

  duplicateError(row: ImportRowDto, firstRow: number): ImportRowErrorDto {
    return {
      row: row.row,
      field: 'reference',
      code: 'duplicate',
      message: `Invoice ${row.values.reference?.trim()} of ${row.values.name?.trim()} is already on row ${firstRow} of this file`,
      params: { firstRow },
    };
  }

  check(row: ImportRowDto): OpeningBalanceRow | ImportRowErrorDto[] {
    const amount = row.values.amount?.trim();
    if (amount && /^-\s*\d/.test(amount)) {
      return [
        {
          row: row.row,
          field: 'amount',
          code: 'invalid',
          message:
            'A negative amount is money the client has on account, which cannot be brought in yet: import what clients owe',
          params: { rule: 'credit-balance' },
        },
      ];
    }
    const checked = checkAgainst(OpeningBalanceRow, { ...row.values }, row.row);
    if (Array.isArray(checked)) return checked;
    const problem = (field: string, rule: ImportRule, message: string): ImportRowErrorDto[] => [
      { row: row.row, field, code: 'invalid', message, params: { rule } },
    ];
    if (checked.issuedAt > this.sources.today()) {
      return problem('issuedAt', 'future-date', 'issuedAt must not be after today: the date of the old invoice');
    }
    if (checked.dueDate && checked.dueDate < checked.issuedAt) {
      return problem('dueDate', 'due-before-issue', 'dueDate must not be before issuedAt');
    }
    return checked;
  }

  async write(rows: ReadonlyArray<CheckedRow<OpeningBalanceRow>>, manager: EntityManager): Promise<RowOutcome[]> {
    await this.loadClients(rows.map(({ value }) => value.name));
    const seller = (this.seller ??= await this.sources.settings(this.meta));
    const earlier = await this.earlierOf(rows, manager);
    const outcomes: RowOutcome[] = [];
    for (const { value } of rows) {
      const client = this.clientOf(value);
      const existing = earlier.get(referenceKey(client.id, value.reference));
      const amount = moneyColumn(dec(value.amount));
      const dueDate = value.dueDate ?? addDays(value.issuedAt, client.paymentTermsDays ?? 0);
      if (existing) {
        const same =
          existing.totalAmount === amount &&
          existing.dueDate === dueDate &&
          existing.issuedAt.toISOString().slice(0, 10) === value.issuedAt;
        if (!same) {
          throw refusal(
            'reference',
            'invalid',
            'already-imported',
            `Invoice ${value.reference.trim()} of ${client.name} was brought in before (${existing.invoiceNumber}, ${existing.totalAmount}) with other values; an opening balance never changes`,
          );
        }
        outcomes.push('updated');
        continue;
      }
      await this.invoices.issue(
        'OB',
        {
          type: 'opening_balance',
          orderId: null,
          orderNumber: null,
          receiptId: null,
          clientId: client.id,
          clientName: client.name,
          buyer: {
            name: client.name,
            nameAr: client.nameAr,
            vatNumber: client.vatNumber,
            nationalAddress: client.nationalAddress,
          },
          supplierId: null,
          supplierName: null,
          supplierInvoiceNumber: null,
          reference: value.reference.trim(),
          subtotal: amount,
          taxRate: '0.00',
          taxAmount: '0.00',
          totalAmount: amount,
          currency: seller.currency,
          seller: sellerOf(seller),
          uploadedFileUrl: null,
          commitCycle: null,
          originalInvoiceId: null,
          originalInvoiceNumber: null,
          reason: null,
          reasonText: null,
          returnId: null,
          dueDate,
        },
        [],
        // Noon UTC: the same day in every Gulf time zone, as a payment given only its day.
        new Date(`${value.issuedAt}T12:00:00Z`),
        this.meta,
        manager,
      );
      outcomes.push('created');
    }
    return outcomes;
  }

  /** The opening balances these rows' clients already have under these references, by referenceKey. */
  private async earlierOf(
    rows: ReadonlyArray<CheckedRow<OpeningBalanceRow>>,
    manager: EntityManager,
  ): Promise<Map<string, InvoiceEntity>> {
    const clientIds = [...new Set(rows.flatMap(({ value }) => this.clientsByName.get(nameKey(value.name)) ?? []))].map(
      (client) => client.id,
    );
    if (clientIds.length === 0) return new Map();
    const found = await manager
      .getRepository(InvoiceEntity)
      .createQueryBuilder('invoice')
      .where(`invoice.type = 'opening_balance' AND invoice.clientId IN (:...clientIds)`, { clientIds })
      .andWhere('lower(invoice.reference) IN (:...references)', {
        references: rows.map(({ value }) => value.reference.trim().toLowerCase()),
      })
      .getMany();
    return new Map(found.map((invoice) => [referenceKey(invoice.clientId!, invoice.reference!), invoice]));
  }

  private async loadClients(names: string[]): Promise<void> {
    const missing = [...new Set(names.map(nameKey))].filter((name) => !this.clientsByName.has(name));
    if (missing.length === 0) return;
    for (const name of missing) this.clientsByName.set(name, []);
    for (const client of await this.sources.findClients(missing, this.meta)) {
      this.clientsByName.get(nameKey(client.name))?.push(client);
    }
  }

  /** The one client the row names, or why not: none by that name (and phone), or several. */
  private clientOf(row: OpeningBalanceRow): ClientDto {
    const named = this.clientsByName.get(nameKey(row.name)) ?? [];
    const phone = phoneKey(row.phone);
    const matching = phone ? named.filter((client) => phoneKey(client.phone) === phone) : named;
    if (matching.length === 1) return matching[0]!;
    if (matching.length === 0) {
      throw refusal(
        'name',
        'unknown',
        null,
        `No client is named ${row.name.trim()}${phone ? ' with this phone' : ''}: add the client or import clients first`,
      );
    }
    throw refusal(
      'name',
      'invalid',
      'several-clients',
      `${matching.length} clients are named ${row.name.trim()}: give the client's phone to say which`,
    );
  }
}
