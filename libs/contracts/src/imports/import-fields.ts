import type { ImportFieldDto, ImportKind } from './imports.dto.js';

/**
 * How a cell is read before the row is checked: decimals and whole numbers take Arabic-Indic and
 * Persian digits and the Arabic decimal separator; dates take yyyy-mm-dd and dd/mm/yyyy; units
 * take their Arabic word ("كرتون") or a common abbreviation ("ctn").
 */
export type ImportCellType = 'text' | 'decimal' | 'integer' | 'date' | 'unit';

export interface ImportFieldSpec {
  /** The API's field name (CONTRACT §13): the column's canonical header. */
  name: string;
  /** The screen's labels; the export's headers are the same words, so an exported file comes back in. */
  label: { en: string; ar: string };
  /** Other headers people give the column, in either language. */
  aliases: readonly string[];
  type: ImportCellType;
  /** `always`: every row needs it; `create`: a row that makes a new record needs it. */
  required?: 'always' | 'create';
}

const text = 'text' as const;

/** An item's SKU: the key of stock items, and how a price list's row names its item. */
const skuField: ImportFieldSpec = {
  name: 'sku',
  label: { en: 'SKU', ar: 'رمز الصنف (SKU)' },
  aliases: ['item code', 'code', 'رمز الصنف', 'كود الصنف', 'الكود', 'الرمز'],
  type: text,
  required: 'always',
};

/** Stock items, upserted by SKU; an opening batch when batch or dates are given; up to two packs. */
const stockItemFields: ImportFieldSpec[] = [
  skuField,
  {
    name: 'name',
    label: { en: 'Name', ar: 'الاسم' },
    aliases: [
      'item name',
      'product name',
      'item',
      'product',
      'name en',
      'english name',
      'اسم الصنف',
      'الصنف',
      'اسم المنتج',
    ],
    type: text,
    required: 'create',
  },
  {
    name: 'nameAr',
    label: { en: 'Arabic name', ar: 'الاسم بالعربية' },
    aliases: ['name ar', 'name arabic', 'الاسم العربي', 'اسم الصنف بالعربية'],
    type: text,
  },
  {
    name: 'unit',
    label: { en: 'Unit', ar: 'الوحدة' },
    aliases: ['uom', 'base unit', 'وحدة القياس', 'الوحدة الأساسية'],
    type: 'unit',
    required: 'create',
  },
  {
    name: 'quantity',
    label: { en: 'Quantity', ar: 'الكمية' },
    aliases: ['qty', 'opening stock', 'opening quantity', 'stock', 'الكمية الافتتاحية', 'الرصيد', 'رصيد أول المدة'],
    type: 'decimal',
  },
  {
    name: 'costPrice',
    label: { en: 'Cost price', ar: 'سعر التكلفة' },
    aliases: ['cost', 'purchase price', 'التكلفة', 'سعر الشراء'],
    type: 'decimal',
  },
  {
    name: 'sellingPrice',
    label: { en: 'Selling price', ar: 'سعر البيع' },
    aliases: ['price', 'sale price', 'unit price', 'السعر', 'سعر الوحدة'],
    type: 'decimal',
  },
  {
    name: 'lowStockThreshold',
    label: { en: 'Low stock threshold', ar: 'حد إعادة الطلب' },
    aliases: ['reorder level', 'min stock', 'minimum stock', 'الحد الأدنى'],
    type: 'decimal',
  },
  {
    name: 'batchNumber',
    label: { en: 'Batch', ar: 'رقم التشغيلة' },
    aliases: ['batch number', 'lot', 'lot number', 'التشغيلة', 'رقم الدفعة'],
    type: text,
  },
  {
    name: 'expiryDate',
    label: { en: 'Expiry date', ar: 'تاريخ الانتهاء' },
    aliases: ['expiry', 'exp date', 'تاريخ الصلاحية', 'الصلاحية'],
    type: 'date',
  },
  {
    name: 'manufactureDate',
    label: { en: 'Manufacture date', ar: 'تاريخ الإنتاج' },
    aliases: ['mfg date', 'production date', 'تاريخ التصنيع'],
    type: 'date',
  },
  ...[1, 2].flatMap((n): ImportFieldSpec[] => {
    const prefix = n === 1 ? 'pack' : 'pack2';
    const en = n === 1 ? 'Pack' : 'Second pack';
    const ar = n === 1 ? 'العبوة' : 'العبوة الثانية';
    return [
      { name: `${prefix}Unit`, label: { en: `${en} unit`, ar: `وحدة ${ar}` }, aliases: [], type: 'unit' },
      {
        name: `${prefix}Factor`,
        label: { en: `${en} size`, ar: `عدد الوحدات في ${ar}` },
        aliases: [`${en} factor`, `units per ${n === 1 ? 'pack' : 'second pack'}`, `حجم ${ar}`],
        type: 'decimal',
      },
      { name: `${prefix}Price`, label: { en: `${en} price`, ar: `سعر ${ar}` }, aliases: [], type: 'decimal' },
      { name: `${prefix}Barcode`, label: { en: `${en} barcode`, ar: `باركود ${ar}` }, aliases: [], type: text },
    ];
  }),
];

/** Clients, upserted by name and phone; a national address with the VAT number. */
const clientFields: ImportFieldSpec[] = [
  {
    name: 'name',
    label: { en: 'Name', ar: 'الاسم' },
    aliases: ['client name', 'customer name', 'client', 'customer', 'اسم العميل', 'العميل'],
    type: text,
    required: 'always',
  },
  {
    name: 'nameAr',
    label: { en: 'Arabic name', ar: 'الاسم بالعربية' },
    aliases: ['name ar', 'الاسم العربي', 'اسم العميل بالعربية'],
    type: text,
  },
  {
    name: 'phone',
    label: { en: 'Phone', ar: 'رقم الجوال' },
    aliases: ['mobile', 'phone number', 'telephone', 'الجوال', 'الهاتف', 'رقم الهاتف'],
    type: text,
  },
  {
    name: 'email',
    label: { en: 'Email', ar: 'البريد الإلكتروني' },
    aliases: ['e-mail', 'الإيميل', 'البريد'],
    type: text,
  },
  { name: 'address', label: { en: 'Address', ar: 'العنوان' }, aliases: ['location', 'الموقع'], type: text },
  {
    name: 'vatNumber',
    label: { en: 'VAT number', ar: 'الرقم الضريبي' },
    aliases: ['vat', 'vat no', 'tax number', 'trn', 'رقم التسجيل الضريبي'],
    type: text,
  },
  {
    name: 'paymentTermsDays',
    label: { en: 'Payment terms (days)', ar: 'مدة السداد (بالأيام)' },
    aliases: ['payment terms', 'credit days', 'terms', 'مدة السداد', 'أيام السداد'],
    type: 'integer',
  },
  {
    name: 'creditLimit',
    label: { en: 'Credit limit', ar: 'الحد الائتماني' },
    aliases: ['limit', 'حد الائتمان'],
    type: 'decimal',
  },
  { name: 'notes', label: { en: 'Notes', ar: 'ملاحظات' }, aliases: ['remarks', 'الملاحظات'], type: text },
  { name: 'street', label: { en: 'Street', ar: 'الشارع' }, aliases: ['street name', 'اسم الشارع'], type: text },
  { name: 'buildingNumber', label: { en: 'Building number', ar: 'رقم المبنى' }, aliases: [], type: text },
  { name: 'additionalNumber', label: { en: 'Additional number', ar: 'الرقم الإضافي' }, aliases: [], type: text },
  { name: 'district', label: { en: 'District', ar: 'الحي' }, aliases: ['neighbourhood', 'neighborhood'], type: text },
  { name: 'city', label: { en: 'City', ar: 'المدينة' }, aliases: [], type: text },
  { name: 'postalCode', label: { en: 'Postal code', ar: 'الرمز البريدي' }, aliases: ['zip', 'zip code'], type: text },
];

/**
 * Prices of price lists, one per row: the list (made when no list has that name), the item by
 * SKU, its unit (the item's base unit when empty) and the price; upserted by list, item and unit.
 */
const priceListFields: ImportFieldSpec[] = [
  {
    name: 'priceList',
    label: { en: 'Price list', ar: 'قائمة الأسعار' },
    aliases: ['list', 'price list name', 'customer group', 'القائمة', 'اسم القائمة', 'فئة العملاء'],
    type: text,
    required: 'always',
  },
  skuField,
  {
    name: 'unit',
    label: { en: 'Unit', ar: 'الوحدة' },
    aliases: ['uom', 'pack', 'وحدة البيع', 'العبوة', 'وحدة القياس'],
    type: 'unit',
  },
  {
    name: 'price',
    label: { en: 'Price', ar: 'السعر' },
    aliases: ['list price', 'selling price', 'unit price', 'سعر البيع', 'سعر القائمة', 'سعر الوحدة'],
    type: 'decimal',
    required: 'always',
  },
];

/**
 * What clients owed on the previous system's invoices on the first day, one row per invoice
 * (docs/decisions/0022): the client as the clients import matches it (name, and phone when two
 * share a name), the old invoice's number, what is still owed on it, its date and due date.
 */
const openingBalanceFields: ImportFieldSpec[] = [
  {
    ...clientFields[0]!,
    label: { en: 'Client name', ar: 'اسم العميل' },
    aliases: [...clientFields[0]!.aliases, 'الاسم'],
  },
  clientFields[2]!,
  {
    name: 'reference',
    label: { en: 'Invoice number', ar: 'رقم الفاتورة' },
    aliases: ['invoice no', 'invoice', 'document number', 'ref', 'reference', 'الفاتورة', 'المرجع', 'رقم المستند'],
    type: text,
    required: 'always',
  },
  {
    name: 'amount',
    label: { en: 'Amount owed', ar: 'المبلغ المستحق' },
    aliases: ['balance', 'amount', 'outstanding', 'balance due', 'المبلغ', 'الرصيد', 'المتبقي', 'الرصيد المستحق'],
    type: 'decimal',
    required: 'always',
  },
  {
    name: 'issuedAt',
    label: { en: 'Invoice date', ar: 'تاريخ الفاتورة' },
    aliases: ['date', 'issue date', 'issued', 'التاريخ', 'تاريخ الإصدار'],
    type: 'date',
    required: 'always',
  },
  {
    name: 'dueDate',
    label: { en: 'Due date', ar: 'تاريخ الاستحقاق' },
    aliases: ['due', 'due on', 'الاستحقاق'],
    type: 'date',
  },
];

export const importFields: Readonly<Record<ImportKind, readonly ImportFieldSpec[]>> = {
  'stock-items': stockItemFields,
  clients: clientFields,
  'opening-balances': openingBalanceFields,
  'price-list': priceListFields,
};

/** The fields of a kind as its answers and errors list them. */
export function importFieldList(kind: ImportKind): ImportFieldDto[] {
  return importFields[kind].map((spec) => ({ name: spec.name, required: spec.required ?? null, type: spec.type }));
}

/**
 * A header as it is compared: case, spaces, underscores, punctuation, a part in parentheses,
 * tatweel and harakat left out, and the Arabic letters people write either way (أ/إ/آ/ا, ة/ه,
 * ى/ي) made one: "Selling_Price", "selling price" and "sellingPrice" are the same header.
 */
export function normalizeHeader(header: string): string {
  const bare = header.normalize('NFKC').replace(/\([^)]*\)/g, '');
  const base = bare.trim() === '' ? header : bare;
  return base
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The field a header names, by its API name, its labels or an alias; null when none. */
export function fieldOfHeader(kind: ImportKind, header: string): string | null {
  const wanted = normalizeHeader(header);
  if (wanted === '') return null;
  const field = importFields[kind].find((spec) =>
    [spec.name, spec.label.en, spec.label.ar, ...spec.aliases].some((name) => normalizeHeader(name) === wanted),
  );
  return field?.name ?? null;
}
