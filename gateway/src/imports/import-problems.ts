import { importFields, unitNameAr, type ImportKind, type ImportRowErrorDto, type ImportRule } from '@erp/contracts';

const list = (words: readonly string[]) => words.join('، ');
const unitWords = (units: readonly string[]) => list(units.map((unit) => unitNameAr(unit) ?? unit));

/** Why a cell of this type is not valid, and what it should look like. */
const invalidByType = {
  decimal: 'اكتب رقمًا لا يقل عن صفر، بخانتين عشريتين على الأكثر، مثل 12.50 أو ١٢٫٥٠.',
  integer: 'اكتب عددًا صحيحًا لا يقل عن صفر، مثل 30.',
  date: 'اكتب التاريخ بصيغة يوم/شهر/سنة، مثل 31/12/2027.',
  unit: `وحدة غير معروفة. الوحدات المعروفة: ${unitWords(['piece', 'carton', 'box', 'bag', 'kg', 'L', 'pack', 'dozen'])}…`,
  text: 'القيمة غير مقبولة في هذا العمود.',
} as const;

/** A field's own words where "not valid" says too little. */
const invalidByField: Record<string, string> = {
  vatNumber: 'الرقم الضريبي 15 رقمًا يبدأ بالرقم 3 وينتهي به.',
  email: 'اكتب بريدًا إلكترونيًا صحيحًا، مثل name@example.com.',
  phone: 'اكتب رقم جوال صحيحًا، مثل 0501234567 أو +966501234567.',
};

const takenByField: Record<string, string> = {
  sku: 'رمز الصنف هذا مستخدم لصنف آخر.',
  packBarcode: 'باركود العبوة مستخدم لعبوة صنف آخر.',
  pack2Barcode: 'باركود العبوة مستخدم لعبوة صنف آخر.',
  priceList: 'أُنشئت قائمة بهذا الاسم أثناء الاستيراد. استورد الملف مرة أخرى.',
};

/** A kind's own rule, in the words a clerk needs to put the row right. */
const brokenRule: Record<ImportRule, string> = {
  'several-clients': 'يوجد أكثر من عميل بهذا الاسم. اكتب رقم جوال العميل ليُعرف المقصود منهم.',
  'credit-balance': 'المبلغ بالسالب رصيد دائن للعميل، ولا يمكن استيراده بعد. استورد المبالغ المستحقة على العملاء فقط.',
  'already-imported':
    'استُوردت هذه الفاتورة لهذا العميل من قبل بمبلغ أو تاريخ مختلف، والرصيد المُرحَّل لا يُعدَّل بعد إدخاله.',
  'future-date': 'التاريخ بعد اليوم. اكتب تاريخ الفاتورة كما هو في النظام السابق.',
  'due-before-issue': 'تاريخ الاستحقاق قبل تاريخ الفاتورة.',
};

/** What "no such record" means in a field that names one. */
const unknownByField: Record<string, string> = {
  sku: 'لا يوجد في المخزون صنف بهذا الرمز.',
  name: 'لا يوجد عميل بهذا الاسم (وبهذا الجوال إن ذُكر). أضف العميل أو استورد العملاء أولًا.',
};

/**
 * A refused row's problem in Arabic, for the screen and the Arabic error report: made from its
 * code, its field's type and its params, since the services word their refusals in English.
 */
export function problemInArabic(kind: ImportKind, error: ImportRowErrorDto): string {
  const spec = importFields[kind].find((field) => field.name === error.field);
  const label = spec ? `«${spec.label.ar}»` : null;
  switch (error.code) {
    case 'required':
      return label ? `${label} مطلوب في هذا الصف.` : 'ينقص هذا الصف حقل مطلوب.';
    case 'duplicate':
      return error.params?.firstRow !== undefined
        ? `هذا الصف مكرر: ورد مثله في الصف ${error.params.firstRow} من الملف، فاستُورد ذلك الصف وحده.`
        : 'هذا الصف مكرر في الملف.';
    case 'unknown':
      return unknownByField[error.field ?? ''] ?? 'لا يوجد سجل بهذه القيمة.';
    case 'taken':
      return takenByField[error.field ?? ''] ?? 'هذه القيمة مستخدمة في سجل آخر.';
    case 'failed':
      return 'تعذّر حفظ هذا الصف. استورد الملف مرة أخرى، وإن تكرر ذلك فتواصل مع الدعم.';
    case 'invalid':
      if (error.params?.rule) return brokenRule[error.params.rule];
      if (error.params?.units) return `لا يُباع هذا الصنف بهذه الوحدة. وحداته: ${unitWords(error.params.units)}.`;
      return invalidByField[error.field ?? ''] ?? invalidByType[spec?.type ?? 'text'];
  }
}
