import { describe, expect, it } from 'vitest';
import { catalogIndex } from '../../test/parser-fixtures.js';
import { parseOrderText } from './parse.js';

const clientOf = (text: string): string => parseOrderText(text, catalogIndex()).clientName;

describe('client extraction', () => {
  it('takes the business of "X from Y" and "This is X from Y"', () => {
    expect(clientOf('This is Abu Khalid from Al Noor Supermarket, 5 ctn Pepsi cans')).toBe('Al Noor Supermarket');
    expect(clientOf('Hello, Faisal from Green Valley Grocery. Need 4 bags Abu Kass')).toBe('Green Valley Grocery');
    expect(clientOf('salam, ana 5alid min supermarket al noor. abi 6 kartoon fine')).toBe('supermarket al noor');
  });

  it('takes an order header without the branch', () => {
    expect(clientOf('Order for Hyper Panda branch 12:\nKiri x 5')).toBe('Hyper Panda');
    expect(clientOf('طلبية شركة الرواد للتموين:\nزيت نور ١٫٥ لتر: ٢٤ حبة')).toBe('شركة الرواد للتموين');
  });

  it('takes a labelled name and an Arabic introduction', () => {
    expect(clientOf('- فيري ١٠ حبات\nمن: بقالة الريان')).toBe('بقالة الريان');
    expect(clientOf('معك محمد من أسواق المزرعة، ابي ٣٠ شوال دقيق فورتونا')).toBe('أسواق المزرعة');
  });

  it('takes the business in parentheses after the sender', () => {
    expect(clientOf("Hi it's Rashid (Corner Store, Al Khobar). 6 trays eggs")).toBe('Corner Store');
  });

  it('falls back to the person ordering', () => {
    expect(clientOf('Abu Faisal here. 3 ctn Nido')).toBe('Abu Faisal');
    expect(clientOf('osra sugar 2kg 30 bags\n– Abu Turki')).toBe('Abu Turki');
  });

  it('prefers the business in a signature', () => {
    expect(clientOf('Fortuna 10kg 6 bags\n- Ahmed, Al Waha Minimarket')).toBe('Al Waha Minimarket');
    expect(clientOf('Kiri 4 ctn. Thanks, Al Safa Supermarket')).toBe('Al Safa Supermarket');
  });

  it('takes a business the order is for, and a sign-off under "Regards,"', () => {
    expect(clientOf('نرجو تجهيز الطلبية التالية لمؤسسة النور التجارية: ٥٠ كيس سكر الأسرة ٢ كجم')).toBe(
      'مؤسسة النور التجارية',
    );
    expect(clientOf('Please supply 40 trays eggs.\nRegards,\nMohammed – Al Rayyan Foodstuff Trading')).toBe(
      'Al Rayyan Foodstuff Trading',
    );
    expect(clientOf('هنا بقالة السعادة، نبي ٥ كراتين بيبسي')).toBe('بقالة السعادة');
  });

  it('keeps the items of a line that names the business after them', () => {
    const parsed = parseOrderText('5 ctn Pepsi cans from Al Noor Supermarket', catalogIndex());
    expect(parsed.clientName).toBe('Al Noor Supermarket');
    expect(parsed.items.map((item) => [item.sku, item.quantity])).toEqual([['PEPSI-CAN-330ML', 5]]);
  });

  it('takes the name after an order header with a modifier and a dash, or before it when a branch follows', () => {
    expect(clientOf('Monthly order – Green Valley Grocery\nKiri 10 ctn')).toBe('Green Valley Grocery');
    expect(clientOf('طلبية الأسبوع – سوبر ماركت النخيل\nبيبسي ١٠ كراتين')).toBe('سوبر ماركت النخيل');
    expect(clientOf('Carrefour order - branch 7:\nKiri x 10')).toBe('Carrefour');
    expect(clientOf('Ramadan order:\nKiri x 4')).toBe('Unknown Client');
    expect(clientOf('Please order the following:\nKiri 5 ctn')).toBe('Unknown Client');
  });

  it('takes the name the invoice or the account is under', () => {
    expect(clientOf('Please bill to Al Waha Minimarket. Kiri 4 ctn')).toBe('Al Waha Minimarket');
    expect(clientOf('٣ كراتين تونة قودي والفاتورة باسم أبو خالد')).toBe('أبو خالد');
    expect(clientOf('حطوها على حساب بقالة النور، ٥ شوالات سكر الخليج')).toBe('بقالة النور');
    const parsed = parseOrderText('ابي ٤ كراتين فيري ع الحساب تبع محلات السعادة', catalogIndex());
    expect(parsed.clientName).toBe('محلات السعادة');
    expect(parsed.items.map((item) => [item.sku, item.quantity, item.sourceText])).toEqual([
      ['FAIRY-LEMON-1L', 4, 'فيري'],
    ]);
    expect(clientOf('Separate invoice for branch 2 please. 4 ctn Kiri')).toBe('Unknown Client');
  });

  it('takes a line that is only a business name, above or under the list', () => {
    expect(clientOf('Kiri 4 ctn\nNido 2.25 6 tins\nأسواق الريم')).toBe('أسواق الريم');
    expect(clientOf('Al Noor Supermarket\nTide 3kg 12 pcs\nFairy 1L 24 pcs')).toBe('Al Noor Supermarket');
    expect(clientOf('Kindly supply 20 bags Walimah 10kg\nAl Hilal Supermarket - Olaya branch')).toBe(
      'Al Hilal Supermarket',
    );
    expect(clientOf('Fine tissue 5 ctn\nAl Hamra branch')).toBe('Unknown Client');
  });

  it('takes the business from a line of parts: reference, department, sender, branch', () => {
    expect(clientOf('Ref 4471 – Al Bustan Restaurant (Kitchen)\nKiri 4 ctn')).toBe('Al Bustan Restaurant');
    expect(clientOf('Salem - تموينات الندى\nابي ٣ كراتين بيبسي')).toBe('تموينات الندى');
    expect(clientOf('ابي ١٠ طبق بيض\nمخبز الفرن الذهبي - أبو سامي')).toBe('مخبز الفرن الذهبي');
    expect(clientOf('Kiri 4 ctn\nAl Noor Supermarket - 5 ctn Nido')).toBe('Unknown Client');
  });

  it('takes a labelled buyer, a business in a sign-off\'s parentheses, and "fatora 3ala X"', () => {
    expect(clientOf('Purchase order 7781\nSupplier: Gulf Foods\nBuyer: Al Khaleej Catering\n1) Nido x 6')).toBe(
      'Al Khaleej Catering',
    );
    expect(clientOf('Need 6 ctn Tang orange. Thanks, Bilal (Bilal Grocery)')).toBe('Bilal Grocery');
    expect(clientOf('abi 4 kartonat ma2 berain, w el fatora 3ala mahal al salam')).toBe('mahal al salam');
    expect(clientOf('Dukkan Abu Sami\nKiri 5 ctn')).toBe('Dukkan Abu Sami');
  });

  it('does not take "I have" before an order header as a name', () => {
    expect(clientOf('عندي طلب: ٣ شوالات سكر الخليج ١٠ كيلو')).toBe('Unknown Client');
  });

  it('takes a kunya alone on the last line as a signature', () => {
    expect(clientOf('Tang x 6\nNido x 4\nأبو ناصر')).toBe('أبو ناصر');
    expect(clientOf('Kiri 5 ctn\n\nUm Khaled')).toBe('Um Khaled');
    expect(clientOf('الطلبية: كرتونين حليب نادك، ٣ كراتين لبن المراعي. أبو عبدالله')).toBe('أبو عبدالله');
    expect(clientOf('Hi Abu Ali, 5 ctn Kiri')).toBe('Unknown Client');
    // "Abu Kass" is rice.
    expect(clientOf('Fortuna 10kg 2 bags\nAbu Kass')).toBe('Unknown Client');
  });

  it('takes the business the sender works at, not a delivery place', () => {
    expect(clientOf("Hi, it's Ravi, chef at Spice Route Restaurant. 5 bags Abu Kass")).toBe('Spice Route Restaurant');
    expect(clientOf('Kiri 5 ctn\nPlease deliver at Al Noor Supermarket back gate')).toBe('Unknown Client');
  });

  it('prefers a named business to an order header without a business word', () => {
    expect(clientOf('Order for Rashid:\nKiri 5 ctn\n- Al Waha Grocery')).toBe('Al Waha Grocery');
    expect(clientOf('Order for Rashid:\nKiri 5 ctn')).toBe('Rashid');
  });

  it('takes an order header after a demonstrative or a forwarding note, not a delivery day', () => {
    expect(clientOf('هذي طلبية مخبز الفرن الذهبي: ٥ شوالات دقيق فورتونا ١٠ كيلو')).toBe('مخبز الفرن الذهبي');
    expect(clientOf('Fwd from Sales – order for Danube, Olaya branch:\nKiri x 5')).toBe('Danube');
    expect(clientOf('This is the order for Danube:\nKiri x 5')).toBe('Danube');
    expect(clientOf('طلبية يوم الاثنين: ٥ كراتين حليب المراعي')).toBe('Unknown Client');
    expect(clientOf('الطلب ليوم السبت: ٦ كراتين فيري')).toBe('Unknown Client');
  });

  it('takes an order header after a salutation and a sending verb', () => {
    expect(clientOf('الإخوة الكرام، مرفق طلبية سوبرماركت الهدى:\nكيري ٥ كراتين')).toBe('سوبرماركت الهدى');
    expect(clientOf('Dear team, please find attached the order of Marina Hotel:\nKiri x 5')).toBe('Marina Hotel');
    expect(clientOf('السادة المحترمين، نرفق طلب:\nكيري ٥ كراتين')).toBe('Unknown Client');
    expect(clientOf('Hi Ahmed, order for Thursday:\nKiri x 5')).toBe('Unknown Client');
  });

  it('takes a business right before a request ("X محتاج", "X needs")', () => {
    expect(clientOf('صباح الخير، سوبرماركت الهدى محتاج ٦ كراتين تونة قودي')).toBe('سوبرماركت الهدى');
    expect(clientOf('Al Noor Supermarket needs 5 ctn Almarai milk')).toBe('Al Noor Supermarket');
    expect(clientOf('Hi, Fahad needs 5 ctn Almarai milk')).toBe('Unknown Client');
  });

  it('takes the business after the sender and a comma over the sender', () => {
    expect(clientOf('انا أبو فهد، بقالة النخيل. ابي ٣ كراتين كيري')).toBe('بقالة النخيل');
    expect(clientOf('hi, this is Ahmed, Al Waha Minimarket. 5 ctn Kiri')).toBe('Al Waha Minimarket');
    expect(clientOf('أنا أبو سالم، محل سوبرماركت الواحة. ٣ كراتين كيري')).toBe('سوبرماركت الواحة');
  });

  it('takes a signature after a sign-off with a colon or a dash', () => {
    expect(clientOf('Sadia 1000g 10 ctn\nمع خالص التحيات: مطعم البيت الشامي')).toBe('مطعم البيت الشامي');
    expect(clientOf('Sadia 1000g 10 ctn\nRegards – Golden Fork Catering')).toBe('Golden Fork Catering');
    expect(clientOf('Kiri 5 ctn\nمع التحية: مؤسسة الريان')).toBe('مؤسسة الريان');
  });

  it('reads the Arabizi introduction "m3ak X min ba2alat Y"', () => {
    expect(clientOf('salam, m3ak fahad min ba2alat al noor. 5 kartoon laban almarai')).toBe('ba2alat al noor');
    expect(clientOf('m3ak fahad. 5 kartoon laban almarai')).toBe('fahad');
  });

  it('takes a business set apart at the end of the order line, and its items stay whole', () => {
    const arabic = parseOrderText('ابي 5 كراتين حليب المراعي و 3 اكياس سكر، بقالة الريان', catalogIndex());
    expect(arabic.clientName).toBe('بقالة الريان');
    expect(arabic.items.map((item) => item.stockItemId)).toEqual(['MILK-ALM-1L', 'SUGAR-OSRA-2KG']);
    expect(clientOf('5 ctn almarai milk, 3 bags sugar - Al Rayyan Grocery')).toBe('Al Rayyan Grocery');
    expect(clientOf('yalla 5 ctn pepsi w 3 kis sukkar, baqala al rayyan')).toBe('baqala al rayyan');
    expect(clientOf('ابي 5 كراتين حليب المراعي، بقالة الريان فرع العليا')).toBe('بقالة الريان');
    // A last part that is a product or an instruction names no one.
    expect(clientOf('5 ctn pepsi, 2 bags sugar, Almarai milk 3 ctn')).toBe('Unknown Client');
    expect(clientOf('5 ctn pepsi - urgent')).toBe('Unknown Client');
  });

  it('takes "للـ X", "to X" with a shop word, a sender label mid-line and "مع تحيات X"', () => {
    expect(clientOf('5 كراتين حليب المراعي للـ بقالة الريان')).toBe('بقالة الريان');
    expect(clientOf('please send 5 ctn pepsi to Al Rayyan Grocery tomorrow morning')).toBe('Al Rayyan Grocery');
    expect(clientOf('5 كرتون بيبسي. المرسل: ماركت الأمل')).toBe('ماركت الأمل');
    expect(clientOf('5 كرتون بيبسي\nمع تحيات مطعم الشرق')).toBe('مطعم الشرق');
    expect(clientOf('send 5 ctn pepsi to Ahmed')).toBe('Unknown Client');
  });

  it('takes "من طرف X", "لصالح X", "on behalf of X" and the businesses of other trades', () => {
    expect(clientOf('مساء الخير، من طرف أبو سلطان، نبي ١٠ كراتين بيبسي')).toBe('أبو سلطان');
    expect(clientOf('نرجو توريد ٢٠ كرتون حليب لصالح فندق النخيل')).toBe('فندق النخيل');
    expect(clientOf('On behalf of Al Yamama Catering, 6 ctn Kiri')).toBe('Al Yamama Catering');
    expect(clientOf('Al Majd Contracting\n5 ctn pepsi\n3 bags sugar')).toBe('Al Majd Contracting');
    expect(clientOf('5 ctn pepsi\n— ورشة الأمانة للصيانة')).toBe('ورشة الأمانة للصيانة');
  });

  it('keeps the full stop of an abbreviation ending the name ("Est.", "Co.")', () => {
    expect(clientOf('Al Rawdah Trading Est.\n4 ctn Nido')).toBe('Al Rawdah Trading Est.');
    expect(clientOf('4 ctn Nido\nThanks\nBin Saad Foods Co.')).toBe('Bin Saad Foods Co.');
  });

  it('takes a shop line whose name says its trade ("محل X للمنظفات"), with its order number or district', () => {
    expect(clientOf('محل البركة للمواد الغذائية\nحليب نادك ٤ كراتين')).toBe('محل البركة للمواد الغذائية');
    expect(clientOf('Al Safwa Trading - order #7731\nKiri x 5')).toBe('Al Safwa Trading');
    expect(clientOf('نيدو ٣ كراتين\nبقالة الهدى - حي النسيم')).toBe('بقالة الهدى');
  });

  it('takes a business heading its order in any words, with its city or an abbreviation', () => {
    expect(clientOf('Milk Bar Cafeteria order:\nNido 3 ctn')).toBe('Milk Bar Cafeteria');
    expect(clientOf('Panda Hypermarket Al Olaya order:\nKiri x 5')).toBe('Panda Hypermarket Al Olaya');
    expect(clientOf('Al Wadi Est. order #7712\nKiri x 5')).toBe('Al Wadi Est.');
  });

  it('takes the business after the sender and a dash, and before "please send"', () => {
    expect(clientOf('Order mn Saleh - Cafe Yasmin: 4 ctn Nido')).toBe('Cafe Yasmin');
    expect(clientOf('Al Faris Trading - please send: 6 ctn Kiri')).toBe('Al Faris Trading');
  });

  it('takes a titled sender, a formal signature, a kunya after "from" and a business after a full stop', () => {
    expect(clientOf('This is Dr. Hani from Al Amal Polyclinic, 4 ctn Nido')).toBe('Al Amal Polyclinic');
    expect(clientOf('نرجو توريد ٥ كراتين نيدو.\nوتفضلوا بقبول فائق الاحترام.\nم. سعد القحطاني')).toContain(
      'سعد القحطاني',
    );
    expect(clientOf('Salam, from Abu Rakan: 4 ctn Nido')).toBe('Abu Rakan');
    expect(clientOf('abi 5 kartoon nido. Rayan Pharmacy')).toBe('Rayan Pharmacy');
    expect(clientOf('أخوك أبو مشعل، ابي ٥ كراتين نيدو')).toBe('أبو مشعل');
  });

  it('knows business words of other trades and Arabizi ones', () => {
    expect(clientOf('3 ctn pepsi\n— Falafel Station')).toBe('Falafel Station');
    expect(clientOf('3ayzeen 5 kartona nido\nSherket El Noor')).toBe('Sherket El Noor');
  });

  it('takes the sender before "here" in other dialects ("hon", "معك")', () => {
    expect(clientOf('Abu Samer hon, bdi 3 kartoneh nido')).toBe('Abu Samer');
    expect(clientOf('أبو خالد معك، ابي ٥ كراتين بيبسي')).toBe('أبو خالد');
    expect(clientOf('هلا معك، ابي ٥ كراتين بيبسي')).toBe('Unknown Client');
  });

  it('takes shops named with a greeting word ("سوبرماركت السلام"), never the greeting alone', () => {
    expect(clientOf('ابي ٥ كراتين بيبسي\nبقالة السلام - حي العليا')).toBe('بقالة السلام');
    expect(clientOf('٣ كراتين نيدو، محل النور')).toBe('محل النور');
    expect(clientOf('السلام عليكم\nابي ٥ كراتين بيبسي')).toBe('Unknown Client');
  });

  it('takes the business after a kunya or a title in a signature, and a signature after an emoji', () => {
    expect(clientOf('بيبسي ٥ كراتين\n— أبو سالم، جوالات النخبة')).toBe('جوالات النخبة');
    expect(clientOf('Kiri 4 ctn\n- Eng. Sami, Delta Nuts')).toBe('Delta Nuts');
    // One word after the name is a place, not the business.
    expect(clientOf('Kiri 4 ctn\n- Abu Ali, Riyadh')).not.toBe('Riyadh');
    const parsed = parseOrderText('abi 5 kartoon pepsi 🙏 - bu nasser', catalogIndex());
    expect([parsed.clientName, parsed.items.map((item) => item.quantity)]).toEqual(['bu nasser', [5]]);
  });

  it('takes a person named with a kunya or a title after a billing word', () => {
    expect(clientOf('حساب أبو نايف\n- بيبسي ٥ كراتين')).toBe('أبو نايف');
    expect(clientOf('Bill to Abu Sami\nKiri 4 ctn')).toBe('Abu Sami');
    expect(clientOf('حساب الشهر\n- بيبسي ٥ كراتين')).toBe('Unknown Client');
  });

  it('takes a full name alone on the last line when its family name is a nisba', () => {
    expect(clientOf('بيبسي ٥ كراتين\nسعد القحطاني')).toBe('سعد القحطاني');
    expect(clientOf('Kiri 4 ctn\nFahad Alharbi')).toBe('Fahad Alharbi');
    expect(clientOf('بيبسي ٥ كراتين\nبأسرع وقت')).toBe('Unknown Client');
  });

  it('does not take greeted salespeople or receivers', () => {
    expect(clientOf('Hi Ahmed, please send 4 ctn Kiri, ask for Sameer at the gate')).toBe('Unknown Client');
  });

  it("reads what follows an order header's own colon as the order, not a name", () => {
    const parsed = parseOrderText('Order: Kiri ١٠ ctn, Pepsi ٥ ctn', catalogIndex());
    expect(parsed.clientFound).toBe(false);
    expect(parsed.items.map((item) => item.quantity)).toEqual([10, 5]);
    expect(clientOf('Al Amal Grocery order: Kiri 10 ctn')).toBe('Al Amal Grocery');
  });
});
