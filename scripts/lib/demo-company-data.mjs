// The demo company that `npm start` loads into an empty database (scripts/lib/demo-company.mjs):
// a Gulf food and FMCG wholesaler, its suppliers, catalogue, clients and a few orders that came
// in as WhatsApp messages. Data only; the loader turns it into two months of trading.
//
// The catalogue is the 70 items of shared/eval/catalog.json (the order parser's evaluation
// catalogue: same SKUs, names, units and prices), so pasted WhatsApp orders match real stock.

/** Company settings, set only where the settings are still empty. */
export const company = {
  companyName: 'Al Noor Trading Co.',
  companyNameAr: 'شركة النور التجارية',
  // 15 digits, starting and ending with 3 (Saudi VAT registration number).
  vatNumber: '310123456700003',
  address: 'Warehouse 14, 2nd Industrial City, Riyadh 14332, Saudi Arabia',
  addressAr: 'مستودع 14، المدينة الصناعية الثانية، الرياض 14332، المملكة العربية السعودية',
};

/**
 * Who delivers what, how often (every `everyDays` days, first on day `firstDay` of the history)
 * and how their batch and invoice numbers look.
 */
export const suppliers = {
  almarai: { name: 'Almarai Company', batchPrefix: 'ALM', invoicePrefix: 'ALM-SI', everyDays: 2, firstDay: 0 },
  nadec: { name: 'NADEC', batchPrefix: 'NDC', invoicePrefix: 'NDC', everyDays: 3, firstDay: 1 },
  sadafco: { name: 'SADAFCO', batchPrefix: 'SDF', invoicePrefix: 'SDF-INV', everyDays: 7, firstDay: 2 },
  watania: { name: 'Al Watania Poultry', batchPrefix: 'WTN', invoicePrefix: 'WP', everyDays: 2, firstDay: 1 },
  sadia: { name: 'BRF Sadia Arabia', batchPrefix: 'BRF', invoicePrefix: 'BRF-KSA', everyDays: 7, firstDay: 3 },
  savola: { name: 'Savola Foods', batchPrefix: 'SVL', invoicePrefix: 'SF', everyDays: 7, firstDay: 4 },
  nestle: { name: 'Nestlé Saudi Arabia', batchPrefix: 'NST', invoicePrefix: 'NSA', everyDays: 14, firstDay: 5 },
  othaim: { name: 'Al Othaim Distribution', batchPrefix: 'OTH', invoicePrefix: 'OTD', everyDays: 7, firstDay: 0 },
  jomaih: {
    name: 'Al Jomaih Bottling Plants',
    batchPrefix: 'JBP',
    invoicePrefix: 'JBP-INV',
    everyDays: 7,
    firstDay: 6,
  },
  homecare: { name: 'Gulf Home Care Trading', batchPrefix: 'GHC', invoicePrefix: 'GHC', everyDays: 14, firstDay: 3 },
  dates: { name: 'Al Qassim Dates Factory', batchPrefix: 'QDF', invoicePrefix: 'QDF', everyDays: 14, firstDay: 7 },
};

/**
 * One catalogue item: the eval catalogue's fields, then what the demo needs:
 * - category: which clients buy it (see segments);
 * - supplier: a key of `suppliers`;
 * - shelfLife: days from manufacture to expiry, null when the goods do not expire;
 * - threshold: the low-stock threshold;
 * - order: [smallest, largest, step] quantity of an order line, in the item's unit;
 * - weight: how often it is ordered, relative to the others;
 * - pack: deliveries come in multiples of this;
 * - stock (optional): how the story ends for it:
 *   - { runsLow: { lastDelivery, endQuantity } }: no delivery from `lastDelivery` days before
 *     today, and exactly `endQuantity` left today (at or below the threshold: Low Stock);
 *   - { slowMover: { expiresIn } }: only the opening stock, more than it sells, in a batch that
 *     expires `expiresIn` days from today (the Expiring card's 30- and 60-day windows);
 *   - { expiredBatch: { receivedDaysAgo, expiredDaysAgo, quantity } }: also a batch that is
 *     already past its expiry date, never sold (the Expiring card's expired rows).
 */
function item(sku, name, nameAr, unit, sellingPrice, costPrice, details) {
  return { sku, name, nameAr, unit, sellingPrice, costPrice, ...details };
}

// prettier-ignore
export const items = [
  // Dairy and eggs
  item('MILK-ALM-1L', 'Almarai Fresh Milk Full Fat 1L', 'حليب المراعي طازج كامل الدسم 1 لتر', 'piece', 6.5, 5.55, {
    category: 'dairy', supplier: 'almarai', shelfLife: 7, threshold: 48, order: [12, 72, 12], weight: 10, pack: 12,
  }),
  item('MILK-ALM-2L', 'Almarai Fresh Milk Full Fat 2L', 'حليب المراعي طازج كامل الدسم 2 لتر', 'piece', 11.5, 9.9, {
    category: 'dairy', supplier: 'almarai', shelfLife: 7, threshold: 36, order: [6, 48, 6], weight: 8, pack: 6,
  }),
  item('MILK-ALM-LF-1L', 'Almarai Fresh Milk Low Fat 1L', 'حليب المراعي طازج قليل الدسم 1 لتر', 'piece', 6.5, 5.55, {
    category: 'dairy', supplier: 'almarai', shelfLife: 7, threshold: 24, order: [6, 36, 6], weight: 4, pack: 12,
  }),
  item('MILK-NDC-1L', 'Nadec Fresh Milk Full Fat 1L', 'حليب نادك طازج كامل الدسم 1 لتر', 'piece', 6.25, 5.3, {
    category: 'dairy', supplier: 'nadec', shelfLife: 7, threshold: 24, order: [12, 48, 12], weight: 5, pack: 12,
  }),
  item('MILK-SAUDIA-UHT-1L', 'Saudia Long Life Milk Full Fat 1L', 'حليب السعودية طويل الأجل كامل الدسم 1 لتر', 'piece', 5.75, 4.85, {
    category: 'dairy', supplier: 'sadafco', shelfLife: 180, threshold: 48, order: [12, 96, 12], weight: 6, pack: 12,
  }),
  item('LABAN-ALM-1L', 'Almarai Laban Full Fat 1L', 'لبن المراعي كامل الدسم 1 لتر', 'piece', 5.5, 4.65, {
    category: 'dairy', supplier: 'almarai', shelfLife: 7, threshold: 36, order: [12, 48, 12], weight: 7, pack: 12,
  }),
  item('LABAN-NDC-1L', 'Nadec Laban Full Fat 1L', 'لبن نادك كامل الدسم 1 لتر', 'piece', 5.25, 4.4, {
    category: 'dairy', supplier: 'nadec', shelfLife: 7, threshold: 24, order: [6, 36, 6], weight: 4, pack: 12,
  }),
  item('YOG-ALM-1KG', 'Almarai Yoghurt Full Fat 1kg', 'زبادي المراعي كامل الدسم 1 كجم', 'piece', 8.75, 7.4, {
    category: 'dairy', supplier: 'almarai', shelfLife: 21, threshold: 24, order: [6, 36, 6], weight: 5, pack: 6,
    stock: { expiredBatch: { receivedDaysAgo: 23, expiredDaysAgo: 2, quantity: 14 } },
  }),
  item('MILK-NIDO-2.25KG', 'Nido Fortified Milk Powder 2.25kg Tin', 'حليب نيدو بودرة مدعم 2.25 كجم علبة', 'piece', 92, 81.5, {
    category: 'dairy', supplier: 'nestle', shelfLife: 540, threshold: 12, order: [2, 12, 1], weight: 4, pack: 6,
  }),
  item('CHEESE-PUCK-500G', 'Puck Cream Cheese Spread Jar 500g', 'جبنة بوك كريمي قابلة للدهن برطمان 500 جم', 'piece', 21.5, 18.3, {
    category: 'dairy', supplier: 'othaim', shelfLife: 240, threshold: 12, order: [3, 24, 3], weight: 3, pack: 12,
  }),
  item('CHEESE-PUCK-TRI-16', 'Puck Cheese Triangles 16 Portions', 'جبنة بوك مثلثات 16 قطعة', 'box', 12.75, 10.8, {
    category: 'dairy', supplier: 'othaim', shelfLife: 180, threshold: 12, order: [4, 24, 4], weight: 3, pack: 12,
  }),
  item('CHEESE-KIRI-24', 'Kiri Cream Cheese 24 Portions', 'جبنة كيري 24 قطعة', 'box', 24.5, 20.9, {
    category: 'dairy', supplier: 'othaim', shelfLife: 150, threshold: 12, order: [4, 24, 4], weight: 3, pack: 12,
    stock: { slowMover: { expiresIn: 26 } },
  }),
  item('EGGS-TRAY-30', 'Fresh White Eggs Large (Tray of 30)', 'بيض أبيض طازج كبير طبق 30 حبة', 'piece', 19, 16.2, {
    category: 'eggs', supplier: 'watania', shelfLife: 30, threshold: 20, order: [5, 40, 5], weight: 6, pack: 10,
  }),

  // Rice, flour, pulses, pasta
  item('RICE-WLM-5KG', 'Al Walimah Basmati Rice 5kg', 'أرز الوليمة بسمتي 5 كجم', 'bag', 42, 36.5, {
    category: 'rice', supplier: 'othaim', shelfLife: 730, threshold: 20, order: [5, 30, 5], weight: 6, pack: 10,
  }),
  item('RICE-WLM-10KG', 'Al Walimah Basmati Rice 10kg', 'أرز الوليمة بسمتي 10 كجم', 'bag', 79, 69, {
    category: 'rice', supplier: 'othaim', shelfLife: 730, threshold: 20, order: [2, 20, 2], weight: 7, pack: 10,
  }),
  item('RICE-ABK-10KG', 'Abu Kass Mazza Basmati Rice 10kg', 'أرز أبو كاس مزة بسمتي 10 كجم', 'bag', 89, 78, {
    category: 'rice', supplier: 'othaim', shelfLife: 730, threshold: 15, order: [2, 15, 1], weight: 5, pack: 10,
    stock: { runsLow: { lastDelivery: 19, endQuantity: 6 } },
  }),
  item('FLOUR-FORT-10KG', 'Fortuna All Purpose Flour 10kg', 'دقيق فورتونا متعدد الاستخدامات 10 كجم', 'bag', 32, 27.5, {
    category: 'flour', supplier: 'othaim', shelfLife: 270, threshold: 10, order: [2, 10, 1], weight: 3, pack: 10,
  }),
  item('FLOUR-FORT-1KG', 'Fortuna All Purpose Flour 1kg', 'دقيق فورتونا متعدد الاستخدامات 1 كجم', 'piece', 4.25, 3.5, {
    category: 'flour', supplier: 'othaim', shelfLife: 270, threshold: 24, order: [12, 48, 12], weight: 2, pack: 24,
  }),
  item('LENTIL-RED-1KG', 'Red Split Lentils 1kg', 'عدس أحمر مجروش 1 كجم', 'bag', 8.5, 7, {
    category: 'pulses', supplier: 'othaim', shelfLife: 540, threshold: 20, order: [5, 30, 5], weight: 3, pack: 20,
  }),
  item('LENTIL-BRN-1KG', 'Whole Brown Lentils 1kg', 'عدس بني حب 1 كجم', 'bag', 9.25, 7.7, {
    category: 'pulses', supplier: 'othaim', shelfLife: 540, threshold: 15, order: [5, 20, 5], weight: 2, pack: 20,
  }),
  item('CHICKPEA-DRY-1KG', 'Dry Chickpeas 1kg', 'حمص حب ناشف 1 كجم', 'bag', 10.5, 8.8, {
    category: 'pulses', supplier: 'othaim', shelfLife: 540, threshold: 15, order: [5, 20, 5], weight: 2, pack: 20,
  }),
  item('CHICKPEA-CAN-400G', 'California Garden Chickpeas Can 400g', 'حمص حب معلب كاليفورنيا جاردن 400 جم', 'piece', 3.25, 2.6, {
    category: 'pantry', supplier: 'othaim', shelfLife: 730, threshold: 24, order: [12, 48, 12], weight: 3, pack: 24,
  }),
  item('FOUL-AMR-400G', 'Americana Foul Medames Can 400g', 'فول مدمس أمريكانا علبة 400 جم', 'piece', 3.5, 2.85, {
    category: 'pantry', supplier: 'othaim', shelfLife: 730, threshold: 24, order: [12, 48, 12], weight: 3, pack: 24,
  }),
  item('PASTA-GOODY-SPG-450G', 'Goody Spaghetti 450g', 'معكرونة قودي سباغيتي 450 جم', 'piece', 3.75, 3, {
    category: 'pantry', supplier: 'othaim', shelfLife: 540, threshold: 24, order: [10, 60, 10], weight: 3, pack: 20,
  }),
  item('NOODLE-INDOMIE-CHK-75G', 'Indomie Chicken Flavour Noodles 75g', 'إندومي نودلز بنكهة الدجاج 75 جم', 'piece', 1.25, 0.95, {
    category: 'snacks', supplier: 'othaim', shelfLife: 240, threshold: 40, order: [40, 200, 40], weight: 4, pack: 40,
  }),

  // Sugar, tea, coffee, spices
  item('SUGAR-OSRA-10KG', 'Al Osra White Sugar 10kg', 'سكر الأسرة أبيض 10 كجم', 'bag', 38, 33, {
    category: 'sugar', supplier: 'savola', shelfLife: 1095, threshold: 15, order: [2, 15, 1], weight: 5, pack: 10,
  }),
  item('SUGAR-OSRA-2KG', 'Al Osra White Sugar 2kg', 'سكر الأسرة أبيض 2 كجم', 'bag', 8.5, 7.2, {
    category: 'sugar', supplier: 'savola', shelfLife: 1095, threshold: 20, order: [5, 30, 5], weight: 4, pack: 10,
  }),
  item('SUGAR-KHLJ-10KG', 'Al Khaleej White Sugar 10kg', 'سكر الخليج أبيض 10 كجم', 'bag', 36.5, 31.8, {
    category: 'sugar', supplier: 'othaim', shelfLife: 1095, threshold: 10, order: [2, 10, 1], weight: 3, pack: 10,
  }),
  item('TEA-LIPTON-YL-100', 'Lipton Yellow Label Tea 100 Bags', 'شاي ليبتون العلامة الصفراء 100 كيس', 'box', 17.5, 14.9, {
    category: 'tea', supplier: 'othaim', shelfLife: 730, threshold: 20, order: [4, 24, 4], weight: 5, pack: 12,
  }),
  item('TEA-RABEA-100', 'Rabea Tea 100 Bags', 'شاي ربيع 100 كيس', 'box', 15.75, 13.4, {
    category: 'tea', supplier: 'othaim', shelfLife: 730, threshold: 20, order: [4, 24, 4], weight: 4, pack: 12,
  }),
  item('TEA-RABEA-400G', 'Rabea Loose Black Tea 400g', 'شاي ربيع ناعم 400 جم', 'piece', 21, 17.9, {
    category: 'tea', supplier: 'othaim', shelfLife: 730, threshold: 12, order: [2, 12, 2], weight: 2, pack: 12,
    stock: { runsLow: { lastDelivery: 19, endQuantity: 4 } },
  }),
  item('COFFEE-NES-CLS-200G', 'Nescafe Classic Instant Coffee 200g Jar', 'نسكافيه كلاسيك قهوة سريعة التحضير 200 جم', 'piece', 36, 31, {
    category: 'coffee', supplier: 'nestle', shelfLife: 540, threshold: 12, order: [2, 12, 2], weight: 3, pack: 6,
    stock: { runsLow: { lastDelivery: 22, endQuantity: 5 } },
  }),
  item('COFFEE-NES-3IN1-30', 'Nescafe 3in1 Classic 30 Sticks', 'نسكافيه 3 في 1 كلاسيك 30 ظرف', 'box', 27.5, 23.4, {
    category: 'coffee', supplier: 'nestle', shelfLife: 365, threshold: 12, order: [2, 12, 2], weight: 3, pack: 12,
  }),
  item('SPICE-CARDAMOM-KG', 'Green Cardamom (per kg)', 'هيل أخضر (بالكيلو)', 'kg', 140, 118, {
    category: 'spices', supplier: 'othaim', shelfLife: 365, threshold: 5, order: [0.5, 5, 0.5], weight: 3, pack: 5,
    stock: { runsLow: { lastDelivery: 12, endQuantity: 1.5 } },
  }),

  // Oil and pantry
  item('OIL-AFIA-1.5L', 'Afia Pure Corn Oil 1.5L', 'زيت عافية ذرة نقي 1.5 لتر', 'piece', 24.5, 21, {
    category: 'oil', supplier: 'savola', shelfLife: 365, threshold: 24, order: [6, 48, 6], weight: 6, pack: 12,
  }),
  item('OIL-AFIA-3L', 'Afia Pure Corn Oil 3L', 'زيت عافية ذرة نقي 3 لتر', 'piece', 46, 39.5, {
    category: 'oil', supplier: 'savola', shelfLife: 365, threshold: 12, order: [3, 24, 3], weight: 4, pack: 6,
  }),
  item('OIL-NOOR-1.5L', 'Noor Sunflower Oil 1.5L', 'زيت نور دوار الشمس 1.5 لتر', 'piece', 19.75, 16.8, {
    category: 'oil', supplier: 'savola', shelfLife: 365, threshold: 24, order: [6, 36, 6], weight: 3, pack: 12,
  }),
  item('TPASTE-ALALI-135G', 'Al Alali Tomato Paste 135g', 'معجون طماطم العلالي 135 جم', 'piece', 1.75, 1.35, {
    category: 'pantry', supplier: 'othaim', shelfLife: 540, threshold: 48, order: [24, 96, 24], weight: 3, pack: 48,
  }),
  item('MAGGI-CUBES-CHK-24', 'Maggi Chicken Stock Cubes 24 pcs', 'مكعبات مرق دجاج ماجي 24 مكعب', 'box', 9.5, 7.9, {
    category: 'pantry', supplier: 'nestle', shelfLife: 540, threshold: 12, order: [4, 24, 4], weight: 3, pack: 24,
  }),
  item('KETCHUP-HEINZ-340G', 'Heinz Tomato Ketchup 340g', 'كاتشب طماطم هاينز 340 جم', 'piece', 7.25, 5.95, {
    category: 'pantry', supplier: 'othaim', shelfLife: 365, threshold: 12, order: [6, 24, 6], weight: 2, pack: 12,
  }),
  item('TUNA-AMR-185G', 'Americana Light Meat Tuna in Oil 185g', 'تونة أمريكانا لحم خفيف بالزيت 185 جم', 'piece', 7.5, 6.2, {
    category: 'pantry', supplier: 'othaim', shelfLife: 1095, threshold: 24, order: [12, 48, 12], weight: 4, pack: 48,
  }),
  item('TUNA-GOODY-160G', 'Goody White Meat Tuna 160g', 'تونة قودي لحم أبيض 160 جم', 'piece', 8.25, 6.9, {
    category: 'pantry', supplier: 'othaim', shelfLife: 1095, threshold: 24, order: [12, 48, 12], weight: 3, pack: 48,
  }),

  // Poultry
  item('CHK-SADIA-1000G', 'Sadia Frozen Whole Chicken 1000g', 'دجاج ساديا مجمد كامل 1000 جم', 'piece', 14.5, 12.4, {
    category: 'poultry', supplier: 'sadia', shelfLife: 365, threshold: 30, order: [10, 60, 10], weight: 6, pack: 10,
  }),
  item('CHK-SADIA-1200G', 'Sadia Frozen Whole Chicken 1200g', 'دجاج ساديا مجمد كامل 1200 جم', 'piece', 16.75, 14.3, {
    category: 'poultry', supplier: 'sadia', shelfLife: 365, threshold: 20, order: [10, 40, 10], weight: 4, pack: 10,
  }),
  item('CHK-WAT-1000G', 'Al Watania Fresh Whole Chicken 1000g', 'دجاج الوطنية طازج كامل 1000 جم', 'piece', 17, 14.8, {
    category: 'poultry', supplier: 'watania', shelfLife: 7, threshold: 20, order: [10, 40, 5], weight: 6, pack: 10,
  }),
  item('CHK-WAT-BREAST-450G', 'Al Watania Chicken Breast Fillet 450g', 'صدور دجاج الوطنية فيليه 450 جم', 'piece', 19.5, 16.7, {
    category: 'poultry', supplier: 'watania', shelfLife: 7, threshold: 15, order: [6, 30, 6], weight: 4, pack: 12,
    stock: { runsLow: { lastDelivery: 5, endQuantity: 4 } },
  }),
  item('FRANKS-SADIA-340G', 'Sadia Chicken Franks 340g', 'نقانق دجاج ساديا 340 جم', 'piece', 9.75, 8.1, {
    category: 'poultry', supplier: 'sadia', shelfLife: 180, threshold: 20, order: [6, 36, 6], weight: 3, pack: 12,
  }),

  // Dates
  item('DATES-SUK-KG', 'Sukkari Dates Loose (per kg)', 'تمر سكري فرط (بالكيلو)', 'kg', 28, 22.5, {
    category: 'dates', supplier: 'dates', shelfLife: 180, threshold: 20, order: [2, 15, 1], weight: 3, pack: 10,
  }),
  item('DATES-SUK-3KG', 'Sukkari Dates Box 3kg', 'تمر سكري علبة 3 كجم', 'box', 75, 61, {
    category: 'dates', supplier: 'dates', shelfLife: 365, threshold: 10, order: [2, 12, 2], weight: 3, pack: 6,
  }),
  item('DATES-KHL-KG', 'Khalas Dates Loose (per kg)', 'تمر خلاص فرط (بالكيلو)', 'kg', 24, 19, {
    category: 'dates', supplier: 'dates', shelfLife: 180, threshold: 20, order: [2, 15, 1], weight: 2, pack: 10,
  }),

  // Beverages and water
  item('PEPSI-CAN-330ML', 'Pepsi Can 330ml', 'بيبسي علبة 330 مل', 'piece', 2.5, 1.95, {
    category: 'beverages', supplier: 'jomaih', shelfLife: 180, threshold: 96, order: [24, 144, 24], weight: 6, pack: 24,
  }),
  item('PEPSI-BTL-2.25L', 'Pepsi Bottle 2.25L', 'بيبسي قارورة 2.25 لتر', 'piece', 7.5, 6.1, {
    category: 'beverages', supplier: 'jomaih', shelfLife: 120, threshold: 24, order: [6, 36, 6], weight: 4, pack: 6,
  }),
  item('7UP-CAN-330ML', '7UP Can 330ml', 'سفن أب علبة 330 مل', 'piece', 2.5, 1.95, {
    category: 'beverages', supplier: 'jomaih', shelfLife: 180, threshold: 48, order: [24, 96, 24], weight: 3, pack: 24,
  }),
  item('WATER-NOVA-330ML-40', 'Nova Water 330ml (Carton of 40)', 'مياه نوفا 330 مل (كرتون 40 حبة)', 'carton', 13.5, 11, {
    category: 'water', supplier: 'othaim', shelfLife: 365, threshold: 30, order: [5, 40, 5], weight: 7, pack: 10,
  }),
  item('WATER-NOVA-1.5L-12', 'Nova Water 1.5L (Carton of 12)', 'مياه نوفا 1.5 لتر (كرتون 12 حبة)', 'carton', 14, 11.6, {
    category: 'water', supplier: 'othaim', shelfLife: 365, threshold: 20, order: [5, 25, 5], weight: 4, pack: 10,
  }),
  item('WATER-BERAIN-330ML-40', 'Berain Water 330ml (Carton of 40)', 'مياه بيرين 330 مل (كرتون 40 حبة)', 'carton', 12.5, 10.2, {
    category: 'water', supplier: 'othaim', shelfLife: 365, threshold: 30, order: [5, 40, 5], weight: 5, pack: 10,
  }),
  item('JUICE-ALM-ORANGE-1L', 'Almarai Orange Juice 1L', 'عصير برتقال المراعي 1 لتر', 'piece', 7.5, 6.3, {
    category: 'beverages', supplier: 'almarai', shelfLife: 30, threshold: 24, order: [6, 36, 6], weight: 5, pack: 12,
  }),
  item('VIMTO-710ML', 'Vimto Fruit Cordial 710ml', 'فيمتو شراب فواكه مركز 710 مل', 'piece', 11.5, 9.6, {
    category: 'beverages', supplier: 'othaim', shelfLife: 540, threshold: 12, order: [6, 24, 6], weight: 2, pack: 12,
  }),
  item('TANG-ORANGE-2KG', 'Tang Orange Drink Powder 2kg', 'تانج شراب بودرة برتقال 2 كجم', 'piece', 38, 32.5, {
    category: 'beverages', supplier: 'othaim', shelfLife: 540, threshold: 6, order: [1, 6, 1], weight: 2, pack: 6,
    stock: { runsLow: { lastDelivery: 26, endQuantity: 0 } },
  }),

  // Household, paper, personal care
  item('TIDE-AUTO-3KG', 'Tide Automatic Laundry Powder 3kg', 'تايد مسحوق غسيل أوتوماتيك 3 كجم', 'piece', 42, 36, {
    category: 'cleaning', supplier: 'homecare', shelfLife: null, threshold: 12, order: [3, 24, 3], weight: 3, pack: 6,
  }),
  item('FAIRY-LEMON-1L', 'Fairy Dishwashing Liquid Lemon 1L', 'فيري سائل غسيل الصحون ليمون 1 لتر', 'piece', 13.5, 11.2, {
    category: 'cleaning', supplier: 'homecare', shelfLife: null, threshold: 24, order: [6, 36, 6], weight: 3, pack: 12,
  }),
  item('CLOROX-3.78L', 'Clorox Original Bleach 3.78L', 'كلوركس مبيض أصلي 3.78 لتر', 'piece', 17.25, 14.5, {
    category: 'cleaning', supplier: 'homecare', shelfLife: null, threshold: 12, order: [4, 16, 4], weight: 3, pack: 4,
  }),
  item('DETTOL-500ML', 'Dettol Antiseptic Liquid 500ml', 'ديتول سائل مطهر 500 مل', 'piece', 22, 18.6, {
    category: 'cleaning', supplier: 'homecare', shelfLife: null, threshold: 12, order: [3, 12, 3], weight: 2, pack: 12,
    stock: { runsLow: { lastDelivery: 30, endQuantity: 0 } },
  }),
  item('TISSUE-FINE-FACIAL-200', 'Fine Facial Tissues 200 Sheets', 'مناديل فاين للوجه 200 منديل', 'box', 4.75, 3.8, {
    category: 'paper', supplier: 'homecare', shelfLife: null, threshold: 30, order: [10, 60, 10], weight: 3, pack: 30,
  }),
  item('TISSUE-FINE-TOILET-10', 'Fine Toilet Rolls 10 Rolls', 'مناديل حمام فاين 10 رولات', 'piece', 14, 11.5, {
    category: 'paper', supplier: 'homecare', shelfLife: null, threshold: 20, order: [5, 30, 5], weight: 3, pack: 6,
  }),
  item('SOAP-LUX-120G', 'Lux Bar Soap 120g', 'صابون لوكس 120 جم', 'piece', 3.25, 2.55, {
    category: 'personal', supplier: 'homecare', shelfLife: 1095, threshold: 48, order: [24, 96, 24], weight: 2, pack: 72,
  }),

  // Snacks, breakfast, bakery
  item('CHIPS-LAYS-SALT-40G', "Lay's Classic Salted Chips 40g", 'شيبس ليز بالملح 40 جم', 'piece', 2, 1.55, {
    category: 'snacks', supplier: 'othaim', shelfLife: 120, threshold: 48, order: [24, 144, 24], weight: 3, pack: 24,
    stock: { slowMover: { expiresIn: 18 } },
  }),
  item('BISC-OREO-38G', 'Oreo Original Biscuits 38g', 'بسكويت أوريو 38 جم', 'piece', 1.5, 1.15, {
    category: 'snacks', supplier: 'othaim', shelfLife: 270, threshold: 48, order: [24, 96, 24], weight: 2, pack: 24,
    stock: { slowMover: { expiresIn: 41 } },
  }),
  item('CEREAL-KELLOGGS-CF-500G', "Kellogg's Corn Flakes 500g", 'كورن فليكس كيلوجز 500 جم', 'piece', 18.5, 15.6, {
    category: 'breakfast', supplier: 'othaim', shelfLife: 270, threshold: 12, order: [3, 12, 3], weight: 2, pack: 12,
    stock: { slowMover: { expiresIn: 53 } },
  }),
  item('BREAD-LUSINE-WHITE-L', "L'usine White Sliced Bread Large", 'خبز لوزين أبيض شرائح كبير', 'piece', 6, 4.9, {
    category: 'bakery', supplier: 'almarai', shelfLife: 5, threshold: 20, order: [5, 30, 5], weight: 5, pack: 10,
    stock: { expiredBatch: { receivedDaysAgo: 6, expiredDaysAgo: 1, quantity: 8 } },
  }),
];

/**
 * What each kind of client buys more or less of than a grocery does (default 1), and how much
 * bigger its order lines are.
 */
// prettier-ignore
export const segments = {
  grocery: { scale: 0.9, likes: { snacks: 1.5, beverages: 1.3, water: 1.2 } },
  supermarket: { scale: 1.8, likes: { snacks: 1.4, beverages: 1.3 } },
  restaurant: {
    scale: 1,
    likes: { rice: 4, oil: 3, poultry: 4, spices: 3, pantry: 2, water: 2, beverages: 1.5, eggs: 1.5, pulses: 1.5,
      tea: 0.7, coffee: 0.3, personal: 0.2, snacks: 0.1, breakfast: 0.1, dates: 0.5 },
  },
  catering: {
    scale: 1.6,
    likes: { rice: 5, oil: 3, poultry: 4, spices: 2.5, water: 2.5, dates: 2, pantry: 2, pulses: 1.5, dairy: 1.5,
      sugar: 1.5, snacks: 0.2, breakfast: 0.2, personal: 0.2, cleaning: 0.5 },
  },
  hotel: {
    scale: 1.1,
    likes: { dairy: 3, eggs: 3, bakery: 3, beverages: 2, tea: 2, coffee: 2, breakfast: 3, cleaning: 2, paper: 3,
      personal: 3, water: 3, dates: 2, sugar: 1.5, rice: 0.8, poultry: 0.8, pulses: 0.3, snacks: 0.3, spices: 0.3 },
  },
  cafe: {
    scale: 0.6,
    likes: { dairy: 3, tea: 3, coffee: 4, sugar: 3, water: 2, beverages: 2, bakery: 2, dates: 1.5, paper: 1.5,
      rice: 0.1, poultry: 0.1, pulses: 0.1, oil: 0.2, pantry: 0.3, cleaning: 0.5, personal: 0.2, flour: 0.2 },
  },
};

/**
 * What each item is also sold in (CONTRACT §10): the case a supplier delivers it in becomes a
 * carton (a kilo of dates by the 10 kg carton, eggs by the carton of 10 trays), water by the
 * pallet of 80 cartons; bags and loose goods have no pack. A carton sells 2 % under its pieces.
 */
export function packsOf(item) {
  if (item.unit === 'carton') return [{ unit: 'pallet', factor: 80 }];
  if (item.unit === 'bag' || item.pack <= 1) return [];
  return [{ unit: 'carton', factor: item.pack, sellingPrice: Math.round(item.pack * item.sellingPrice * 98) / 100 }];
}

/**
 * Two price lists (CONTRACT §10): a price per item and unit, `discount` % under the item's own.
 * The key accounts buy at the wholesale list, the hotels at the HORECA one (a client's `priceList`).
 */
export const priceLists = [
  { key: 'wholesale', name: 'Wholesale · الجملة', discount: 3 },
  { key: 'horeca', name: 'HORECA · الفنادق والمطاعم', discount: 2 },
];

/**
 * Clients: Saudi and Emirati businesses. `weight`: how often they order; `priceList`: the list
 * they buy at (else the items' own prices); `cartons`: they order full cartons; `source`: how
 * their orders arrive when not typed in (Hayat's purchasing system sends them through the API).
 */
// prettier-ignore
/**
 * Payment terms by segment (days from the invoice to its due date): key accounts and caterers
 * pay monthly, hotels on 45 days, restaurants fortnightly, small shops weekly.
 */
export const paymentTermsOf = (client) =>
  ({ catering: 30, supermarket: 30, hotel: 45, restaurant: 15, cafe: 7, grocery: 7 })[client.segment] ?? 0;

export const clients = [
  {
    key: 'rowad',
    name: 'Al Rowad Catering Co.',
    nameAr: 'شركة الرواد للتموين',
    segment: 'catering',
    weight: 8,
    priceList: 'wholesale',
    cartons: true,
    phone: '+966 55 812 4403',
    email: 'procurement@alrowad-catering.sa',
    address: 'Al Sulay, Exit 18, Riyadh 14322',
    notes: 'Monthly statement, 30 days credit. Deliveries 6–9 am only.',
    // VAT-registered: its invoices are standard tax invoices, cleared by ZATCA (docs/zatca.md).
    vatNumber: '300812440300003',
    nationalAddress: {
      street: 'Al Kharj Road',
      buildingNumber: '7415',
      additionalNumber: '3120',
      district: 'Al Sulay',
      city: 'Riyadh',
      postalCode: '14322',
    },
  },
  {
    key: 'hayat',
    name: 'Hayat Family Supermarket',
    nameAr: 'سوبرماركت حياة العائلة',
    segment: 'supermarket',
    weight: 8,
    priceList: 'wholesale',
    cartons: true,
    source: 'api',
    phone: '+966 50 377 9120',
    email: 'orders@hayatfamily.com.sa',
    address: 'King Saud St, Al Adamah, Dammam 32241',
    vatNumber: '300377912000003',
    nationalAddress: {
      street: 'King Saud Street',
      buildingNumber: '2863',
      district: 'Al Adamah',
      city: 'Dammam',
      postalCode: '32241',
    },
  },
  {
    key: 'majd',
    name: 'Al Majd Trading Est.',
    nameAr: 'مؤسسة المجد التجارية',
    segment: 'supermarket',
    weight: 7,
    priceList: 'wholesale',
    cartons: true,
    phone: '+966 56 240 1187',
    email: 'almajd.trading@gmail.com',
    address: 'Al Safra, Buraydah 52384',
    notes: 'Sub-distributor for Qassim. Full cartons only.',
  },
  {
    key: 'tameer',
    name: 'Tameer Markets – Al Khobar',
    nameAr: 'أسواق تعمير - فرع الخبر',
    segment: 'supermarket',
    weight: 6,
    priceList: 'wholesale',
    cartons: true,
    phone: '+966 53 905 6612',
    email: 'khobar@tameermarkets.sa',
    address: 'Prince Turki St, Al Corniche, Al Khobar 34413',
  },
  {
    key: 'diyafa',
    name: 'Qasr Al Diyafa Hotel',
    nameAr: 'فندق قصر الضيافة',
    segment: 'hotel',
    weight: 5,
    priceList: 'horeca',
    phone: '+966 54 118 7735',
    email: 'purchasing@qasraldiyafa.sa',
    address: 'Palestine St, Al Hamra, Jeddah 23323',
  },
  {
    key: 'waha',
    name: 'Al Waha Minimarket',
    nameAr: 'ميني ماركت الواحة',
    segment: 'grocery',
    weight: 4,
    phone: '+966 50 214 7781',
    address: 'Al Malqa, Riyadh 13524',
  },
  {
    key: 'green-valley',
    name: 'Green Valley Grocery',
    nameAr: 'بقالة الوادي الأخضر',
    segment: 'grocery',
    weight: 4,
    phone: '+966 59 660 2418',
    email: 'greenvalley.grocery@outlook.sa',
    address: 'Al Nakheel, Riyadh 12382',
  },
  {
    key: 'mandi',
    name: 'Bait Al Mandi Restaurant',
    nameAr: 'مطعم بيت المندي',
    segment: 'restaurant',
    weight: 5,
    phone: '+966 55 093 3174',
    address: 'Olaya St, Al Olaya, Riyadh 12213',
  },
  {
    key: 'khair',
    name: 'Al Khair Baqala',
    nameAr: 'بقالة الخير',
    segment: 'grocery',
    weight: 3,
    phone: '+966 58 721 0946',
    address: 'حي السويدي، الرياض',
  },
  {
    key: 'sahafa',
    name: 'Al Sahafa Corner Store',
    nameAr: 'بقالة زاوية الصحافة',
    segment: 'grocery',
    weight: 2,
    phone: '+966 50 918 2263',
  },
  {
    key: 'layali',
    name: 'Layali Al Sharq Restaurant',
    nameAr: 'مطعم ليالي الشرق',
    segment: 'restaurant',
    weight: 3,
    phone: '+966 56 447 5829',
    address: 'Tahlia St, Al Andalus, Jeddah 23326',
  },
  {
    key: 'nakhla',
    name: 'Nakhla Café',
    nameAr: 'مقهى النخلة',
    segment: 'cafe',
    weight: 3,
    phone: '+966 53 266 0471',
    email: 'hello@nakhlacafe.sa',
    address: 'Al Yasmin, Riyadh 13325',
  },
  {
    key: 'ruwais',
    name: 'Ruwais Fish & Grill',
    nameAr: 'مطعم الرويس للأسماك والمشويات',
    segment: 'restaurant',
    weight: 2,
    phone: '+966 54 380 9915',
    address: 'Al Ruwais, Jeddah 23214',
  },
  {
    key: 'dar-salam',
    name: 'Dar Al Salam Catering',
    nameAr: 'تموين دار السلام',
    segment: 'catering',
    weight: 4,
    phone: '+966 55 671 2290',
    email: 'supply@daralsalam-catering.sa',
    address: 'Al Aziziyah, Makkah 24243',
    notes: 'Bigger orders in the pilgrimage seasons.',
  },
  {
    key: 'faisaliah',
    name: 'Al Faisaliah Minimarket',
    nameAr: 'ميني ماركت الفيصلية',
    segment: 'grocery',
    weight: 2,
    phone: '+966 50 553 8127',
    address: 'حي الفيصلية، الدمام',
  },
  {
    key: 'sunbulah',
    name: 'Sunbulah Bakery & Café',
    nameAr: 'مخبز ومقهى السنبلة',
    segment: 'cafe',
    weight: 2,
    phone: '+966 59 204 6653',
    address: 'Al Rakah, Al Khobar 34227',
  },
  {
    key: 'jood',
    name: 'Jood Hotel Apartments',
    nameAr: 'شقق جود الفندقية',
    segment: 'hotel',
    weight: 3,
    priceList: 'horeca',
    phone: '+966 56 918 4402',
    email: 'fb@joodhotel.sa',
    address: 'King Abdullah Rd, Madinah 42311',
  },
  {
    key: 'yasmin',
    name: 'Al Yasmin Baqala',
    nameAr: 'بقالة الياسمين',
    segment: 'grocery',
    weight: 2,
    phone: '+966 58 330 7714',
  },
  {
    key: 'badr',
    name: 'Al Badr Kitchen',
    nameAr: 'مطبخ البدر',
    segment: 'restaurant',
    weight: 3,
    phone: '+966 55 406 1839',
    notes: 'Call Abu Fahad before delivering.',
  },
  // United Arab Emirates
  {
    key: 'barsha',
    name: 'Al Barsha Fresh Market',
    nameAr: 'سوق البرشاء الطازج',
    segment: 'supermarket',
    weight: 4,
    phone: '+971 50 624 1187',
    email: 'buying@barshafresh.ae',
    address: 'Al Barsha 1, Dubai',
  },
  {
    key: 'deira',
    name: 'Deira Spice House',
    nameAr: 'بيت بهارات ديرة',
    segment: 'grocery',
    weight: 2,
    phone: '+971 55 318 2290',
    address: 'Al Ras, Deira, Dubai',
  },
  {
    key: 'corniche',
    name: 'Corniche Café',
    nameAr: 'مقهى الكورنيش',
    segment: 'cafe',
    weight: 2,
    phone: '+971 52 740 6615',
    email: 'corniche.cafe.auh@gmail.com',
    address: 'Corniche Rd, Abu Dhabi',
  },
  {
    key: 'qasba',
    name: 'Al Qasba Grocery',
    nameAr: 'بقالة القصباء',
    segment: 'grocery',
    weight: 2,
    phone: '+971 56 102 8843',
    address: 'Al Majaz 3, Sharjah',
  },
  {
    key: 'marina',
    name: 'Marina Pearl Hotel',
    nameAr: 'فندق لؤلؤة المارينا',
    segment: 'hotel',
    weight: 3,
    priceList: 'horeca',
    phone: '+971 54 993 3021',
    email: 'purchasing@marinapearl.ae',
    address: 'Al Marsa St, Dubai Marina, Dubai',
  },
  {
    key: 'ajman',
    name: 'Ajman Family Mart',
    nameAr: 'أجمان فاميلي مارت',
    segment: 'grocery',
    weight: 1,
    phone: '+971 58 215 6674',
  },
];

/** Orders from people who are not clients (the order keeps their name, linked to no client). */
export const walkInNames = ['Walk-in customer', 'عميل نقدي', 'Abu Saleh (cash)'];

/** Lines that match nothing in the catalogue: typed in as free text, linked to no stock item. */
export const freeTextLines = [
  { itemName: 'Delivery charge', itemNameAr: 'رسوم التوصيل', unit: 'piece', unitPrice: 25, order: [1, 1, 1] },
  { itemName: 'Ice bags 3kg', itemNameAr: 'أكياس ثلج 3 كجم', unit: 'bag', unitPrice: 4, order: [5, 20, 5] },
  {
    itemName: 'Saudi coffee blend 500g',
    itemNameAr: 'قهوة عربية شقراء 500 جم',
    unit: 'piece',
    unitPrice: 38,
    order: [2, 10, 2],
  },
  { itemName: 'Saffron 1g', itemNameAr: 'زعفران 1 جم', unit: 'piece', unitPrice: 18, order: [5, 20, 5] },
  {
    itemName: 'Paper cups 8oz (50 pcs)',
    itemNameAr: 'أكواب ورقية 8 أونصة (50 حبة)',
    unit: 'box',
    unitPrice: 9.5,
    order: [5, 20, 5],
  },
];

/** Notes some orders carry. */
export const orderNotes = [
  'Deliver before 10 am',
  'التوصيل قبل الساعة ١٠ صباحاً',
  'Cash on delivery',
  'الدفع عند الاستلام',
  'Call the store manager on arrival',
  'Back entrance, gate 2',
  'اتصل قبل الوصول',
  'Urgent – for the weekend',
];

/**
 * Orders that arrived as WhatsApp messages (source `text`), on a given day (days before today)
 * with a given status; `lines` are what the clerk entered, in the items' units.
 */
export const messageOrders = [
  {
    daysAgo: 47,
    client: 'khair',
    status: 'completed',
    text: 'السلام عليكم\nابي لو سمحت ٢٤ حليب المراعي ١ لتر و ١٢ لبن المراعي\nو ٥ كياس رز الوليمة ١٠ كيلو\nوالتوصيل قبل الظهر الله يعافيك 🙏',
    lines: [
      { sku: 'MILK-ALM-1L', quantity: 24 },
      { sku: 'LABAN-ALM-1L', quantity: 12 },
      { sku: 'RICE-WLM-10KG', quantity: 5 },
    ],
  },
  {
    daysAgo: 38,
    client: 'green-valley',
    status: 'completed',
    text: 'Hi, Faisal from Green Valley Grocery. Please send 3 bags Al Osra sugar 10kg, 8 boxes Lipton yellow label 100 bags and 24 Afia corn oil 1.5L. Thanks!',
    lines: [
      { sku: 'SUGAR-OSRA-10KG', quantity: 3 },
      { sku: 'TEA-LIPTON-YL-100', quantity: 8 },
      { sku: 'OIL-AFIA-1.5L', quantity: 24 },
    ],
  },
  {
    daysAgo: 29,
    client: 'mandi',
    status: 'completed',
    text: 'مرحبا، order for tomorrow:\n- Abu Kass 10kg x 6\n- هيل ٢ كيلو\n- دجاج الوطنية ١٠٠٠ جم ٣٠ حبة\n- ١٠ كياس ثلج\nشكرا',
    lines: [
      { sku: 'RICE-ABK-10KG', quantity: 6 },
      { sku: 'SPICE-CARDAMOM-KG', quantity: 2 },
      { sku: 'CHK-WAT-1000G', quantity: 30 },
      { free: 'Ice bags 3kg', quantity: 10 },
    ],
  },
  {
    daysAgo: 17,
    client: 'nakhla',
    status: 'completed',
    text: 'صباح الخير ☀️ نبي ١٢ حليب المراعي ٢ لتر و ٦ علب نسكافيه ٣ في ١ و ٢٠ كرتون مياه نوفا الصغير',
    lines: [
      { sku: 'MILK-ALM-2L', quantity: 12 },
      { sku: 'COFFEE-NES-3IN1-30', quantity: 6 },
      { sku: 'WATER-NOVA-330ML-40', quantity: 20 },
    ],
  },
  {
    daysAgo: 9,
    client: 'diyafa',
    status: 'completed',
    text: "Good morning, Qasr Al Diyafa purchasing. For the breakfast buffet please deliver: 20 trays of eggs, 36 Almarai orange juice 1L, 6 Kellogg's corn flakes 500g and 30 L'usine white bread. Thank you.",
    lines: [
      { sku: 'EGGS-TRAY-30', quantity: 20 },
      { sku: 'JUICE-ALM-ORANGE-1L', quantity: 36 },
      { sku: 'CEREAL-KELLOGGS-CF-500G', quantity: 6 },
      { sku: 'BREAD-LUSINE-WHITE-L', quantity: 30 },
    ],
  },
  {
    daysAgo: 3,
    client: 'deira',
    status: 'confirmed',
    text: 'Salam, need 10 kg Sukkari dates loose, 6 boxes Sukkari 3kg and 1 kg cardamom. Send with the Thursday truck pls',
    lines: [
      { sku: 'DATES-SUK-KG', quantity: 10 },
      { sku: 'DATES-SUK-3KG', quantity: 6 },
      { sku: 'SPICE-CARDAMOM-KG', quantity: 1 },
    ],
  },
  {
    daysAgo: 1,
    client: 'yasmin',
    status: 'pending',
    text: 'مساء الخير، ابغى ١٠ كراتين مياه بيرين و ٤٨ علبة بيبسي و ٦ فيمتو، و ٣٠ علبة مناديل فاين للوجه',
    lines: [
      { sku: 'WATER-BERAIN-330ML-40', quantity: 10 },
      { sku: 'PEPSI-CAN-330ML', quantity: 48 },
      { sku: 'VIMTO-710ML', quantity: 6 },
      { sku: 'TISSUE-FINE-FACIAL-200', quantity: 30 },
    ],
  },
  {
    daysAgo: 0,
    client: 'rowad',
    status: 'pending',
    text: 'Al Rowad Catering - order for tomorrow morning:\nAl Walimah 10kg - 20 bags\nAfia 3L - 12\nSadia 1200g - 40\nTomato paste Al Alali - 96\nsorry make the Sadia 50 not 40',
    lines: [
      { sku: 'RICE-WLM-10KG', quantity: 20 },
      { sku: 'OIL-AFIA-3L', quantity: 12 },
      { sku: 'CHK-SADIA-1200G', quantity: 50 },
      { sku: 'TPASTE-ALALI-135G', quantity: 96 },
    ],
  },
  {
    daysAgo: 0,
    client: null,
    clientName: 'Abu Turki',
    status: 'pending',
    text: 'السلام عليكم، معك ابو تركي. ارسل لي ٣ كياس سكر الاسرة ١٠ كيلو و ٢ علبة تمر سكري ٣ كيلو',
    lines: [
      { sku: 'SUGAR-OSRA-10KG', quantity: 3 },
      { sku: 'DATES-SUK-3KG', quantity: 2 },
    ],
  },
];

/**
 * The company's ZATCA phase-2 settings: onboarded to the local Fatoora simulator once the history
 * is loaded, so the invoices issued from then on are signed and reported (docs/zatca.md).
 */
export const zatca = {
  environment: 'simulator',
  sellerNameAr: 'شركة النور التجارية',
  sellerNameEn: 'Al Noor Trading Co.',
  vatNumber: '310123456700003',
  crn: '1010456789',
  address: {
    street: 'شارع الصناعة',
    buildingNumber: '2614',
    additionalNumber: '7781',
    district: 'المدينة الصناعية الثانية',
    city: 'الرياض',
    postalCode: '14332',
    countryCode: 'SA',
  },
  egs: {
    serial: '1-GulfERP|2-1.0|3-demo-riyadh-1',
    name: 'EGS1-Riyadh-Warehouse',
    model: 'GulfERP',
    industry: 'Wholesale',
  },
};
