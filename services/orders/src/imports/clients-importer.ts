import {
  checkAgainst,
  ImportRowRefusal,
  nameKey,
  phoneKey,
  type CheckedRow,
  type ImportWriter,
  type RowOutcome,
} from '@erp/common';
import { CreateClientDto, UpdateClientDto, type ImportRowDto, type ImportRowErrorDto } from '@erp/contracts';
import type { EntityManager } from 'typeorm';
import type { ClientEntity } from '../clients/client.entity.js';
import type { ClientsRepository } from '../clients/clients.repository.js';
import type { ClientsService } from '../clients/clients.service.js';

/** A checked row: its changes, and the whole client when it is new (or why it cannot be one). */
type ClientRow = {
  name: string;
  phone: string | undefined;
  create: CreateClientDto | ImportRowErrorDto[];
  changes: UpdateClientDto;
};

const clientFields = ['name', 'nameAr', 'phone', 'email', 'address', 'notes', 'creditLimit', 'vatNumber'] as const;
const addressFields = ['street', 'buildingNumber', 'additionalNumber', 'district', 'city', 'postalCode'] as const;

/** The row's values as the client form sends them: numbers as numbers, the address as one object. */
function plainOf(values: Record<string, string>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const field of clientFields) if (values[field] !== undefined) plain[field] = values[field];
  const terms = values.paymentTermsDays;
  if (terms !== undefined) plain.paymentTermsDays = /^\d{1,9}$/.test(terms) ? Number(terms) : terms;
  if (addressFields.some((field) => values[field] !== undefined)) {
    plain.nationalAddress = Object.fromEntries(
      addressFields.filter((field) => values[field] !== undefined).map((field) => [field, values[field]]),
    );
  }
  return plain;
}

/** `nationalAddress.city` → `city`: an error names the column it came from. */
const columnOf = (path: string) => path.replace(/^nationalAddress\./, '');

/**
 * Clients from a spreadsheet (CONTRACT §13): upserted by name (without case or extra spaces) and
 * phone (phoneKey); a new client takes the client form's rules, one that exists the columns the
 * file has (an empty cell leaves the field as it is).
 */
export class ClientsImporter implements ImportWriter<ClientRow> {
  constructor(
    private readonly clients: ClientsRepository,
    private readonly service: ClientsService,
    private readonly actorId: string | undefined,
  ) {}

  keyOf(row: ImportRowDto): string | null {
    const name = row.values.name?.trim();
    return name ? `${nameKey(name)}|${phoneKey(row.values.phone)}` : null;
  }

  duplicateError(row: ImportRowDto, firstRow: number): ImportRowErrorDto {
    return {
      row: row.row,
      field: 'name',
      code: 'duplicate',
      message: `Client ${row.values.name?.trim()} with this phone is already on row ${firstRow} of this file`,
      params: { firstRow },
    };
  }

  /**
   * The row as changes to a client that may exist; as a new client it must also pass the create
   * form's rules (a VAT number with its national address), which only matter when it is new.
   */
  check(row: ImportRowDto): ClientRow | ImportRowErrorDto[] {
    const plain = plainOf(row.values);
    const name = row.values.name?.trim();
    if (!name) return [{ row: row.row, field: 'name', code: 'required', message: 'name is required' }];
    const changes = checkAgainst(UpdateClientDto, plain, row.row, columnOf);
    if (Array.isArray(changes)) return changes;
    return { name, phone: row.values.phone, create: checkAgainst(CreateClientDto, plain, row.row, columnOf), changes };
  }

  async write(rows: ReadonlyArray<CheckedRow<ClientRow>>, manager: EntityManager): Promise<RowOutcome[]> {
    const existing = await this.clients.lockByNames(
      rows.map(({ value }) => value.name),
      manager,
    );
    const byKey = new Map<string, ClientEntity>();
    for (const client of existing) {
      const key = `${nameKey(client.name)}|${phoneKey(client.phone)}`;
      if (!byKey.has(key)) byKey.set(key, client);
    }
    const outcomes: RowOutcome[] = [];
    for (const { value } of rows) {
      const key = `${nameKey(value.name)}|${phoneKey(value.phone)}`;
      const client = byKey.get(key);
      if (client) {
        await this.service.applyChanges(client, value.changes, manager);
        outcomes.push('updated');
      } else if (Array.isArray(value.create)) {
        throw ImportRowRefusal.of(value.create);
      } else {
        byKey.set(key, await this.service.insertNew(value.create, this.actorId, manager));
        outcomes.push('created');
      }
    }
    return outcomes;
  }
}
