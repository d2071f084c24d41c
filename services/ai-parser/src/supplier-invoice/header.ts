import { normalizeWord } from '../parser/normalize.js';
import { findDates } from './dates.js';
import { type InvoiceLine, Keywords } from './invoice-text.js';

/**
 * The invoice's header: who sent it (supplier name), its number and its date. Read from labelled
 * fields ("Invoice No:", "رقم الفاتورة", "Invoice Date", "التاريخ"), also when the labels are on
 * one line and the values on the next; the supplier is the company named at the top, not the
 * customer ("Customer:", "العميل:") and not an address, contact or registration line.
 */

export interface InvoiceHeader {
  /** A labelled supplier ("Supplier:", "المورد:") or a company name at the top. */
  supplierName: string | null;
  /** Else the first name-like line at the top: only worth giving when the text is an invoice. */
  supplierGuess: string | null;
  invoiceNumber: string | null;
  invoiceDate: string | null;
}

// ---------------------------------------------------------------------------------------------
// Invoice number
// ---------------------------------------------------------------------------------------------

const VALUE = String.raw`([A-Za-z0-9][A-Za-z0-9\-/_.]*\d[A-Za-z0-9\-/_]*|\d+)`;
const NUMBER_LABELS = [
  new RegExp(
    String.raw`\b(?:tax\s+|sales\s+|simplified\s+)?(?:invoice|inv|bill)\.?\s*(?:no\b\.?|number|num\b\.?|#|n°|nr\.?)\s*[:#.\-]?\s*` +
      VALUE,
    'i',
  ),
  new RegExp(String.raw`\b(?:invoice|inv)\s*[:#]\s*` + VALUE, 'i'),
  new RegExp(
    String.raw`(?:رقم\s*(?:ال)?فاتور[ةه](?:\s*الضريبي[ةه])?|(?:ال)?فاتور[ةه]\s*(?:الضريبي[ةه]\s*|ضريبي[ةه]\s*)?رقم)\s*[:#.\-]?\s*` +
      VALUE,
  ),
];
/** Right-to-left text extracted in visual order: "45671 :رقم الفاتورة". */
const NUMBER_LABEL_AFTER = new RegExp(VALUE + String.raw`\s*[:#]\s*(?:رقم\s*(?:ال)?فاتور[ةه])`);
/** An invoice number printed without a label ("INV-88213", "SI/2026/0042"). */
const BARE_NUMBER = /\b((?:INV|SINV|SI|TI|TAX|BILL)[-/ ]?\d[\w\-/]*)\b/i;

function cleanNumber(value: string): string | null {
  const cleaned = value.replace(/[.\-/_]+$/, '');
  return /\d/.test(cleaned) && cleaned.length <= 100 ? cleaned : null;
}

function invoiceNumberIn(text: string): string | null {
  for (const label of NUMBER_LABELS) {
    const match = label.exec(text);
    if (match) {
      const value = cleanNumber(match[1]);
      if (value) return value;
    }
  }
  const after = NUMBER_LABEL_AFTER.exec(text);
  return after ? cleanNumber(after[1]) : null;
}

// ---------------------------------------------------------------------------------------------
// Invoice date
// ---------------------------------------------------------------------------------------------

const INVOICE_DATE_LABEL =
  /(invoice\s*date|inv\.?\s*date|date\s*of\s*(?:invoice|issue)|issue\s*date|تاريخ\s*(?:ال)?فاتور|تاريخ\s*ال[اإ]صدار)/i;
const OTHER_DATE_LABEL =
  /(due|delivery|deliver|order|p\.?\s*o\b|expiry|exp\b|mfg|production|print|الاستحقاق|التسليم|الانتهاء|الانتاج|الإنتاج|الصلاحي|امر\s*الشراء|أمر\s*الشراء|طلب)/i;
const SUPPLY_DATE_LABEL = /(supply|التوريد)/i;
const DATE_LABEL = /(\bdate\b|\bdated\b|التاريخ|تاريخ)/i;
/** "التاريخ: 27/05/1448هـ الموافق 18/11/2026م": the Gregorian date inherits the Hijri one's label. */
const CONNECTOR = /^[\s\-=/,:.()]*(?:(?:م|هـ|ه|الموافق|موافق|corresponding\s+to|i\.e\.?)[\s\-=/,:.()]*)*$/i;

interface DateCandidate {
  iso: string;
  score: number;
  order: number;
}

function datesIn(text: string, order: number): DateCandidate[] {
  const out: DateCandidate[] = [];
  let previousEnd = 0;
  let previousScore: number | null = null;
  for (const date of findDates(text)) {
    // The words just before the date, after any value printed before them ("PO No: 5512 Date:").
    const before = text.slice(previousEnd, date.start).split('\t').pop() ?? '';
    const label = (/[^\d]*$/.exec(before)?.[0] ?? '').slice(-40);
    let score: number;
    if (previousScore !== null && CONNECTOR.test(label)) score = previousScore;
    else if (INVOICE_DATE_LABEL.test(label)) score = 4;
    else if (OTHER_DATE_LABEL.test(label)) score = -1;
    else if (SUPPLY_DATE_LABEL.test(label)) score = 2;
    else if (DATE_LABEL.test(label)) score = 3;
    else score = 1;
    previousEnd = date.end;
    previousScore = score;
    if (date.iso && score > 0) out.push({ iso: date.iso, score, order: order + date.start / 10_000 });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Supplier name
// ---------------------------------------------------------------------------------------------

const COMPANY = new Keywords([
  'company',
  'co',
  'est',
  'establishment',
  'trading',
  'trade',
  'factory',
  'factories',
  'foods',
  'food',
  'dairy',
  'dairies',
  'industries',
  'industry',
  'industrial',
  'group',
  'llc',
  'l.l.c',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'inc',
  'distribution',
  'distributors',
  'distributor',
  'agencies',
  'agency',
  'enterprises',
  'wholesale',
  'wholesalers',
  'supplies',
  'plc',
  'wll',
  'w.l.l',
  'international',
  'bakeries',
  'mills',
  'poultry',
  'farms',
  'marketing',
  'imports',
  'holding',
  'شركه',
  'مؤسسه',
  'مصنع',
  'مصانع',
  'مجموعه',
  'التجاره',
  'التجاريه',
  'تجاريه',
  'الاغذيه',
  'اغذيه',
  'الغذائيه',
  'التوزيع',
  'وكالات',
  'المحدوده',
  'مخابز',
  'مطاحن',
  'الالبان',
  'الصناعات',
  'الصناعيه',
  'القابضه',
  'ذ.م.م',
]);

/** Cells that are not the supplier's name: the customer, contacts, addresses, registrations, titles, labels. */
const NOT_A_NAME =
  /(customer|client|bill(?:ed)?\s*to|sold\s*to|ship\s*to|buyer|consignee|deliver(?:y|ed)?\s*to|messrs|m\/s|\bto\s*:|العميل|عميل|السيد|الساد[ةه]|المشتري|المستلم|اسم\s*العميل|\btel\b|phone|fax|mobile|\bmob\b|e-?mail|www\.|https?:|@|هاتف|جوال|فاكس|تلفون|بريد|ص\s*\.?\s*ب|p\.?\s*o\.?\s*box|\bbox\b|street|\broad\b|building|district|kingdom|saudi\s*arabia|\bksa\b|المملك[ةه]|شارع|حي\s|\bvat\b|\btrn\b|\btax\b|\bc\.?r\b|registration|الضريبي|ضريبي[ةه]|سجل|س\.ت|invoice|فاتور[ةه]|credit\s*note|delivery\s*note|quotation|\bpage\b|\bdate\b|التاريخ|salesman|route|terms|payment|due|مندوب|طريق[ةه]\s*الدفع|\bno\b\.?\s*:|رقم)/i;
const SUPPLIER_LABEL =
  /^(?:supplier(?:\s*name)?|vendor(?:\s*name)?|seller(?:\s*name)?|from|sold\s*by|المورد|اسم\s*المورد|البائع|اسم\s*البائع)\s*[:-]\s*(.+)$/i;

function scriptOf(text: string): 'arabic' | 'latin' | null {
  const arabic = (text.match(/[\u0621-\u064a]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  if (arabic === 0 && latin === 0) return null;
  return arabic >= latin ? 'arabic' : 'latin';
}

/** A cell with both scripts ("Almarai Company شركة المراعي") split into its Latin and Arabic runs. */
function scriptRuns(cell: string): string[] {
  if (!(/[\u0621-\u064a]/.test(cell) && /[A-Za-z]{2}/.test(cell))) return [cell];
  const runs = cell.match(/[\u0600-\u06ff][\u0600-\u06ff\s.\-،]*|[A-Za-z][A-Za-z0-9\s.&'\-,()]*/g) ?? [];
  return runs.map((run) => run.trim()).filter((run) => run.length > 0);
}

function cleanName(cell: string): string {
  return cell
    .replace(/^[\s\-–—:|,.]+|[\s\-–—:|,]+$/g, '')
    .replace(/\s+/g, ' ')
    .slice(0, 200);
}

function isCompanyName(cell: string): boolean {
  return cell
    .split(/[\s,()]+/)
    .map((word) => normalizeWord(word.replace(/\.$/, '')))
    .some((word) => word.length > 0 && COMPANY.has(word));
}

function plausibleName(cell: string): boolean {
  const letters = (cell.match(/\p{L}/gu) ?? []).length;
  const digits = (cell.match(/\d/g) ?? []).length;
  return letters >= 3 && digits * 3 <= letters && !NOT_A_NAME.test(cell);
}

function supplierIn(
  lines: InvoiceLine[],
  script: 'arabic' | 'latin' | null,
): { name: string | null; guess: string | null } {
  const labelled: string[] = [];
  const companies: string[] = [];
  const others: string[] = [];
  lines.forEach((line, position) => {
    for (const cell of line.cells) {
      const label = SUPPLIER_LABEL.exec(cell);
      if (label && plausibleName(label[1])) labelled.push(cleanName(label[1]));
      for (const run of scriptRuns(cell)) {
        if (!plausibleName(run)) continue;
        if (isCompanyName(run)) companies.push(cleanName(run));
        else if (position < 5) others.push(cleanName(run));
      }
    }
  });
  if (labelled.length > 0) return { name: labelled[0], guess: null };
  const preferred = companies.find((name) => scriptOf(name) === script);
  return { name: preferred ?? companies[0] ?? null, guess: others[0] ?? null };
}

// ---------------------------------------------------------------------------------------------
// The header
// ---------------------------------------------------------------------------------------------

/**
 * Labels on one line and their values on the next ("Invoice No.  Invoice Date" over "INV-1
 * 20/11/2026"): each label cell joined with the value cell under it.
 */
function pairedCells(lines: InvoiceLine[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < lines.length; i += 1) {
    const labels = lines[i].cells;
    const values = lines[i + 1].cells;
    if (labels.length < 2 || labels.length !== values.length || /\d/.test(lines[i].text)) continue;
    labels.forEach((label, k) => out.push(`${label}: ${values[k]}`));
  }
  return out;
}

/**
 * Reads the header from `lines` (those above the item table). `script` is the invoice's main
 * script: a supplier named in both languages is given in that one.
 */
export function readHeader(lines: InvoiceLine[], script: 'arabic' | 'latin' | null): InvoiceHeader {
  const texts = [...lines.map((line) => line.text), ...pairedCells(lines)];
  let invoiceNumber: string | null = null;
  for (const text of texts) {
    invoiceNumber = invoiceNumberIn(text);
    if (invoiceNumber) break;
  }
  if (!invoiceNumber) {
    for (const text of texts) {
      const bare = BARE_NUMBER.exec(text);
      if (bare) {
        invoiceNumber = cleanNumber(bare[1]);
        break;
      }
    }
  }
  const dates = texts.flatMap((text, order) => datesIn(text, order));
  dates.sort((a, b) => b.score - a.score || a.order - b.order);
  const supplier = supplierIn(lines, script);
  return {
    supplierName: supplier.name,
    supplierGuess: supplier.guess,
    invoiceNumber,
    invoiceDate: dates[0]?.iso ?? null,
  };
}

export { scriptOf };
