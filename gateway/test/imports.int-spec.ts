import type {
  AgingRowDto,
  ClientDto,
  ImportDto,
  InvoiceDto,
  Permission,
  StatementDto,
  StockItemDto,
} from '@erp/contracts';
import { TEST_OWNER_PASSWORD } from '@erp/testing';
import { readSheet } from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayStack } from './gateway-stack.js';
import { HttpClient, json } from './http-client.js';

/**
 * Spreadsheet imports (CONTRACT §13) through the real gateway, inventory and orders services,
 * PostgreSQL and Redis: dry runs, upserts, per-row errors, both file types, Arabic headers and
 * digits, bad files, and 20,000 rows.
 */
describe('imports', () => {
  let stack: GatewayStack;
  let owner: HttpClient;
  const marker = `IMP${Date.now() % 100000}`;

  const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8').toString('base64');

  async function start(body: Record<string, unknown>, as: HttpClient = owner): Promise<string> {
    const response = await as.post('/api/imports', body);
    expect(response.status, await response.clone().text()).toBe(202);
    return (await json<{ id: string }>(response)).id;
  }

  async function finished(id: string, as: HttpClient = owner): Promise<ImportDto> {
    for (let attempt = 0; attempt < 1200; attempt += 1) {
      const response = await as.get(`/api/imports/${id}`);
      expect(response.status).toBe(200);
      const found = await json<ImportDto>(response);
      if (found.status === 'done' || found.status === 'failed') return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`import ${id} did not finish`);
  }

  const run = async (body: Record<string, unknown>, as: HttpClient = owner) => finished(await start(body, as), as);

  async function stockBySku(sku: string): Promise<StockItemDto | undefined> {
    const found = await json<StockItemDto[]>(await owner.get(`/api/stock?search=${encodeURIComponent(sku)}`));
    return found.find((item) => item.sku.toLowerCase() === sku.toLowerCase());
  }

  beforeAll(async () => {
    stack = await GatewayStack.start();
    owner = new HttpClient(stack.baseUrl);
    expect((await owner.login('owner', TEST_OWNER_PASSWORD)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('reads Arabic headers, Arabic digits, dd/mm/yyyy dates and unit words; a dry run writes nothing', async () => {
    const file = csv([
      'رمز الصنف,اسم الصنف,الاسم بالعربية,الوحدة,الكمية,سعر البيع,سعر التكلفة,رقم التشغيلة,تاريخ الانتهاء,وحدة العبوة,عدد الوحدات في العبوة,سعر العبوة',
      `${marker}-MILK,Almarai Milk 1L,حليب المراعي ١ لتر,حبة,٤٠,٥٫٧٥,4.10,B-77,31/12/2027,كرتون,١٢,66.00`,
      `${marker}-RICE,"Basmati Rice, 5kg",أرز بسمتي ٥ كغ,كيس,"1,250",42.00,35.00,,,,,`,
    ]);
    const dry = await run({ kind: 'stock-items', fileBase64: file, fileName: 'opening.csv', dryRun: true });
    expect(dry).toMatchObject({
      status: 'done',
      dryRun: true,
      total: 2,
      processed: 2,
      created: 2,
      updated: 0,
      failed: 0,
    });
    expect(dry.errors).toEqual([]);
    expect(dry.columns.map((column) => column.field)).toEqual([
      'sku',
      'name',
      'nameAr',
      'unit',
      'quantity',
      'sellingPrice',
      'costPrice',
      'batchNumber',
      'expiryDate',
      'packUnit',
      'packFactor',
      'packPrice',
    ]);
    expect(dry.preview[0]).toMatchObject({ row: 2, values: { quantity: '40', sellingPrice: '5.75', unit: 'piece' } });
    expect(await stockBySku(`${marker}-MILK`)).toBeUndefined();

    const done = await run({ kind: 'stock-items', fileBase64: file, fileName: 'opening.csv' });
    expect(done).toMatchObject({ status: 'done', dryRun: false, created: 2, updated: 0, failed: 0 });
    const milk = (await stockBySku(`${marker}-MILK`))!;
    expect(milk).toMatchObject({
      name: 'Almarai Milk 1L',
      nameAr: 'حليب المراعي ١ لتر',
      unit: 'piece',
      quantity: 40,
      sellingPrice: '5.75',
      batchNumber: 'B-77',
      expiryDate: '2027-12-31',
    });
    expect(milk.packs).toMatchObject([{ unit: 'carton', factor: 12, sellingPrice: '66.00' }]);
    expect(await stockBySku(`${marker}-RICE`)).toMatchObject({
      name: 'Basmati Rice, 5kg',
      unit: 'bag',
      quantity: 1250,
    });
  });

  it('upserts by SKU: a second file updates what exists, creates what does not, and refuses bad rows alone', async () => {
    const file = csv([
      'sku,selling_price,Quantity,name,unit,Pack Unit,Pack Size,Pack Barcode',
      `${marker.toLowerCase()}-milk,6.00,,,,,,`,
      `${marker}-SUGAR,3.25,100,Sugar 1kg,bag,carton,10,${marker}0001`,
      `${marker}-BAD1,abc,5,Bad price,piece,,,`,
      `${marker}-BAD2,1.00,5,Bad unit,barrel,,,`,
      `${marker}-SUGAR,3.30,100,Sugar again,bag,,,`,
      `${marker}-TEA,9.00,5,Tea,box,carton,20,${marker}0001`,
      `${marker}-NONAME,1.00,5,,,,,`,
    ]);
    const done = await run({ kind: 'stock-items', fileBase64: file });
    expect(done).toMatchObject({ total: 7, processed: 7, created: 1, updated: 1, failed: 5 });
    expect(done.errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 4, field: 'sellingPrice', code: 'invalid' },
      { row: 5, field: 'unit', code: 'invalid' },
      { row: 6, field: 'sku', code: 'duplicate' },
      { row: 7, field: 'packBarcode', code: 'taken' },
      { row: 8, field: 'name', code: 'required' },
    ]);
    expect(done.errors[2]!.message).toContain('row 3');
    expect(await stockBySku(`${marker}-MILK`)).toMatchObject({
      sellingPrice: '6.00',
      quantity: 40,
      name: 'Almarai Milk 1L',
    });
    expect(await stockBySku(`${marker}-SUGAR`)).toMatchObject({ sellingPrice: '3.25', quantity: 100 });
    // The refused row left nothing behind, though its item row came before its pack's barcode.
    expect(await stockBySku(`${marker}-TEA`)).toBeUndefined();
    expect(await stockBySku(`${marker}-BAD1`)).toBeUndefined();

    // The error report, in Arabic: row, the column's Arabic label, the problem.
    const report = await owner.request('GET', `/api/imports/${done.id}?format=csv`, undefined, {
      'accept-language': 'ar',
    });
    expect(report.status).toBe(200);
    const lines = Buffer.from(await report.arrayBuffer())
      .toString('utf8')
      .slice(1)
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('الصف,العمود,المشكلة,التفاصيل');
    expect(lines[1]).toMatch(/^4,سعر البيع,قيمة غير صحيحة,اكتب رقمًا/);
    expect(lines).toHaveLength(6);
  });

  it('imports price-list prices: lists made by name, units checked against packs, an upsert that leaves other prices alone', async () => {
    const listName = `${marker} HORECA`;
    const file = csv([
      'قائمة الأسعار,رمز الصنف,الوحدة,السعر',
      `${listName},${marker}-MILK,,٥٫٥٠`,
      `${listName},${marker}-MILK,كرتون,63.00`,
      `${listName.toLowerCase()},${marker}-SUGAR,bag,3.10`,
      `${listName},${marker}-MILK,carton,64.00`,
      `${listName},${marker}-NOPE,piece,1.00`,
      `${listName},${marker}-SUGAR,piece,1.00`,
      `${listName},${marker}-RICE,bag,-2`,
      `,${marker}-RICE,bag,40.00`,
    ]);
    const dry = await run({ kind: 'price-list', fileBase64: file, dryRun: true });
    expect(dry).toMatchObject({ status: 'done', created: 3, updated: 0, failed: 5 });
    expect(dry.columns.map((column) => column.field)).toEqual(['priceList', 'sku', 'unit', 'price']);
    const lists = async () =>
      json<Array<{ id: string; name: string; itemCount: number }>>(await owner.get('/api/price-lists'));
    expect((await lists()).find((list) => list.name === listName)).toBeUndefined();

    const done = await run({ kind: 'price-list', fileBase64: file });
    expect(done).toMatchObject({ status: 'done', created: 3, updated: 0, failed: 5 });
    expect(done.errors.map(({ row, field, code }) => ({ row, field, code }))).toEqual([
      { row: 5, field: 'sku', code: 'duplicate' },
      { row: 6, field: 'sku', code: 'unknown' },
      { row: 7, field: 'unit', code: 'invalid' },
      { row: 8, field: 'price', code: 'invalid' },
      { row: 9, field: 'priceList', code: 'required' },
    ]);
    expect(done.errors[2]!.message).toContain('bag, carton');
    // Each problem in Arabic too, from its code, its column's type and its params.
    expect(done.errors.map((error) => error.messageAr)).toEqual([
      'هذا الصف مكرر: ورد مثله في الصف 3 من الملف، فاستُورد ذلك الصف وحده.',
      'لا يوجد في المخزون صنف بهذا الرمز.',
      'لا يُباع هذا الصنف بهذه الوحدة. وحداته: كيس، كرتون.',
      'اكتب رقمًا لا يقل عن صفر، بخانتين عشريتين على الأكثر، مثل 12.50 أو ١٢٫٥٠.',
      '«قائمة الأسعار» مطلوب في هذا الصف.',
    ]);
    const list = (await lists()).find((found) => found.name === listName)!;
    expect(list.itemCount).toBe(3);
    const prices = async () =>
      (
        await json<{ items: Array<{ sku: string; unit: string; price: string }> }>(
          await owner.get(`/api/price-lists/${list.id}`),
        )
      ).items
        .map(({ sku, unit, price }) => `${sku} ${unit} ${price}`)
        .sort();
    expect(await prices()).toEqual([
      `${marker}-MILK carton 63.00`,
      `${marker}-MILK piece 5.50`,
      `${marker}-SUGAR bag 3.10`,
    ]);

    // A second file changes one price and adds one; the prices it does not name stay.
    const again = await run({
      kind: 'price-list',
      fileBase64: csv([
        'Price List,SKU,Unit,Price',
        `${listName},${marker}-SUGAR,bag,3.20`,
        `${listName},${marker}-SUGAR,carton,30.00`,
      ]),
    });
    expect(again).toMatchObject({ created: 1, updated: 1, failed: 0 });
    expect(await prices()).toEqual([
      `${marker}-MILK carton 63.00`,
      `${marker}-MILK piece 5.50`,
      `${marker}-SUGAR bag 3.20`,
      `${marker}-SUGAR carton 30.00`,
    ]);

    // The list's Arabic export is the import's own columns (units in Arabic words), and comes back in.
    const exported = await owner.request('GET', `/api/price-lists/${list.id}?format=csv`, undefined, {
      'accept-language': 'ar',
    });
    expect(exported.status).toBe(200);
    const text = Buffer.from(await exported.arrayBuffer()).toString('utf8');
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('قائمة الأسعار,رمز الصنف (SKU),الصنف,الصنف بالعربية,الوحدة,السعر');
    expect(lines).toContain(`${listName},${marker}-MILK,Almarai Milk 1L,حليب المراعي ١ لتر,كرتون,63.00`);
    const edited = text.replace(
      `${marker}-MILK,Almarai Milk 1L,حليب المراعي ١ لتر,كرتون,63.00`,
      `${marker}-MILK,Almarai Milk 1L,حليب المراعي ١ لتر,كرتون,62.50`,
    );
    const back = await run({ kind: 'price-list', fileBase64: Buffer.from(edited, 'utf8').toString('base64') });
    expect(back).toMatchObject({ created: 0, updated: 4, failed: 0 });
    expect(await prices()).toContain(`${marker}-MILK carton 62.50`);
    expect((await owner.get(`/api/price-lists/${list.id}?format=pdf`)).status).toBe(400);
  });

  it('imports clients from an XLSX workbook, upserting by name and phone, and takes its own export back', async () => {
    const header = [
      'Client Name',
      'Phone',
      'Payment terms (days)',
      'Credit limit',
      'VAT number',
      'Street',
      'Building number',
      'District',
      'City',
      'Postal code',
    ];
    const rows = [
      [`${marker} Baraka Foods`, '+966 50 123 4567', '30', '15000', '', '', '', '', '', ''],
      [
        `${marker} Al Waha Market`,
        '0559876543',
        '٤٥',
        '',
        '300000000000003',
        'King Fahd Rd',
        '1234',
        'Olaya',
        'Riyadh',
        '12211',
      ],
      [`${marker} Cafe Noor`, '', 'forty', '', '', '', '', '', '', ''],
      [`${marker} VAT no address`, '0551112223', '', '', '300000000000003', '', '', '', '', ''],
    ];
    const workbook = await writeExcelFile([header, ...rows].map((row) => row.map((value) => ({ value })))).toBuffer();
    const first = await run({ kind: 'clients', fileBase64: workbook.toString('base64'), fileName: 'clients.xlsx' });
    expect(first).toMatchObject({ total: 4, created: 2, updated: 0, failed: 2 });
    expect(first.errors.map(({ row, field }) => ({ row, field }))).toEqual([
      { row: 4, field: 'paymentTermsDays' },
      { row: 5, field: 'nationalAddress' },
    ]);

    // The same client, its phone written another way: updated, not made twice.
    const again = await run({
      kind: 'clients',
      fileBase64: csv(['name,phone,credit_limit', `${marker} Baraka Foods,0501234567,20000`]),
    });
    expect(again).toMatchObject({ created: 0, updated: 1, failed: 0 });
    const clients = await json<ClientDto[]>(await owner.get(`/api/clients?search=${encodeURIComponent(marker)}`));
    expect(clients).toHaveLength(2);
    expect(clients.find((client) => client.name.endsWith('Baraka Foods'))).toMatchObject({
      creditLimit: '20000.00',
      paymentTermsDays: 30,
    });
    expect(clients.find((client) => client.name.endsWith('Al Waha Market'))).toMatchObject({
      paymentTermsDays: 45,
      vatNumber: '300000000000003',
      nationalAddress: { city: 'Riyadh', postalCode: '12211' },
    });

    // Export → import: every column the export has is read back; nothing new is made.
    for (const language of ['en', 'ar']) {
      const exported = await owner.request('GET', `/api/clients?search=${marker}&format=xlsx`, undefined, {
        'accept-language': language,
      });
      const bytes = Buffer.from(await exported.arrayBuffer());
      expect((await readSheet(bytes))[0]).toContain(language === 'ar' ? 'رقم الجوال' : 'Phone');
      const back = await run({ kind: 'clients', fileBase64: bytes.toString('base64') });
      expect(back, JSON.stringify(back)).toMatchObject({ created: 0, updated: 2, failed: 0 });
    }
  });

  it('brings in opening balances: one document per old invoice, settled, aged and stated like an invoice, never changed', async () => {
    const client = async (body: Record<string, unknown>) => {
      const response = await owner.post('/api/clients', body);
      expect(response.status, await response.clone().text()).toBe(201);
      return json<ClientDto>(response);
    };
    const rayyan = await client({ name: `${marker} Rayyan Grocery`, phone: '0501110001', paymentTermsDays: 30 });
    await client({ name: `${marker} Twin Market`, phone: '0502220001' });
    const twin = await client({ name: `${marker} Twin Market`, phone: '0502220002' });
    const file = csv([
      'اسم العميل,رقم الجوال,رقم الفاتورة,المبلغ المستحق,تاريخ الفاتورة,تاريخ الاستحقاق',
      `${marker} Rayyan Grocery,,OLD-1001,"1,150.00",15/01/2026,`,
      `${marker} rayyan grocery,,OLD-1002,٢٠٠٫٥٠,01/11/2026,31/12/2099`,
      `${marker} Twin Market,,OLD-7,100,01/10/2026,`,
      `${marker} Twin Market,٠٥٠٢٢٢٠٠٠٢,OLD-7,100,01/10/2026,`,
      `${marker} Nobody,,X-1,50,01/10/2026,`,
      `${marker} Rayyan Grocery,,OLD-1003,-75,01/10/2026,`,
      `${marker} Rayyan Grocery,,old-1001,10,01/10/2026,`,
      `${marker} Rayyan Grocery,,OLD-1004,10,01/01/2099,`,
      `${marker} Rayyan Grocery,,OLD-1005,10,01/10/2026,01/09/2026`,
    ]);
    const openingBalances = async (clientId: string) =>
      json<InvoiceDto[]>(await owner.get(`/api/invoices?type=opening_balance&clientId=${clientId}&sort=issuedAt:asc`));

    const dry = await run({ kind: 'opening-balances', fileBase64: file, dryRun: true });
    expect(dry, JSON.stringify(dry.errors)).toMatchObject({ total: 9, created: 3, updated: 0, failed: 6 });
    expect(await openingBalances(rayyan.id)).toEqual([]);

    const done = await run({ kind: 'opening-balances', fileBase64: file });
    expect(done).toMatchObject({ created: 3, failed: 6 });
    expect(done.errors.map(({ row, field, code, params }) => ({ row, field, code, rule: params?.rule }))).toEqual([
      { row: 4, field: 'name', code: 'invalid', rule: 'several-clients' },
      { row: 6, field: 'name', code: 'unknown', rule: undefined },
      { row: 7, field: 'amount', code: 'invalid', rule: 'credit-balance' },
      { row: 8, field: 'reference', code: 'duplicate', rule: undefined },
      { row: 9, field: 'issuedAt', code: 'invalid', rule: 'future-date' },
      { row: 10, field: 'dueDate', code: 'invalid', rule: 'due-before-issue' },
    ]);
    expect(done.errors[0]!.messageAr).toContain('رقم جوال العميل');
    expect(done.errors[1]!.messageAr).toContain('لا يوجد عميل بهذا الاسم');

    // Each old invoice is its own document: OB series, no VAT, no PDF, no ZATCA, due by the client's terms.
    const [first, second] = await openingBalances(rayyan.id);
    expect(first).toMatchObject({
      type: 'opening_balance',
      reference: 'OLD-1001',
      clientName: `${marker} Rayyan Grocery`,
      totalAmount: '1150.00',
      taxAmount: '0.00',
      dueDate: '2026-02-14',
      paymentStatus: 'unpaid',
      balanceDue: '1150.00',
      overdue: true,
      pdfUrl: null,
      zatca: null,
    });
    expect(first!.invoiceNumber).toMatch(/^OB-2026-\d{6}$/);
    expect(first!.issuedAt.slice(0, 10)).toBe('2026-01-15');
    expect(second).toMatchObject({
      reference: 'OLD-1002',
      totalAmount: '200.50',
      dueDate: '2099-12-31',
      overdue: false,
    });
    expect(await openingBalances(twin.id)).toMatchObject([{ reference: 'OLD-7', totalAmount: '100.00' }]);
    expect((await owner.get(`/api/invoices/${first!.id}/pdf`)).status).toBe(404);

    // Collected against like an invoice: the client's balance, the statement and the aging count it.
    const paid = await owner.post(`/api/invoices/${first!.id}/payments`, { amount: '150.00', method: 'cash' });
    expect(paid.status, await paid.clone().text()).toBe(201);
    expect(await json<ClientDto>(await owner.get(`/api/clients/${rayyan.id}`))).toMatchObject({
      balance: '1200.50',
      overdueBalance: '1000.00',
    });
    const statement = await json<StatementDto>(await owner.get(`/api/clients/${rayyan.id}/statement?from=2026-01-01`));
    expect(statement.lines.slice(0, 2)).toMatchObject([
      { date: '2026-01-15', type: 'opening_balance', reference: 'OLD-1001', debit: '1150.00', balance: '1150.00' },
      { date: '2026-11-01', type: 'opening_balance', reference: 'OLD-1002', debit: '200.50', balance: '1350.50' },
    ]);
    expect(statement.closingBalance).toBe('1200.50');
    const aging = await json<AgingRowDto[]>(await owner.get('/api/receivables/aging'));
    expect(aging.find((row) => row.clientId === rayyan.id)).toMatchObject({
      d90_plus: '1000.00',
      current: '200.50',
      total: '1200.50',
    });

    // What will not be collected is written off by a document of its own; the balance never changes.
    const writeOff = (id: string, body: Record<string, unknown>) => owner.post(`/api/invoices/${id}/write-off`, body);
    const tooMuch = await writeOff(first!.id, { amount: '1000.01', reason: 'Settled in the old system' });
    expect(tooMuch.status).toBe(409);
    expect((await json<{ code: string }>(tooMuch)).code).toBe('BILLING_WRITE_OFF_EXCEEDS_BALANCE');
    expect((await writeOff(first!.id, { amount: '10' })).status).toBe(400);
    const written = await writeOff(first!.id, { amount: '1000', reason: 'Settled in the old system' });
    expect(written.status, await written.clone().text()).toBe(201);
    const document = await json<InvoiceDto>(written);
    expect(document).toMatchObject({
      type: 'write_off',
      clientId: rayyan.id,
      totalAmount: '1000.00',
      taxAmount: '0.00',
      originalInvoiceNumber: first!.invoiceNumber,
      reasonText: 'Settled in the old system',
      pdfUrl: null,
      paymentStatus: null,
    });
    expect(document.invoiceNumber).toMatch(/^WO-2026-\d{6}$/);
    expect(await json<InvoiceDto>(await owner.get(`/api/invoices/${first!.id}`))).toMatchObject({
      totalAmount: '1150.00',
      paidAmount: '150.00',
      creditedAmount: '1000.00',
      balanceDue: '0.00',
      overdue: false,
    });
    expect(await json<ClientDto>(await owner.get(`/api/clients/${rayyan.id}`))).toMatchObject({
      balance: '200.50',
      overdueBalance: '0.00',
    });
    const after = await json<StatementDto>(await owner.get(`/api/clients/${rayyan.id}/statement?from=2026-01-01`));
    expect(after.lines.find((line) => line.type === 'write_off')).toMatchObject({
      number: document.invoiceNumber,
      reference: first!.invoiceNumber,
      credit: '1000.00',
    });
    expect(after.closingBalance).toBe('200.50');
    const nothingLeft = await writeOff(first!.id, { amount: '1', reason: 'again' });
    expect((await json<{ code: string }>(nothingLeft)).code).toBe('BILLING_WRITE_OFF_NOT_ACCEPTED');
    const notABalance = await writeOff(document.id, { amount: '1', reason: 'a write-off of a write-off' });
    expect(notABalance.status).toBe(409);

    // The same file again changes nothing; another amount for an old invoice is refused, not edited.
    const again = await run({ kind: 'opening-balances', fileBase64: file });
    expect(again).toMatchObject({ created: 0, updated: 3, failed: 6 });
    const changed = await run({
      kind: 'opening-balances',
      fileBase64: csv(['name,reference,amount,issued_at', `${marker} Rayyan Grocery,OLD-1001,999,15/01/2026`]),
    });
    expect(changed.errors).toMatchObject([{ row: 2, field: 'reference', params: { rule: 'already-imported' } }]);
    expect(await openingBalances(rayyan.id)).toHaveLength(2);
    expect((await owner.get(`/api/invoices/${first!.id}`)).ok).toBe(true);
  });

  it('refuses files it cannot take with a clear 4xx, and holds each kind to its write permission', async () => {
    const refused = async (body: Record<string, unknown>, status: number, code: string) => {
      const response = await owner.post('/api/imports', body);
      expect(response.status, await response.clone().text()).toBe(status);
      const answer = await json<{ code: string; message: string }>(response);
      expect(answer.code).toBe(code);
      return answer;
    };
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n').toString('base64');
    expect((await refused({ kind: 'stock-items', fileBase64: pdf }, 415, 'IMPORT_UNSUPPORTED_FILE')).message).toMatch(
      /PDF/,
    );
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');
    await refused({ kind: 'clients', fileBase64: png }, 415, 'IMPORT_UNSUPPORTED_FILE');
    await refused({ kind: 'stock-items', fileBase64: csv(['sku,name']) }, 400, 'IMPORT_EMPTY_FILE');
    const noSku = await refused(
      { kind: 'stock-items', fileBase64: csv(['name,price', 'Tea,2']) },
      400,
      'IMPORT_MISSING_COLUMNS',
    );
    expect(noSku.message).toContain('sku');
    // The same file with the column chosen by hand goes in.
    const mapped = await run({
      kind: 'stock-items',
      fileBase64: csv(['Item,Barcode,price', `Tea,${marker}-MAPPED,2`]),
      mapping: { Item: 'name', Barcode: 'sku' },
      dryRun: true,
    });
    expect(mapped.columns).toEqual([
      { header: 'Item', field: 'name' },
      { header: 'Barcode', field: 'sku' },
      { header: 'price', field: 'sellingPrice' },
    ]);
    await refused(
      { kind: 'stock-items', fileBase64: csv(['sku,price', 'A,1']), mapping: { price: 'colour' } },
      400,
      'IMPORT_BAD_MAPPING',
    );
    const rows = Array.from({ length: 100_001 }, (_, k) => `S${k},1`);
    await refused({ kind: 'stock-items', fileBase64: csv(['sku,price', ...rows]) }, 413, 'IMPORT_TOO_MANY_ROWS');
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
    await refused({ kind: 'stock-items', fileBase64: big.toString('base64') }, 413, 'IMPORT_FILE_TOO_LARGE');
    await refused({ kind: 'orders', fileBase64: csv(['a', 'b']) }, 400, 'VALIDATION_FAILED');
    expect((await owner.get('/api/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const created = await owner.post('/api/users', {
      username: `clerk${marker}`.toLowerCase(),
      password: 'clerk-password-1',
      email: `clerk${marker}@alnoor.example`.toLowerCase(),
      fullName: 'Clerk',
      role: 'staff',
      permissions: ['clients:write', 'clients:read'] satisfies Permission[],
    });
    expect(created.status).toBe(201);
    const clerk = new HttpClient(stack.baseUrl);
    expect((await clerk.login(`clerk${marker}`.toLowerCase(), 'clerk-password-1')).status).toBe(200);
    const stockFile = csv(['sku,name,unit', `${marker}-CLERK,Clerk item,piece`]);
    expect((await clerk.post('/api/imports', { kind: 'stock-items', fileBase64: stockFile })).status).toBe(403);
    const clientImport = await start({ kind: 'clients', fileBase64: csv(['name', `${marker} Clerk client`]) }, clerk);
    expect((await finished(clientImport, clerk)).created).toBe(1);
    const stockImport = await start({ kind: 'stock-items', fileBase64: stockFile });
    expect((await clerk.get(`/api/imports/${stockImport}`)).status).toBe(403);
  });

  it('brings in 20,000 stock items from one file', async () => {
    const lines = ['sku,name,unit,quantity,selling_price,cost_price'];
    for (let k = 0; k < 20_000; k += 1)
      lines.push(`${marker}-BULK-${k},Bulk item ${k},piece,${k % 50},${(k % 90) + 1}.50,1.00`);
    const done = await run({ kind: 'stock-items', fileBase64: csv(lines) });
    expect(done).toMatchObject({ status: 'done', total: 20_000, processed: 20_000, created: 20_000, failed: 0 });
    const counted = await owner.get(`/api/stock?search=${marker}-BULK&limit=1`);
    expect(counted.headers.get('x-total-count')).toBe('20000');
  }, 300_000);
});
