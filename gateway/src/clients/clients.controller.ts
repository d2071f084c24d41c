import {
  BillingClient,
  CreateClientDto,
  ListClientsDto,
  OrdersClient,
  Permission,
  StatementQueryDto,
  UpdateClientDto,
  type ClientDetailDto,
  type ClientDto,
  type RpcMeta,
  type StatementDto,
  type UserDto,
} from '@erp/contracts';
import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequireAllPermissions, RequirePermission } from '../auth/access.decorators.js';
import { pdfDownload } from '../common/file-reply.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { ExportFormatParam, listAnswer, type ExportColumn, type ExportFormat } from '../common/table-export.js';
import { idempotencyOf, userScope } from '../common/idempotency-key.js';
import { CurrentUser, RequestMeta } from '../common/request-meta.decorator.js';
import { GatewayConfig } from '../config/gateway.config.js';

class ClientsQuery extends ListClientsDto {
  @ExportFormatParam()
  format?: ExportFormat;
}

/** The columns of the clients export. */
const clientColumns: Array<ExportColumn<ClientDto>> = [
  { header: { en: 'Name', ar: 'الاسم' }, width: 28, value: (client) => client.name },
  { header: { en: 'Arabic name', ar: 'الاسم بالعربية' }, width: 28, value: (client) => client.nameAr },
  { header: { en: 'Phone', ar: 'رقم الجوال' }, value: (client) => client.phone },
  { header: { en: 'Email', ar: 'البريد الإلكتروني' }, width: 26, value: (client) => client.email },
  { header: { en: 'Address', ar: 'العنوان' }, width: 32, value: (client) => client.address },
  { header: { en: 'VAT number', ar: 'الرقم الضريبي' }, value: (client) => client.vatNumber },
  {
    header: { en: 'Payment terms (days)', ar: 'مدة السداد (بالأيام)' },
    kind: 'number',
    value: (client) => client.paymentTermsDays,
  },
  { header: { en: 'Credit limit', ar: 'الحد الائتماني' }, kind: 'money', value: (client) => client.creditLimit },
  { header: { en: 'Notes', ar: 'ملاحظات' }, width: 32, value: (client) => client.notes },
  // The national address, column by column as the import reads it (an export comes back in whole).
  { header: { en: 'Street', ar: 'الشارع' }, width: 24, value: (client) => client.nationalAddress?.street ?? null },
  {
    header: { en: 'Building number', ar: 'رقم المبنى' },
    value: (client) => client.nationalAddress?.buildingNumber ?? null,
  },
  {
    header: { en: 'Additional number', ar: 'الرقم الإضافي' },
    value: (client) => client.nationalAddress?.additionalNumber ?? null,
  },
  { header: { en: 'District', ar: 'الحي' }, value: (client) => client.nationalAddress?.district ?? null },
  { header: { en: 'City', ar: 'المدينة' }, value: (client) => client.nationalAddress?.city ?? null },
  { header: { en: 'Postal code', ar: 'الرمز البريدي' }, value: (client) => client.nationalAddress?.postalCode ?? null },
  { header: { en: 'Added', ar: 'تاريخ الإضافة' }, kind: 'date', value: (client) => client.createdAt },
];

/** Clients (SPEC §2 Clients), kept by the orders service. */
@Controller('clients')
export class ClientsController {
  constructor(
    private readonly orders: OrdersClient,
    private readonly billing: BillingClient,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * A bare array, newest first unless sorted (CONTRACT §4b, §13); X-Total-Count when a limit is
   * asked; `format=csv|xlsx` downloads every client the search matches, headers in the language of
   * Accept-Language.
   */
  @RequirePermission(Permission.ClientsRead)
  @Get()
  async list(
    @Query() query: ClientsQuery,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ClientDto[] | Buffer> {
    const request = {
      query,
      acceptLanguage,
      timeZone: this.config.BUSINESS_TIME_ZONE,
      name: 'clients',
      columns: () => clientColumns,
    };
    return listAnswer(reply, request, (list) => this.orders.listClients(list, meta));
  }

  /** A new client. With an Idempotency-Key header, a retry of the same body answers the first client. */
  @RequirePermission(Permission.ClientsWrite)
  @Post()
  @HttpCode(201)
  create(
    @Body() dto: CreateClientDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @CurrentUser() user: UserDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<ClientDto> {
    const idempotency = idempotencyOf(
      idempotencyKey,
      userScope(user),
      request.body,
      this.config.IDEMPOTENCY_TTL_SECONDS,
    );
    return this.orders.createClient({ ...dto, ...(idempotency ? { idempotency } : {}) }, meta);
  }

  /** The client with its balance and overdue balance (CONTRACT §11), kept by billing. */
  @RequirePermission(Permission.ClientsRead)
  @Get(':id')
  async get(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<ClientDetailDto> {
    const [client, activity, [owed]] = await Promise.all([
      this.orders.getClient(id, meta),
      this.orders.getClientActivity(id, meta),
      this.billing.getClientBalances([id], meta),
    ]);
    return { ...client, ...activity, balance: owed!.balance, overdueBalance: owed!.overdueBalance };
  }

  /**
   * The client's statement for a period (CONTRACT §11): opening balance, every invoice, credit
   * note and payment with the running balance, closing balance; `format=pdf` as a bilingual PDF.
   */
  @RequireAllPermissions(Permission.ClientsRead, Permission.InvoicesRead)
  @Get(':id/statement')
  async statement(
    @Param('id', ParseIdPipe) id: string,
    @Query() query: StatementQueryDto,
    @RequestMeta() meta: RpcMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StatementDto | Buffer> {
    if (query.format === 'pdf') return pdfDownload(reply, await this.billing.getStatementPdf(id, query, meta));
    return this.billing.getStatement(id, query, meta);
  }

  /** The changed fields; `priceListId: null` takes the client off its price list (CONTRACT §10). */
  @RequirePermission(Permission.ClientsWrite)
  @Patch(':id')
  update(
    @Param('id', ParseIdPipe) id: string,
    @Body() dto: UpdateClientDto,
    @RequestMeta() meta: RpcMeta,
  ): Promise<ClientDto> {
    return this.orders.updateClient(id, dto, meta);
  }

  /** Deletes a client that has no orders: 204; 409 ORDERS_CLIENT_HAS_ORDERS while it has any (CONTRACT §13). */
  @RequirePermission(Permission.ClientsWrite)
  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', ParseIdPipe) id: string, @RequestMeta() meta: RpcMeta): Promise<void> {
    await this.orders.deleteClient(id, meta);
  }
}
