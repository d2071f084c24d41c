import { describe, expect, it } from 'vitest';
import { catalogIndex } from '../../test/parser-fixtures.js';
import { UNKNOWN_CLIENT, parseOrderText } from './parse.js';

const parse = (text: string) => parseOrderText(text, catalogIndex());
const lines = (text: string) => parse(text).items.map((item) => [item.sku, item.quantity, item.unit]);

describe('parseOrderText', () => {
  it('returns CONTRACT §6’s shape', () => {
    const parsed = parse('Almarai fresh milk 2L - 6 ctn');
    expect(parsed.clientName).toBe(UNKNOWN_CLIENT);
    expect(parsed.items[0]).toMatchObject({
      itemName: 'Almarai Fresh Milk Full Fat 2L',
      itemNameAr: 'حليب المراعي طازج كامل الدسم 2 لتر',
      quantity: 6,
      unit: 'carton',
      // The eval catalogue sells this milk by the piece only: the carton is the customer's, to check.
      unitPrice: null,
      unitNeedsCheck: true,
      stockItemId: 'MILK-ALM-2L',
      sku: 'MILK-ALM-2L',
      sourceText: 'Almarai fresh milk 2L',
      unitStated: true,
    });
    expect(parsed.items[0].confidence).toBeGreaterThan(0.9);
    expect(parse('Almarai fresh milk 2L x 6').items[0]).toMatchObject({
      unit: 'piece',
      unitPrice: '11.50',
      unitNeedsCheck: false,
    });
  });

  it('never takes a pack size for the quantity', () => {
    expect(lines('Afia oil 1.5L')).toEqual([['OIL-AFIA-1.5L', 1, 'piece']]);
    expect(lines('10 bags of rice Walimah 5kg')).toEqual([['RICE-WLM-5KG', 10, 'bag']]);
    expect(lines('Kiri ٢٤ x ٥')).toEqual([['CHEESE-KIRI-24', 5, 'box']]);
    expect(lines('20 Sadia 1200')).toEqual([['CHK-SADIA-1200G', 20, 'piece']]);
    expect(lines('Puck 500 كرتون')).toEqual([['CHEESE-PUCK-500G', 1, 'carton']]);
  });

  it('reads a weight as the quantity of an item sold by weight', () => {
    expect(lines('Sukkari loose 3.5 kg, cardamom 0.75 kg')).toEqual([
      ['DATES-SUK-KG', 3.5, 'kg'],
      ['SPICE-CARDAMOM-KG', 0.75, 'kg'],
    ]);
    expect(lines('Half a kilo cardamom please')).toEqual([['SPICE-CARDAMOM-KG', 0.5, 'kg']]);
  });

  it('reports the customer’s unit, and the item’s unit when none was given', () => {
    const [item] = parse('Nescafe 3in1 x 12').items;
    expect(item).toMatchObject({ quantity: 12, unit: 'box', unitStated: false });
    expect(lines('لو سمحت ٣ درزن بيبسي علب')).toEqual([['PEPSI-CAN-330ML', 36, 'piece']]);
    expect(lines('٢٠ علبة سكري ٣ كجم')).toEqual([['DATES-SUK-3KG', 20, 'box']]);
    expect(lines('٥ علب نيدو')).toEqual([['MILK-NIDO-2.25KG', 5, 'piece']]);
  });

  it('reads plural dozens and sizes said with the article in words', () => {
    expect(lines('عطني ٣ درازن بيبسي علب لو تكرمت')).toEqual([['PEPSI-CAN-330ML', 36, 'piece']]);
    expect(lines('ابي ٣ كراتين زيت عافية الثلاثة لتر')).toEqual([['OIL-AFIA-3L', 3, 'carton']]);
    expect(lines('رز الوليمة الخمسة كيلو شوالين')).toEqual([['RICE-WLM-5KG', 2, 'bag']]);
  });

  it('never takes what a pack holds ("(16 portions)") for the quantity', () => {
    expect(lines('Puck triangles (16 portions) … 4 boxes')).toEqual([['CHEESE-PUCK-TRI-16', 4, 'box']]);
    expect(lines('Kiri 24 portions')).toEqual([['CHEESE-KIRI-24', 1, 'box']]);
  });

  it('reads items separated by a slash on one line', () => {
    expect(lines('Tide 3kg – 4 / Lux soap – 12 / Dettol 500ml – 6')).toEqual([
      ['TIDE-AUTO-3KG', 4, 'piece'],
      ['SOAP-LUX-120G', 12, 'piece'],
      ['DETTOL-500ML', 6, 'piece'],
    ]);
  });

  it('skips a delivery day and availability chatter, and a bare availability question', () => {
    expect(lines('المطلوب يوم الخميس ٥ كراتين حليب المراعي')).toEqual([['MILK-ALM-1L', 5, 'carton']]);
    const [labneh] = parse('لبنة المراعي ٦ كراتين اذا متوفرة').items;
    expect(labneh).toMatchObject({ sku: null, itemName: 'لبنة المراعي', quantity: 6 });
    expect(lines('Kiri if available 5 boxes')).toEqual([['CHEESE-KIRI-24', 5, 'box']]);
    expect(lines('متوفر عندكم تانج؟')).toEqual([]);
  });

  it('orders the item a stock question asks about when a (conditional) quantity follows', () => {
    const [galaxy] = parse('Do you have Galaxy chocolate? If available 6 boxes').items;
    expect(galaxy).toMatchObject({ sku: null, itemName: 'Galaxy chocolate', quantity: 6, unit: 'box' });
    expect(lines('3ndkom nutella? law mawjood 2 kartoon, w 4 kartoon pepsi')).toEqual([
      [null, 2, 'carton'],
      ['PEPSI-CAN-330ML', 4, 'carton'],
    ]);
    expect(parse('هل يوجد عندكم زيت زيتون؟ اذا فيه ٣ كراتين').items[0]).toMatchObject({
      sku: null,
      itemName: 'زيت زيتون',
      quantity: 3,
    });
    expect(lines('Have you got Nido? If you have it, 4 tins')).toEqual([['MILK-NIDO-2.25KG', 4, 'piece']]);
    // Another question is ordered by a conditional quantity only.
    expect(lines('Mountain Dew? If yes 4 cartons')).toEqual([[null, 4, 'carton']]);
    expect(lines('Mountain Dew? 4 cartons')).toEqual([]);
    // A unit word alone answers the question with one of it.
    expect(lines('متوفر عندكم نيدو؟ ارسل كرتون')).toEqual([['MILK-NIDO-2.25KG', 1, 'carton']]);
    // A bare question orders nothing.
    expect(lines('Do you have Nido?')).toEqual([]);
    expect(lines('Do you have Galaxy chocolate?')).toEqual([]);
    expect(lines('salam Ahmed how are you? 5 ctn')).toEqual([]);
  });

  it('reads the count, not the price, in "count × price = total"', () => {
    expect(lines('Tang ١٢ حبة × 18.5 = 222 ريال')).toEqual([['TANG-ORANGE-2KG', 12, 'piece']]);
    expect(lines('Kiri 6 pcs x 14 = 84')).toEqual([['CHEESE-KIRI-24', 6, 'piece']]);
    // The price first ("@ 22 x 12"), and a pack count ("24 x 5") are read as before.
    expect(lines('Dettol 500ml @ 22 x 12 = 264')).toEqual([['DETTOL-500ML', 12, 'piece']]);
    expect(lines('Kiri 24 x 5 = 120')).toEqual([['CHEESE-KIRI-24', 5, 'box']]);
  });

  it('reads a weight before the product as the quantity, also after chatter the catalogue does not know', () => {
    expect(lines('يا غالي ٣ كيلو تمر سكري')).toEqual([['DATES-SUK-KG', 3, 'kg']]);
    expect(lines('ebghi 3 kilo tamr sukkari')).toEqual([['DATES-SUK-KG', 3, 'kg']]);
    expect(lines('ya 3ammi nos kilo hail')).toEqual([['SPICE-CARDAMOM-KG', 0.5, 'kg']]);
    // A box word orders the box.
    expect(lines('3 kilo sukkari box')).toEqual([['DATES-SUK-3KG', 1, 'box']]);
  });

  it('keeps a branch phrase out of the item wording', () => {
    expect(lines('ابي ٦ كراتين فيري للفرع الاول')).toEqual([['FAIRY-LEMON-1L', 6, 'carton']]);
    expect(lines('6 ctn Clorox for Olaya branch')).toEqual([['CLOROX-3.78L', 6, 'carton']]);
    expect(parse('ابي ٥ كراتين كيت كات فرع العليا').items[0]).toMatchObject({
      sku: null,
      itemName: 'كيت كات',
      quantity: 5,
      unit: 'carton',
    });
  });

  it('keeps Levantine and Egyptian request verbs and certainty words out of the item wording', () => {
    expect(lines('بعتلي ٦ قزازة كلوركس')).toEqual([['CLOROX-3.78L', 6, 'piece']]);
    expect(lines('ابعتيلي ١٠ قزازات فيري')).toEqual([['FAIRY-LEMON-1L', 10, 'piece']]);
    expect(lines('2 ctn oreo akeed')).toEqual([['BISC-OREO-38G', 2, 'carton']]);
    expect(lines('4 ctn Tide for sure')).toEqual([['TIDE-AUTO-3KG', 4, 'carton']]);
  });

  it('applies a correction to the previous figure', () => {
    expect(lines('Walimah rice 10kg 8 bags\nsorry make it 6')).toEqual([['RICE-WLM-10KG', 6, 'bag']]);
    expect(lines('١٠ شوالات رز الوليمة ٥ كيلو\nلا خليها ١٢')).toEqual([['RICE-WLM-5KG', 12, 'bag']]);
    expect(lines('Watania breast 30 not 20')).toEqual([['CHK-WAT-BREAST-450G', 30, 'piece']]);
  });

  it('applies a correction that names the item again to that item', () => {
    expect(lines('Nadec milk 10 ctn\nsorry nadec 12 not 10')).toEqual([['MILK-NDC-1L', 12, 'carton']]);
    expect(lines('Tang 10, Vimto 6... oops vimto 12 not 6')).toEqual([
      ['TANG-ORANGE-2KG', 10, 'piece'],
      ['VIMTO-710ML', 12, 'piece'],
    ]);
    expect(lines('بيض ١٢ طبق\nلا البيض ١٥ طبق مو ١٢')).toEqual([['EGGS-TRAY-30', 15, 'piece']]);
    // More of an item, or a different pack size, is another line, not a correction.
    expect(lines('Nadec milk 10 ctn\nactually add Nadec milk 2 ctn more')).toEqual([
      ['MILK-NDC-1L', 10, 'carton'],
      ['MILK-NDC-1L', 2, 'carton'],
    ]);
    expect(lines('Almarai milk 1L 5 ctn\nsorry Almarai milk 2L 3 ctn')).toEqual([
      ['MILK-ALM-1L', 5, 'carton'],
      ['MILK-ALM-2L', 3, 'carton'],
    ]);
  });

  it('reads a corrected figure after filler words as a correction', () => {
    expect(lines('Walimah rice 10kg 8 bags\nsorry my bad make it 6')).toEqual([['RICE-WLM-10KG', 6, 'bag']]);
    expect(lines('٦ كراتين بيبسي، لا غلطت خليهم ٨')).toEqual([['PEPSI-CAN-330ML', 8, 'carton']]);
  });

  it('finds the line a correction without product words corrects by its size or replaced figure', () => {
    expect(lines('Afia 1.5L 10 ctn and Afia 3L 5 ctn. sorry the 1.5L make it 12')).toEqual([
      ['OIL-AFIA-1.5L', 12, 'carton'],
      ['OIL-AFIA-3L', 5, 'carton'],
    ]);
    expect(lines('Walimah 5kg 10 bags, Walimah 10kg 4 bags\noops the 5kg should be 12')).toEqual([
      ['RICE-WLM-5KG', 12, 'bag'],
      ['RICE-WLM-10KG', 4, 'bag'],
    ]);
    expect(lines('12 ctn Lays, 6 ctn Pepsi\n8 not 12')).toEqual([
      ['CHIPS-LAYS-SALT-40G', 8, 'carton'],
      ['PEPSI-CAN-330ML', 6, 'carton'],
    ]);
    expect(lines('Nadec laban 10 ctn\nعفواً التصحيح: ١٢ كرتون')).toEqual([['LABAN-NDC-1L', 12, 'carton']]);
  });

  it('drops a cancelled line', () => {
    expect(lines('Tide 3kg x 10, Fairy x 12. cancel the Fairy pls')).toEqual([['TIDE-AUTO-3KG', 10, 'piece']]);
    expect(lines('ابي ١٠ فيمتو و٥ تانج\nشيل الفيمتو')).toEqual([['TANG-ORANGE-2KG', 5, 'piece']]);
    expect(lines('Tang x 10\nVimto x 6\ncancel it')).toEqual([['TANG-ORANGE-2KG', 10, 'piece']]);
    expect(lines('Kiri 5 ctn and 3 ctn Puck. No need for the Puck this week')).toEqual([
      ['CHEESE-KIRI-24', 5, 'carton'],
    ]);
    expect(lines('Goody tuna 5 ctn, Americana tuna 3 ctn\ncancel the 5 ctn Goody')).toEqual([
      ['TUNA-AMR-185G', 3, 'carton'],
    ]);
    // A cancellation naming nothing in the order changes nothing; a new count still orders.
    expect(lines('Kiri 5 ctn. Please remove the old price tags')).toEqual([['CHEESE-KIRI-24', 5, 'carton']]);
    expect(lines("cancel yesterday's order and send 5 ctn Kiri")).toEqual([['CHEESE-KIRI-24', 5, 'carton']]);
  });

  it('does not read a past price as an item', () => {
    expect(lines('Afia 1.5L 10 ctn. Last time Afia was 45')).toEqual([['OIL-AFIA-1.5L', 10, 'carton']]);
  });

  it('returns one of a unit named before a product the catalogue lacks', () => {
    const parsed = parse('ابي كيس فحم وكرتون بيبسي');
    expect(parsed.items.map((item) => [item.sku, item.quantity, item.unit, item.sourceText])).toEqual([
      [null, 1, 'bag', 'فحم'],
      ['PEPSI-CAN-330ML', 1, 'carton', 'بيبسي'],
    ]);
    expect(lines('kartoneh nutella w 2 kartoneh kiri')).toEqual([
      [null, 1, 'carton'],
      ['CHEESE-KIRI-24', 2, 'carton'],
    ]);
    expect(lines('The cartons were damaged last time')).toEqual([]);
  });

  it('returns one carton of an unlisted product named before a closing carton word', () => {
    expect(
      parse('Nadec mango juice كرتون').items.map((item) => [item.sku, item.quantity, item.unit, item.sourceText]),
    ).toEqual([[null, 1, 'carton', 'Nadec mango juice']]);
    expect(lines('use a new bag')).toEqual([]);
  });

  it('keeps a lone measure word after the quantity in the wording ("كلوركس لتر")', () => {
    expect(parse('ابي ٤ حبات كلوركس لتر').items[0]).toMatchObject({ sku: null, quantity: 4, sourceText: 'كلوركس لتر' });
  });

  it('orders the container named before a pack count ("كرتون … ابو ١٠٠ كيس")', () => {
    expect(lines('عطني كرتون شاي ليبتون ابو ١٠٠ كيس')).toEqual([['TEA-LIPTON-YL-100', 1, 'carton']]);
    expect(lines('كرتون حليب المراعي ابو لترين')).toEqual([['MILK-ALM-2L', 1, 'carton']]);
  });

  it('reads pack sizes and kinds said in words ("one point five", "three in one")', () => {
    expect(lines('five cartons of Nova one point five')).toEqual([['WATER-NOVA-1.5L-12', 5, 'carton']]);
    expect(lines('نسكافيه ثري ان ون ٦ علب')).toEqual([['COFFEE-NES-3IN1-30', 6, 'box']]);
  });

  it('reads a box before the product as one box', () => {
    expect(lines('ابي صندوق سكري وكيلو سكري فرط')).toEqual([
      ['DATES-SUK-3KG', 1, 'box'],
      ['DATES-SUK-KG', 1, 'kg'],
    ]);
  });

  it('keeps request verbs and politeness out of the item wording', () => {
    expect(parse('ممكن تبعتلي ٣ كرتونة جبنة دومتي').items[0]).toMatchObject({ sku: null, sourceText: 'جبنة دومتي' });
    expect(lines('law sama7t ib3atli 3 kartoon pepsi')).toEqual([['PEPSI-CAN-330ML', 3, 'carton']]);
    expect(lines('نود شراء ١٠ أكياس سكر الأسرة ١٠ كيلو')).toEqual([['SUGAR-OSRA-10KG', 10, 'bag']]);
  });

  it('keeps repeated lines as separate items', () => {
    expect(lines('Sadia 1000 ١٠ ctn\nSadia 1000 ٥ ctn')).toEqual([
      ['CHK-SADIA-1000G', 10, 'carton'],
      ['CHK-SADIA-1000G', 5, 'carton'],
    ]);
  });

  it('ignores greetings, delivery notes, phone numbers, prices and totals', () => {
    expect(
      lines(
        'السلام عليكم\nDeliver to Al Hamra branch before 11am, contact 0543219876:\n- Tide 3kg 8 pcs\nTotal approx 500 SR\nشكرا',
      ),
    ).toEqual([['TIDE-AUTO-3KG', 8, 'piece']]);
    expect(lines('نرجو إرسال ٦ عبوات كلوركس، علماً بأن سعر الكلوركس السابق ١٧ ريال')).toEqual([
      ['CLOROX-3.78L', 6, 'piece'],
    ]);
  });

  it('waits for the quantity after a price question', () => {
    expect(lines('كم سعر شوال الوليمة ١٠ كيلو؟ اذا ٧٩ ابي ٥')).toEqual([['RICE-WLM-10KG', 5, 'bag']]);
  });

  it('reads past chatter around the quantity', () => {
    expect(lines("Same as last week but add 2 ctn Kellogg's corn flakes")).toEqual([
      ['CEREAL-KELLOGGS-CF-500G', 2, 'carton'],
    ]);
    expect(lines('write down ten cartons of Lipton')).toEqual([['TEA-LIPTON-YL-100', 10, 'carton']]);
    expect(lines("pls add 2 more ctn of Kiri to yesterday's order")).toEqual([['CHEESE-KIRI-24', 2, 'carton']]);
    expect(parse('يا ريت ترسلون ٥ كراتين مياه بيرين').items[0].sourceText).toBe('مياه بيرين');
    expect(parse('لو سمحت يا ريس ابعت ٤ كراتين فول امريكانا').items[0].sourceText).toBe('فول امريكانا');
    expect(parse('We need for the Eid: 100 kg Sukkari loose').items[0].sourceText).toBe('Sukkari loose');
    expect(lines('يسعدك ابي كرتون كيري')).toEqual([['CHEESE-KIRI-24', 1, 'carton']]);
    expect(lines('abi 5 kartoon pepsi ba3d 4 el maghrib')).toEqual([['PEPSI-CAN-330ML', 5, 'carton']]);
  });

  it('keeps the item before a delivery instruction on the same line', () => {
    expect(lines('5 ctn pepsi to the warehouse')).toEqual([['PEPSI-CAN-330ML', 5, 'carton']]);
    expect(lines('ابي 5 كراتين بيبسي توصيل للمستودع')).toEqual([['PEPSI-CAN-330ML', 5, 'carton']]);
    expect(lines('3 bags sugar, deliver to the back gate after 4')).toEqual([['SUGAR-OSRA-2KG', 3, 'bag']]);
    expect(lines('please deliver to the warehouse')).toEqual([]);
  });

  it('reads past a heading before a colon', () => {
    expect(lines("For Saturday's wedding: Sadia 1000g 8 ctn")).toEqual([['CHK-SADIA-1000G', 8, 'carton']]);
    expect(lines('Driver call 0501234567 on arrival Order: Kiri 5 ctn')).toEqual([['CHEESE-KIRI-24', 5, 'carton']]);
  });

  it('does not read a heading as an item, unless a quantity follows it', () => {
    expect(lines('Rice order:\n5 bags Walimah 5kg\n3 bags Abu Kass')).toEqual([
      ['RICE-WLM-5KG', 5, 'bag'],
      ['RICE-ABK-10KG', 3, 'bag'],
    ]);
    expect(lines('Nido:\n5 tins')).toEqual([['MILK-NIDO-2.25KG', 5, 'piece']]);
  });

  it('does not read a greeting or a list number as an item', () => {
    expect(lines('hala, abi 4 kartoon indomi')).toEqual([['NOODLE-INDOMIE-CHK-75G', 4, 'carton']]);
    expect(lines('1) Kiri 5\n2) Tang 4')).toEqual([
      ['CHEESE-KIRI-24', 5, 'box'],
      ['TANG-ORANGE-2KG', 4, 'piece'],
    ]);
  });

  it('takes a weight as the quantity of the item sold by weight', () => {
    expect(lines('ابغى نص كيلو تمر سكري')).toEqual([['DATES-SUK-KG', 0.5, 'kg']]);
  });

  it('gives each line the phrase to remember a confirmed pair under', () => {
    const [item] = parse('ابي ٥ كراتين Almarai   Laban').items;
    expect(item.phrase).toBe('almarai laban');
  });

  it('drops a line that orders nothing', () => {
    expect(lines('Kiri 0 ctn')).toEqual([]);
  });

  it('returns no items for a message without an order', () => {
    expect(parse('Good morning! Are you open today?').items).toEqual([]);
    expect(parse('').items).toEqual([]);
  });

  it('reads "2 and a half kilo" as 2.5 kg, and a figure after a closing dash as the quantity', () => {
    expect(lines('tamr sukkari 2 and a half kilo')).toEqual([['DATES-SUK-KG', 2.5, 'kg']]);
    expect(lines('Nova 330 - 40')).toEqual([['WATER-NOVA-330ML-40', 40, 'carton']]);
  });
});
