// The demo company (issue #5): on an empty database, `npm start` loads a Gulf FMCG wholesaler
// with two months of trading, through the services' own RPC APIs (typed clients over TCP), so
// stock moves, batches, weighted costs, order numbers and stock levels are what the services
// made of them. The only writes behind the services' backs move each order's dates, and those
// of its stock moves, into the past once the order is made (and the owner's id is read, to act
// as the owner). DEMO_DATA=off turns it off.
//
// Deterministic: a seeded PRNG plans everything, and a model of the stock (FEFO, as the
// inventory service takes it) sizes the deliveries so that no confirmation is ever short; the
// same company comes out of every run, only its dates follow the day of the run.
import 'reflect-metadata';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import * as data from './demo-company-data.mjs';

/** The advisory lock held while the demo company is loaded: one loader per database. */
export const DEMO_LOCK_KEY = 0x44454d4f; // "DEMO"
/** Order days: today and the 59 before it. The opening stock arrives two days before the first. */
const historyDays = 60;
const openingDay = -historyDays - 1;
const seed = 20_251_122;
/** Parallel calls per step: enough to keep both CPUs busy, few enough not to crowd the services. */
const concurrency = 4;
const rpcTimeoutMs = 30_000;

// ---------------------------------------------------------------- small tools

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1). */
function prng(value) {
  let state = value >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks an entry by weight. */
function pick(random, entries, weightOf) {
  const total = entries.reduce((sum, entry) => sum + weightOf(entry), 0);
  let left = random() * total;
  for (const entry of entries) {
    left -= weightOf(entry);
    if (left < 0) return entry;
  }
  return entries[entries.length - 1];
}

/** A version-4-shaped UUID from the PRNG: the same ids on every run. */
function uuid(random) {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(random() * 4)];
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const round3 = (value) => Math.round(value * 1000) / 1000;
const round2 = (value) => Math.round(value * 100) / 100;
const roundUp = (value, pack) => Math.ceil(round3(value / pack)) * pack;

function addDays(date, days) {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** YYYY-MM-DD of an instant in a time zone. */
export function businessDate(timeZone, at = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** How far a time zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(instant, timeZone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant (ms) of a wall-clock time, `minutes` after midnight of `date`, in a time zone. */
function zonedInstant(date, minutes, timeZone) {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

/** Runs `work` over the entries, `limit` at a time; stops at the first failure and rejects with it. */
async function eachLimited(entries, limit, work) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < entries.length && !failed) {
      const index = next++;
      await work(entries[index], index).catch((error) => {
        failed = true;
        throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, entries.length) }, worker));
}

// ---------------------------------------------------------------- the plan

const itemsBySku = new Map(data.items.map((item) => [item.sku, item]));
const clientsByKey = new Map(data.clients.map((client) => [client.key, client]));

/** A line quantity for an item: within its range, small ones more often, scaled to the client. */
function lineQuantity(random, [min, max, step], scale) {
  const steps = Math.round((max - min) / step);
  const base = min + step * Math.floor(random() ** 1.5 * (steps + 1));
  return round3(Math.max(min, Math.round((base * scale) / step) * step));
}

/** A price `discount` % under `price`. */
function listPrice(price, discount) {
  return round2((price * (100 - discount)) / 100);
}

/** What a client pays for an item: its list's price, else the item's own. */
function priceFor(item, client) {
  const list = data.priceLists.find((entry) => entry.key === client?.priceList);
  return listPrice(item.sellingPrice, list?.discount ?? 0);
}

/** The status an order of `age` days has today, and whether a cancelled one had been confirmed first. */
function statusFor(age, random) {
  const r = random();
  let status;
  if (age === 0) status = r < 0.85 ? 'pending' : 'confirmed';
  else if (age === 1) status = r < 0.45 ? 'pending' : r < 0.9 ? 'confirmed' : 'cancelled';
  else if (age <= 6) status = r < 0.07 ? 'pending' : r < 0.15 ? 'cancelled' : r < 0.62 ? 'confirmed' : 'completed';
  else status = r < 0.025 ? 'pending' : r < 0.115 ? 'cancelled' : r < 0.175 ? 'confirmed' : 'completed';
  return { status, confirmedFirst: status === 'cancelled' && age > 0 && random() < 0.5 };
}

/** A line of an item, in its base unit (the plan counts stock in it); `cartons`: the client buys whole cartons. */
function linkedLine(item, quantity, client) {
  return {
    sku: item.sku,
    itemName: item.name,
    itemNameAr: item.nameAr,
    quantity,
    unit: item.unit,
    unitPrice: priceFor(item, client),
    cartons: client?.cartons === true,
  };
}

/**
 * A planned line as sent to the services: a linked one priced by the service (the client's list,
 * else the unit's own price) and, for a client who buys whole cartons, in cartons when it is a
 * whole number of them; a free-text one as planned.
 */
function orderItem({ sku, cartons, ...line }, itemIds) {
  if (!sku) return line;
  const { unitPrice: _planned, ...unpriced } = line;
  const carton = data.packsOf(itemsBySku.get(sku)).find((pack) => pack.unit === 'carton');
  const inCartons = cartons && carton && line.quantity % carton.factor === 0;
  return {
    ...unpriced,
    stockItemId: itemIds.get(sku),
    ...(inCartons ? { quantity: line.quantity / carton.factor, unit: 'carton' } : {}),
  };
}

/** A planned receipt line as sent: in the supplier's cartons when it is a whole number of them. */
function receiptItem({ sku, ...line }, itemIds) {
  const carton = data.packsOf(itemsBySku.get(sku)).find((pack) => pack.unit === 'carton');
  const inCartons = carton && line.quantity % carton.factor === 0;
  return {
    ...line,
    stockItemId: itemIds.get(sku),
    ...(inCartons
      ? { quantity: line.quantity / carton.factor, unit: 'carton', unitPrice: round2(line.unitPrice * carton.factor) }
      : {}),
  };
}

function freeLine(free, quantity) {
  return {
    sku: null,
    itemName: free.itemName,
    itemNameAr: free.itemNameAr,
    quantity,
    unit: free.unit,
    unitPrice: free.unitPrice,
  };
}

const linesPerOrder = [
  [1, 14],
  [2, 20],
  [3, 24],
  [4, 20],
  [5, 13],
  [6, 9],
];

/** One typed-in order of a day: who, what, when (minutes after midnight) and how it ends. */
function randomOrder(random, day) {
  const walkIn = random() < 0.03;
  const client = walkIn ? null : pick(random, data.clients, (entry) => entry.weight);
  const segment = data.segments[client?.segment ?? 'grocery'];
  const minutes = 450 + Math.floor(((random() + random() + random()) / 3) * 840); // 07:30-21:30, mostly midday
  const count = pick(random, linesPerOrder, ([, weight]) => weight)[0];
  const lines = [];
  const chosen = new Set();
  while (lines.length < count) {
    const item = pick(
      random,
      data.items.filter((entry) => !chosen.has(entry.sku)),
      (entry) => entry.weight * (segment.likes[entry.category] ?? 1),
    );
    chosen.add(item.sku);
    lines.push(linkedLine(item, lineQuantity(random, item.order, segment.scale), client));
  }
  if (random() < 0.05) {
    const free = data.freeTextLines[Math.floor(random() * data.freeTextLines.length)];
    lines.push(freeLine(free, lineQuantity(random, free.order, 1)));
  }
  const notes = random() < 0.12 ? data.orderNotes[Math.floor(random() * data.orderNotes.length)] : undefined;
  const clientName = client?.name ?? data.walkInNames[Math.floor(random() * data.walkInNames.length)];
  return {
    day,
    minutes,
    clientKey: client?.key ?? null,
    clientName,
    lines,
    notes,
    rawOrderText: undefined,
    source: client?.source ?? 'manual',
    ...statusFor(-day, random),
  };
}

function messageOrder(random, message) {
  const client = message.client ? clientsByKey.get(message.client) : null;
  const lines = message.lines.map((line) =>
    line.sku
      ? linkedLine(itemsBySku.get(line.sku), line.quantity, client)
      : freeLine(
          data.freeTextLines.find((free) => free.itemName === line.free),
          line.quantity,
        ),
  );
  return {
    day: -message.daysAgo,
    minutes: 480 + Math.floor(random() * 600),
    clientKey: client?.key ?? null,
    clientName: client?.name ?? message.clientName,
    lines,
    notes: undefined,
    rawOrderText: message.text,
    source: 'text',
    status: message.status,
    confirmedFirst: false,
  };
}

/**
 * When each order was made and changed (ms), all before `now`: today's orders spread over the
 * hours before the run; later steps a little after the earlier ones.
 */
function timeOrders(orders, { today, now, timeZone, random }) {
  const latest = now - 60_000;
  // Today's orders keep their place in the working day (07:30-21:30), squeezed into the part of
  // it that has passed (or into the night, before 08:30).
  const opening = zonedInstant(today, 450, timeZone);
  const start =
    latest - opening >= 3_600_000 ? opening : Math.max(zonedInstant(today, 0, timeZone), latest - 6 * 3_600_000);
  const end = Math.min(latest, zonedInstant(today, 1290, timeZone));
  for (const order of orders) {
    order.createdAt =
      order.day === 0
        ? Math.round(start + ((end - start) * (order.minutes - 450)) / 840)
        : zonedInstant(addDays(today, order.day), order.minutes, timeZone);
    // Each later step: its planned delay, or a share of the time left before the run.
    let at = order.createdAt;
    const step = (delayMs, share) => {
      at = at + delayMs < latest ? at + delayMs : at + (latest - at) * share;
      return Math.round(at);
    };
    const confirmDelay = (15 + random() * 165) * 60_000;
    if (order.status === 'confirmed' || order.status === 'completed' || order.confirmedFirst) {
      order.committedAt = step(confirmDelay, 0.4);
    }
    if (order.status === 'completed') order.completedAt = step((3 + random() * 27) * 3_600_000, 0.6);
    if (order.status === 'cancelled') order.cancelledAt = step((0.5 + random() * 20) * 3_600_000, 0.6);
    order.updatedAt = order.completedAt ?? order.cancelledAt ?? order.committedAt ?? order.createdAt;
  }
}

/** An order that takes stock when its status is set (confirmed-then-cancelled ones take and give back). */
const takesStock = (order) => order.status === 'confirmed' || order.status === 'completed';

/**
 * The inventory as the service keeps it, to size deliveries: per item, its batches with the
 * quantity left; FEFO takes the sellable ones (not expired today) by expiry, undated last, then
 * by arrival.
 */
class StockModel {
  constructor(today) {
    this.today = today;
    this.batches = new Map(data.items.map((item) => [item.sku, []]));
    this.arrivals = 0;
  }

  receive(sku, quantity, expiryDate) {
    this.batches.get(sku).push({ quantity, expiryDate, arrival: this.arrivals++ });
  }

  sellableBatches(sku) {
    return this.batches
      .get(sku)
      .filter((batch) => batch.quantity > 0 && (batch.expiryDate === null || batch.expiryDate >= this.today))
      .sort((a, b) => {
        if (a.expiryDate !== b.expiryDate) {
          if (a.expiryDate === null) return 1;
          if (b.expiryDate === null) return -1;
          return a.expiryDate < b.expiryDate ? -1 : 1;
        }
        return a.arrival - b.arrival;
      });
  }

  sellable(sku) {
    return round3(this.sellableBatches(sku).reduce((sum, batch) => sum + batch.quantity, 0));
  }

  onHand(sku) {
    return round3(this.batches.get(sku).reduce((sum, batch) => sum + batch.quantity, 0));
  }

  take(sku, quantity) {
    let left = quantity;
    for (const batch of this.sellableBatches(sku)) {
      const taken = Math.min(batch.quantity, left);
      batch.quantity = round3(batch.quantity - taken);
      left = round3(left - taken);
      if (left <= 0) return;
    }
    throw new Error(`demo plan: ${sku} short by ${left}`);
  }
}

function deliveryDays(supplier) {
  const days = [];
  for (let day = -historyDays + supplier.firstDay; day <= 0; day += supplier.everyDays) days.push(day);
  return days;
}

/**
 * Everything the loader will do, in order, with no I/O: the orders (with their times), and the
 * receipts (one per supplier delivery) sized by the stock model from what the orders will take.
 * `today` is the business date, `now` the instant of the run (ms).
 */
export function planDemoCompany({ today, now, timeZone }) {
  const random = prng(seed);

  // 1. The orders: each day's own PRNG, so a day's orders do not depend on the days before.
  const orders = [];
  for (let day = -historyDays + 1; day <= 0; day += 1) {
    const dayRandom = prng(seed + 7919 * (day + 1000));
    const weekday = new Date(`${addDays(today, day)}T00:00:00Z`).getUTCDay();
    const rhythm = weekday === 5 ? 0.35 : weekday === 6 ? 0.85 : 1.12; // quiet Fridays
    const growth = 0.9 + (0.2 * (day + historyDays)) / historyDays;
    const count = Math.max(1, Math.round(5.3 * rhythm * growth + (dayRandom() - 0.5) * 3));
    for (let index = 0; index < count; index += 1) orders.push(randomOrder(dayRandom, day));
  }
  for (const message of data.messageOrders) orders.push(messageOrder(random, message));
  timeOrders(orders, { today, now, timeZone, random });
  orders.sort((a, b) => a.createdAt - b.createdAt);

  // 2. What the orders that stay confirmed or completed take, per item and day, and its daily average.
  const demand = new Map(data.items.map((item) => [item.sku, new Map()]));
  for (const order of orders.filter(takesStock)) {
    for (const line of order.lines) {
      if (!line.sku) continue;
      const byDay = demand.get(line.sku);
      byDay.set(order.day, round3((byDay.get(order.day) ?? 0) + line.quantity));
    }
  }
  const dailyRate = new Map(
    [...demand].map(([sku, byDay]) => [sku, [...byDay.values()].reduce((sum, value) => sum + value, 0) / historyDays]),
  );
  /** What an item will need on days from..to (inclusive): planned days as planned, later ones at the average. */
  const needed = (sku, from, to) => {
    let sum = 0;
    for (let day = from; day <= to; day += 1) sum += day > 0 ? dailyRate.get(sku) : (demand.get(sku).get(day) ?? 0);
    return sum;
  };

  // 3. Day by day: the morning's deliveries, then the day's orders take their stock.
  const model = new StockModel(today);
  const receipts = [];
  const invoiceSerials = new Map(
    Object.keys(data.suppliers).map((key) => [key, 20_000 + Math.floor(random() * 70_000)]),
  );
  const deliveries = new Map(Object.entries(data.suppliers).map(([key, supplier]) => [key, deliveryDays(supplier)]));
  // How many days of sales each item is left with today: a few for fresh goods, from a week and
  // a half to six weeks for the rest (so reorder suggestions range from urgent to none).
  const endCover = new Map(
    data.items.map((item) => [item.sku, item.shelfLife !== null && item.shelfLife <= 30 ? 2 : 10 + random() * 35]),
  );
  /** Each item's latest expiry so far: a later delivery never expires earlier (see loadPlan). */
  const latestExpiry = new Map();
  const byDay = new Map();
  for (const order of orders) byDay.set(order.day, [...(byDay.get(order.day) ?? []), order]);

  for (let day = openingDay; day <= 0; day += 1) {
    for (const [key, supplier] of Object.entries(data.suppliers)) {
      const days = deliveries.get(key);
      const opening = day === openingDay;
      const lines = [];
      for (const item of data.items.filter((entry) => entry.supplier === key)) {
        const batch = (quantity, expiryDate) => {
          const line = receiptLine({
            item,
            quantity,
            day,
            today,
            expiryDate,
            notBefore: latestExpiry.get(item.sku),
            supplier,
            random,
          });
          if (!expiryDate && line.expiryDate) latestExpiry.set(item.sku, line.expiryDate);
          lines.push(line);
        };
        const expired = item.stock?.expiredBatch;
        if (expired && day === -expired.receivedDaysAgo) {
          batch(expired.quantity, addDays(today, -expired.expiredDaysAgo));
        }
        if (item.stock?.slowMover) {
          if (!opening) continue;
          const quantity = roundUp(needed(item.sku, openingDay, 0) * 1.35 + item.threshold * 1.5, item.pack);
          batch(quantity, addDays(today, item.stock.slowMover.expiresIn));
          continue;
        }
        if (!opening && !days.includes(day)) continue;
        const next = opening ? days[0] : (days.find((entry) => entry > day) ?? day + supplier.everyDays);
        const runsLow = item.stock?.runsLow;
        let quantity;
        if (runsLow) {
          if (day > -runsLow.lastDelivery) continue;
          if (next > -runsLow.lastDelivery) {
            // The last delivery: exactly what sells until today, and the quantity it ends with.
            quantity = round3(needed(item.sku, day, 0) + runsLow.endQuantity - model.sellable(item.sku));
          }
        }
        if (quantity === undefined) {
          // What sells until the next delivery, so batches sell out in turn and fresh goods never
          // sit for long; the last delivery before today also leaves the item's cover over the threshold.
          const reserve = next > 0 ? item.threshold + endCover.get(item.sku) * dailyRate.get(item.sku) : 0;
          const want = needed(item.sku, day, next - 1) + reserve - model.sellable(item.sku);
          quantity = want > 0 ? roundUp(want, item.pack) : 0;
        }
        if (quantity > 0) batch(quantity, null);
      }
      if (lines.length === 0) continue;
      for (const line of lines) model.receive(line.sku, line.quantity, line.expiryDate ?? null);
      const serial = invoiceSerials.get(key) + 1 + Math.floor(random() * 40);
      invoiceSerials.set(key, serial);
      receipts.push({
        day,
        receiptId: uuid(random),
        supplierName: supplier.name,
        invoiceNumber: `${supplier.invoicePrefix}-${serial}`,
        invoiceDate: addDays(today, day),
        lines,
      });
    }

    // Orders that would take more than there is (only possible for an item running low) take
    // what is left; an order left with nothing to take was cancelled for want of stock.
    const todays = byDay.get(day) ?? [];
    for (const order of todays.filter(takesStock)) {
      const lines = order.lines.map((line) => {
        if (!line.sku || line.quantity <= model.sellable(line.sku)) return line;
        const step = itemsBySku.get(line.sku).order[2];
        return { ...line, quantity: round3(Math.floor(round3(model.sellable(line.sku) / step)) * step) };
      });
      if (!lines.some((line) => line.sku && line.quantity > 0)) {
        Object.assign(order, { status: 'cancelled', notes: 'Cancelled: out of stock', committedAt: undefined });
        order.completedAt = undefined;
        order.cancelledAt = Math.max(order.createdAt + 1000, Math.min(order.createdAt + 3_600_000, now - 60_000));
        order.updatedAt = order.cancelledAt;
        continue;
      }
      order.lines = lines.filter((line) => line.quantity > 0);
      for (const line of order.lines) if (line.sku) model.take(line.sku, line.quantity);
    }
    // Confirmed, then cancelled (after the others, as the loader does): takes what is left and
    // gives it back, so no change in the end; one that would find too little was just cancelled.
    for (const order of todays.filter((entry) => entry.confirmedFirst)) {
      if (order.lines.some((line) => line.sku && line.quantity > model.sellable(line.sku))) {
        order.confirmedFirst = false;
        order.committedAt = undefined;
      }
    }
  }

  const expected = data.items.map((item) => ({
    sku: item.sku,
    quantity: model.onHand(item.sku),
    batches: model.batches.get(item.sku).filter((batch) => batch.quantity > 0),
  }));
  return { today, orders, receipts, expected };
}

/** A receipt line: a batch of the item, its dates as printed on the goods. */
function receiptLine({ item, quantity, day, today, expiryDate: expiryOverride, notBefore, supplier, random }) {
  const receivedOn = addDays(today, day);
  let manufactureDate = null;
  let expiryDate = null;
  if (item.shelfLife !== null) {
    if (expiryOverride) {
      expiryDate = expiryOverride;
      manufactureDate = addDays(expiryDate, -item.shelfLife);
    } else {
      // Fresh goods arrive a day or two after they are made; the rest a few days to weeks.
      const age = item.shelfLife <= 7 ? 1 + Math.floor(random() * 2) : 3 + Math.floor(random() * item.shelfLife * 0.1);
      manufactureDate = addDays(receivedOn, -age);
      expiryDate = addDays(manufactureDate, item.shelfLife);
      // Sold long ago in the story, but sold today by the service: it must not be expired today.
      if (expiryDate < today) expiryDate = today;
      if (notBefore && expiryDate < notBefore) expiryDate = notBefore;
    }
  }
  const stamp = (manufactureDate ?? receivedOn).slice(2).replaceAll('-', '');
  const drift = day === openingDay ? 0.98 : 0.97 + random() * 0.06;
  return {
    sku: item.sku,
    name: item.name,
    nameAr: item.nameAr,
    quantity: round3(quantity),
    unit: item.unit,
    unitPrice: round2(item.costPrice * drift),
    batchNumber: `${supplier.batchPrefix}${stamp}-${String(Math.floor(random() * 900) + 100)}`,
    ...(expiryDate ? { expiryDate } : {}),
    ...(manufactureDate ? { manufactureDate } : {}),
  };
}

// ---------------------------------------------------------------- loading

const offValues = new Set(['off', '0', 'false', 'no']);

/** DEMO_DATA: on unless off, 0, false or no. */
export function demoDataEnabled(value = process.env.DEMO_DATA) {
  const setting = String(value ?? '').trim();
  return !offValues.has(setting.toLowerCase());
}

function rpcClients(contracts, ClientProxyFactory, Transport, addresses) {
  const proxies = [];
  const client = (Type, service) => {
    const { host = '127.0.0.1', port } = addresses[service];
    const proxy = ClientProxyFactory.create({ transport: Transport.TCP, options: { host, port } });
    proxies.push(proxy);
    return new Type(proxy, rpcTimeoutMs);
  };
  return {
    identity: client(contracts.IdentityClient, 'identity'),
    orders: client(contracts.OrdersClient, 'orders'),
    inventory: client(contracts.InventoryClient, 'inventory'),
    // The books (payments, returns' credit notes) when the loader is given billing's address.
    billing: addresses.billing ? client(contracts.BillingClient, 'billing') : null,
    close: () => Promise.all(proxies.map((proxy) => proxy.close())),
  };
}

/**
 * Onboards the demo company's EGS unit to the local Fatoora simulator (CONTRACT §12), with the
 * simulator's OTP. The history stays phase 1; what is issued from now on is signed and reported.
 * A simulator that does not answer only costs the onboarding, said in the log.
 */
async function onboardWithZatca(billing, meta, log) {
  try {
    await billing.updateZatcaSettings(data.zatca, meta);
    await billing.onboardZatca({ otp: process.env.FATOORA_SIMULATOR_OTP || '123345' }, meta);
    log('demo company: onboarded with ZATCA on the local Fatoora simulator');
  } catch (error) {
    log(`demo company: not onboarded with ZATCA (${error?.message ?? error}); onboard it from Settings`);
  }
}

/** Empty: no stock items, no clients and no orders. */
async function isEmpty({ orders, inventory }, meta) {
  const [items, clients, placed] = await Promise.all([
    inventory.listStockItems({ limit: 1 }, meta),
    orders.listClients({ limit: 1 }, meta),
    orders.listOrders({ limit: 1 }, meta),
  ]);
  return items.total === 0 && clients.total === 0 && placed.total === 0;
}

/** The company's name, VAT number and address, each only where the setting is still empty. */
async function fillSettings(identity, meta) {
  const current = await identity.getSettings(meta);
  const missing = Object.fromEntries(Object.entries(data.company).filter(([key]) => !current[key]));
  if (Object.keys(missing).length > 0) await identity.updateSettings(missing, meta);
}

/**
 * Moves a day's orders, and their stock moves (takes and put-backs), to the times of the plan,
 * so reports and reorder suggestions see two months of history.
 */
async function backdate(sql, done, timeZone) {
  const iso = (ms) => (ms === undefined ? null : new Date(ms).toISOString());
  await sql.query(
    `UPDATE orders.orders AS o
        SET created_at = v.created_at, updated_at = v.updated_at, business_day = v.business_day,
            first_committed_at = CASE WHEN o.first_committed_at IS NULL THEN NULL ELSE v.committed_at END
       FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::date[], $5::timestamptz[])
            AS v(id, created_at, updated_at, business_day, committed_at)
      WHERE o.id = v.id`,
    [
      done.map(({ id }) => id),
      done.map(({ order }) => iso(order.createdAt)),
      done.map(({ order }) => iso(order.updatedAt)),
      done.map(({ order }) => businessDate(timeZone, new Date(order.createdAt))),
      done.map(({ order }) => iso(order.committedAt)),
    ],
  );
  const moved = done.filter(({ order }) => order.committedAt !== undefined);
  if (moved.length === 0) return;
  await sql.query(
    `UPDATE inventory.stock_moves AS m
        SET created_at = CASE WHEN m.kind = 'take' THEN v.taken_at ELSE coalesce(v.put_at, m.created_at) END
       FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS v(order_id, taken_at, put_at)
      WHERE m.order_id = v.order_id`,
    [
      moved.map(({ id }) => id),
      moved.map(({ order }) => iso(order.committedAt)),
      moved.map(({ order }) => iso(order.cancelledAt)),
    ],
  );
}

/** Loads the plan through the services, day by day; returns the counts. */
async function loadPlan({ rpc, sql, meta, plan, timeZone }) {
  const { identity, orders, inventory } = rpc;
  if (meta.userId) await fillSettings(identity, meta); // settings are changed by an owner

  const itemIds = new Map();
  const clientIds = new Map();
  const priceListIds = new Map();
  await eachLimited(data.items, concurrency, async (item) => {
    const created = await inventory.createStockItem(
      {
        name: item.name,
        nameAr: item.nameAr,
        sku: item.sku,
        unit: item.unit,
        quantity: 0,
        costPrice: item.costPrice,
        sellingPrice: item.sellingPrice,
        lowStockThreshold: item.threshold,
        packs: data.packsOf(item),
      },
      meta,
    );
    itemIds.set(item.sku, created.id);
  });
  for (const list of data.priceLists) {
    const items = data.items.flatMap((item) => [
      { stockItemId: itemIds.get(item.sku), unit: item.unit, price: listPrice(item.sellingPrice, list.discount) },
      ...data
        .packsOf(item)
        .filter((pack) => pack.sellingPrice !== undefined)
        .map((pack) => ({
          stockItemId: itemIds.get(item.sku),
          unit: pack.unit,
          price: listPrice(pack.sellingPrice, list.discount),
        })),
    ]);
    priceListIds.set(list.key, (await inventory.createPriceList({ name: list.name, items }, meta)).id);
  }
  // One at a time, so the list (newest first) shows them in the same order on every run.
  for (const client of data.clients) {
    const { key, name, nameAr, phone, email, address, notes, priceList, vatNumber, nationalAddress } = client;
    const priceListId = priceList ? priceListIds.get(priceList) : undefined;
    const paymentTermsDays = data.paymentTermsOf(client);
    const created = await orders.createClient(
      { name, nameAr, phone, email, address, notes, priceListId, paymentTermsDays, vatNumber, nationalAddress },
      meta,
    );
    clientIds.set(key, created.id);
  }

  // The deliveries, each supplier's in date order (suppliers deliver different items: in
  // parallel). All before the first order: the plan makes every item's later batches expire no
  // earlier than its earlier ones, and never lets orders take more than was delivered by their
  // day, so orders taken day after day, earliest expiry first, take exactly the batches
  // delivered on or before their day, as if the deliveries had come in between.
  const bySupplier = new Map();
  for (const receipt of plan.receipts) {
    bySupplier.set(receipt.supplierName, [...(bySupplier.get(receipt.supplierName) ?? []), receipt]);
  }
  await eachLimited([...bySupplier.values()], concurrency, async (receipts) => {
    for (const receipt of receipts) {
      await inventory.applyReceipt(
        {
          receiptId: receipt.receiptId,
          supplierName: receipt.supplierName,
          invoiceNumber: receipt.invoiceNumber,
          invoiceDate: receipt.invoiceDate,
          lines: receipt.lines.map((line) => receiptItem(line, itemIds)),
        },
        meta,
      );
    }
  });

  // The orders, one at a time so their numbers follow their times; each day's statuses once the
  // day's orders exist and the day before is done (stock leaves day after day), while the next
  // days' orders are being made. Within a day the order does not matter: the day's takes never
  // exceed what is there.
  const days = [...new Set(plan.orders.map((order) => order.day))].sort((a, b) => a - b);
  let making = Promise.resolve();
  let stopped = false;
  const made = days.map((day) => {
    making = making.then(async () => {
      const done = [];
      for (const order of plan.orders.filter((entry) => entry.day === day)) {
        if (stopped) throw new Error('stopped');
        const created = await orders.createOrder(
          {
            clientName: order.clientName,
            clientId: order.clientKey ? clientIds.get(order.clientKey) : undefined,
            notes: order.notes,
            rawOrderText: order.rawOrderText,
            source: order.source,
            items: order.lines.map((line) => orderItem(line, itemIds)),
          },
          meta,
        );
        done.push({ id: created.id, order });
      }
      return done;
    });
    return making;
  });
  made.forEach((day) => day.catch(() => {})); // a failure is reported by the loop below
  try {
    for (const day of made) {
      const done = await day;
      const direct = done.filter(({ order }) => order.status !== 'pending' && !order.confirmedFirst);
      await eachLimited(direct, concurrency, ({ id, order }) =>
        orders.changeOrderStatus(id, { status: order.status }, meta),
      );
      for (const { id } of done.filter(({ order }) => order.confirmedFirst)) {
        await orders.changeOrderStatus(id, { status: 'confirmed' }, meta);
        await orders.changeOrderStatus(id, { status: 'cancelled' }, meta);
      }
      await backdate(sql, done, timeZone);
    }
  } catch (error) {
    stopped = true; // no more orders behind the failure
    throw error;
  }

  await inventory.generateReorderSuggestions(meta);
  const books = rpc.billing ? await settleBooks({ rpc, sql, meta, timeZone, clientIds }) : null;
  return { counts: { items: itemIds.size, clients: clientIds.size, orders: plan.orders.length }, books };
}

// ---------------------------------------------------------------- the books

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** "123.45" → 12345 halalas, and back: money stays in whole halalas here, never a float's fraction. */
const halalas = (amount) => Number(amount.replace('.', ''));
const money = (whole) => `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;

/**
 * Waits until billing has issued what the orders' statuses call for (an invoice per committed
 * order, a credit note per confirmed-then-cancelled one). Their PDFs may still be rendering: a file
 * rendered before the dates move is not recorded (InvoicesRepository.setPdfPath) and renders again.
 */
async function waitForBilling(sql) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [{ waiting }] = (
      await sql.query(`
        SELECT (SELECT count(*) FROM orders.orders o
                 WHERE o.status IN ('confirmed', 'completed')
                   AND NOT EXISTS (SELECT 1 FROM billing.invoices i
                                    WHERE i.order_id = o.id AND i.type = 'customer' AND i.commit_cycle = o.commit_count))
             + (SELECT count(*) FROM billing.invoices i JOIN orders.orders o ON o.id = i.order_id
                 WHERE i.type = 'customer' AND o.status NOT IN ('confirmed', 'completed')
                   AND NOT EXISTS (SELECT 1 FROM billing.invoices cn
                                    WHERE cn.original_invoice_id = i.id AND cn.type = 'credit_note'))
             AS waiting`)
    ).rows;
    if (Number(waiting) === 0) return;
    if (Date.now() > deadline) throw new Error(`billing has not issued ${waiting} documents`);
    await sleep(250);
  }
}

/**
 * Two months of books: invoices dated when their orders were confirmed (the demo's history is
 * loaded in a minute; a real company's invoices were issued on those days) and due after their
 * client's terms; two returns with their credit notes; most older invoices paid, some in part,
 * some not and overdue; newer ones mostly open. Credit limits for three small shops, one of
 * them already over it.
 */
async function settleBooks({ rpc, sql, meta, timeZone, clientIds }) {
  await waitForBilling(sql);
  // The documents are issued now; the demo dates them in its history, once, before anyone sees them.
  await sql.query('BEGIN');
  try {
    await sql.query('ALTER TABLE billing.invoices DISABLE TRIGGER invoices_never_change');
    await sql.query(`
      UPDATE billing.invoices i SET issued_at = o.first_committed_at, pdf_path = NULL
        FROM orders.orders o
       WHERE i.order_id = o.id AND i.type = 'customer' AND o.first_committed_at IS NOT NULL`);
    await sql.query(`
      UPDATE billing.invoices i SET issued_at = o.updated_at, pdf_path = NULL
        FROM orders.orders o
       WHERE i.order_id = o.id AND i.type = 'credit_note'`);
    await sql.query('ALTER TABLE billing.invoices ENABLE TRIGGER invoices_never_change');
    await sql.query(
      `UPDATE billing.invoice_balances b
          SET due_date = (i.issued_at AT TIME ZONE $1)::date + coalesce(c.payment_terms_days, 0)
         FROM billing.invoices i LEFT JOIN orders.clients c ON c.id = i.client_id
        WHERE b.invoice_id = i.id`,
      [timeZone],
    );
    await sql.query('COMMIT');
  } catch (error) {
    await sql.query('ROLLBACK').catch(() => {});
    throw error;
  }

  // Two returns of key accounts' recent completed orders: one restocked, one written off.
  const keyAccounts = ['rowad', 'hayat'].map((key) => clientIds.get(key));
  const returned = (
    await sql.query(
      `SELECT DISTINCT ON (client_id) id FROM orders.orders
        WHERE status = 'completed' AND client_id = ANY($1::uuid[])
        ORDER BY client_id, created_at DESC`,
      [keyAccounts],
    )
  ).rows;
  const reasons = [
    { reason: 'Short expiry date: returned to the shelf for another branch', restock: true },
    { reason: 'Carton crushed in delivery', restock: false },
  ];
  for (const [index, { id }] of returned.entries()) {
    const [line] = await rpc.orders.listOrderItems(id, meta);
    await rpc.orders.createOrderReturn(
      id,
      {
        reason: reasons[index].reason,
        lines: [{ orderItemId: line.id, quantity: 1, restock: reasons[index].restock }],
      },
      meta,
    );
  }

  const today = businessDate(timeZone);
  const segments = new Map(data.clients.map((client) => [clientIds.get(client.key), client.segment]));
  const random = prng(seed + 11);
  const open = (
    await sql.query(
      `SELECT i.id, i.client_id, b.balance_due::text AS due, b.due_date::text AS due_date,
              (i.issued_at AT TIME ZONE $1)::date::text AS issued
         FROM billing.invoices i JOIN billing.invoice_balances b ON b.invoice_id = i.id
        WHERE i.type = 'customer' AND b.balance_due > 0
        ORDER BY i.issued_at, i.invoice_number`,
      [timeZone],
    )
  ).rows;
  // One small shop is over its credit limit whatever day the demo loads: its newest invoice stays open.
  const overLimit = clientIds.get('khair');
  const keptOpen = open.findLast((invoice) => invoice.client_id === overLimit)?.id;
  const payments = [];
  for (const invoice of open) {
    const r = random();
    if (invoice.id === keptOpen) continue;
    const overdue = invoice.due_date < today;
    const walkIn = invoice.client_id === null;
    const share = walkIn
      ? 100
      : overdue
        ? r < 0.72
          ? 100
          : r < 0.86
            ? 40 + Math.floor(random() * 31)
            : 0
        : r < 0.3
          ? 100
          : r < 0.45
            ? 30 + Math.floor(random() * 41)
            : 0;
    if (share === 0) continue;
    const whole = halalas(invoice.due);
    const amount = share === 100 ? whole : Math.floor((whole * share) / 100 / 1000) * 1000 || Math.floor(whole / 2);
    const latest = overdue ? invoice.due_date : today;
    const span = Math.max(0, Math.round((Date.parse(latest) - Date.parse(invoice.issued)) / 86_400_000));
    const paidAt = walkIn ? invoice.issued : addDays(invoice.issued, Math.floor(random() * (span + 1)));
    const segment = segments.get(invoice.client_id);
    const serial = String(100_000 + Math.floor(random() * 900_000));
    const [method, reference] =
      segment === 'supermarket' || segment === 'catering'
        ? ['bank_transfer', `TRX-${serial}`]
        : segment === 'hotel'
          ? ['cheque', `CHQ-${serial}`]
          : random() < 0.3
            ? ['card', `POS-${serial.slice(0, 4)}`]
            : ['cash', undefined];
    payments.push({
      invoiceId: invoice.id,
      amount: money(amount),
      method,
      reference,
      paidAt: paidAt > today ? today : paidAt,
    });
  }
  await eachLimited(payments, concurrency, ({ invoiceId, ...payment }) =>
    rpc.billing.recordPayment(invoiceId, payment, meta),
  );

  const [{ owed }] = (
    await sql.query(
      `SELECT coalesce(sum(balance_due), 0)::text AS owed FROM billing.invoice_balances WHERE client_id = $1`,
      [overLimit],
    )
  ).rows;
  // 800.00, or less when the shop owes less: a limit below what it owes, in whole fifties (halalas here).
  const smallLimit = Math.max(5_000, Math.min(80_000, Math.floor((halalas(owed) * 4) / 5 / 5_000) * 5_000));
  for (const [key, creditLimit] of [
    ['waha', '6000.00'],
    ['green-valley', '6000.00'],
    ['khair', money(smallLimit)],
  ]) {
    await rpc.orders.updateClient(clientIds.get(key), { creditLimit }, meta);
  }
  return { payments: payments.length, returns: returned.length };
}

/**
 * Loads the demo company into an empty database through the services at `addresses`
 * ({ identity: { host?, port }, orders: ..., inventory: ... }), with `contracts` the module of
 * libs/contracts (its typed clients), or a function that imports it. Never throws: answers { loaded, counts?, seconds?, reason? }
 * and logs one line when it starts and one when it ends (or why it did not load, or failed).
 * `lock`: a pg client that already holds DEMO_LOCK_KEY (prepareDemoCompany); else one is taken here.
 */
export async function loadDemoCompany({
  contracts,
  addresses,
  databaseUrl,
  timeZone = process.env.BUSINESS_TIME_ZONE || 'Asia/Riyadh',
  log,
  lock,
  now = Date.now(),
}) {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  let sql = lock;
  let rpc;
  try {
    if (!sql) {
      sql = new pg.Client({ connectionString: databaseUrl });
      sql.on('error', () => {});
      await sql.connect();
      const [{ locked }] = (await sql.query('SELECT pg_try_advisory_lock($1) AS locked', [DEMO_LOCK_KEY])).rows;
      if (!locked) {
        log('demo company: another process is loading it into this database');
        return { loaded: false, reason: 'locked' };
      }
    }
    const { ClientProxyFactory, Transport } = await import('@nestjs/microservices');
    const module = typeof contracts === 'function' ? await contracts() : contracts;
    rpc = rpcClients(module, ClientProxyFactory, Transport, addresses);
    const owner = (
      await sql.query(
        `SELECT id FROM identity.users WHERE role = 'owner' AND status = 'approved' ORDER BY created_at LIMIT 1`,
      )
    ).rows[0];
    const meta = { requestId: 'demo-company', ...(owner ? { userId: owner.id } : {}) };
    if (!(await isEmpty(rpc, meta))) {
      log('demo company: not loaded, the database already has stock items, clients or orders');
      return { loaded: false, reason: 'not-empty' };
    }
    log('loading the demo company (DEMO_DATA=off skips it)');
    const plan = planDemoCompany({ today: businessDate(timeZone, new Date(now)), now, timeZone });
    const { counts, books } = await loadPlan({ rpc, sql, meta, plan, timeZone });
    log(
      `demo company loaded: ${counts.items} items, ${counts.clients} clients, ${counts.orders} orders in ${seconds()} s`,
    );
    if (rpc.billing) await onboardWithZatca(rpc.billing, meta, log);
    return { loaded: true, counts, books, seconds: Number(seconds()), plan };
  } catch (error) {
    const reason = error?.message ?? String(error);
    (log.error ?? log)(
      `demo company: loading failed after ${seconds()} s: ${reason}. The system keeps running with what was loaded; ` +
        'to load it again, start on an empty database (docs/operations.md, Reset)',
    );
    return { loaded: false, reason: 'failed', error };
  } finally {
    await rpc?.close().catch(() => {});
    await sql?.end().catch(() => {});
  }
}

/**
 * For `npm start`: unless DEMO_DATA=off, takes the demo lock on the database before the services
 * start (so anyone waiting for the load, like the e2e setup, can wait on that lock from the moment
 * the system answers /ready), and answers { load(addresses) } to call once it is ready. Null when
 * off, when another process holds the lock, or when the lock cannot be taken (said in the log).
 */
export async function prepareDemoCompany({ root, databaseUrl, log }) {
  if (!demoDataEnabled()) return null;
  const lock = new pg.Client({ connectionString: databaseUrl });
  lock.on('error', () => {});
  try {
    await lock.connect();
    const [{ locked }] = (await lock.query('SELECT pg_try_advisory_lock($1) AS locked', [DEMO_LOCK_KEY])).rows;
    if (!locked) {
      await lock.end();
      log('demo company: another process is loading it into this database');
      return null;
    }
  } catch (error) {
    await lock.end().catch(() => {});
    (log.error ?? log)(`demo company: not loaded, the database lock failed: ${error?.message ?? error}`);
    return null;
  }
  return {
    /** `services`: start.mjs's { name, port, portVariable } of each service. Never throws. */
    load: async (services) => {
      const addresses = Object.fromEntries(
        services.map(({ name, port, portVariable }) => {
          const host = process.env[portVariable.replace(/_PORT$/, '_HOST')] || '127.0.0.1';
          return [name, { host: host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host, port }];
        }),
      );
      const contracts = () => import(pathToFileURL(path.join(root, 'libs/contracts/dist/index.js')).href);
      return loadDemoCompany({ contracts, addresses, databaseUrl, log, lock });
    },
  };
}

/** Waits until no one holds the demo lock: the demo company is loaded (or was never going to be). */
export async function waitForDemoCompany(databaseUrl, timeoutMs = 120_000) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${Math.round(timeoutMs)}`);
    await client.query('SELECT pg_advisory_lock($1)', [DEMO_LOCK_KEY]);
    await client.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK_KEY]);
  } finally {
    await client.end();
  }
}
