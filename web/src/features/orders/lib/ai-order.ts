import type { ClientDto, ParsedItemAlternativeDto } from '@erp/contracts';
import type { OrderParseResultDto, ParsedOrderItemDto } from '../api/order-intake-api';
import type { OrderOrigin } from '../api/orders-api';
import { quantityTextOfNumber } from '../../../lib/decimal';
import { DEFAULT_UNIT, emptyOrderLine, type OrderLine } from './manual-order';

/** CONTRACT §6: the parse result's client name when the message names none. */
export const UNKNOWN_CLIENT = 'Unknown Client';
/** The longest original text an order keeps (rawOrderText, transcribedText). */
const ORIGIN_TEXT_MAX = 20_000;

/** Confidence at or above this is a good match; below `FAIR_MATCH` a doubtful one. */
export const GOOD_MATCH = 0.85;
export const FAIR_MATCH = 0.6;
/** A voice note heard with less confidence than this is unclear (the ai-parser's CLEAR_TRANSCRIPT). */
export const CLEAR_TRANSCRIPT = 0.8;

/** What the confirm dialog shows of a line the AI read, besides the line itself. */
export interface ParsedLineInfo {
  /** 0–1, for the stock item the AI matched. */
  confidence: number;
  /** CONTRACT §6/ai-intake.md: read by OCR or the offline recogniser, assumed, or disputed. */
  quantityNeedsCheck: boolean;
  /** CONTRACT §10: the customer's unit is not one the matched item is sold in; the user must choose. */
  unitNeedsCheck: boolean;
  /** The customer's own wording of the line. */
  sourceText: string;
  /** The stock item the AI matched; null when it matched none. */
  matchedStockItemId: string | null;
  /** Other catalogue items the line may mean. */
  alternatives: ParsedItemAlternativeDto[];
}

export interface OrderDraft {
  /** The client as the parse found it: linked when it matched an existing client. */
  client: { client: ClientDto | null; name: string };
  /** False when the message named no client (the parser's "Unknown Client"): the field starts empty. */
  clientNamed: boolean;
  lines: OrderLine[];
  /** By line key. */
  info: Record<string, ParsedLineInfo>;
  origin: OrderOrigin;
}

/** The existing client the parse matched, known only by its id and name. */
function matchedClient(id: string, name: string): ClientDto {
  return {
    id,
    name,
    nameAr: null,
    phone: null,
    whatsapp: null,
    email: null,
    address: null,
    notes: null,
    priceListId: null,
    paymentTermsDays: 0,
    creditLimit: null,
    vatNumber: null,
    nationalAddress: null,
    createdAt: '',
    createdBy: null,
  };
}

/** A parsed quantity (a JSON number) as the form's text, at most 3 decimals; blank when not above 0. */
export function parsedQuantityText(quantity: number): string {
  return quantity > 0 ? quantityTextOfNumber(quantity) : '';
}

/**
 * A parsed line as a form line. A linked line's price is not typed in: the parse's price (for the
 * client when `pricing` is `client`) is its hint and the server prices the order for its client
 * (docs/api/ai-intake.md); its units come with the quote. A unit the item is not sold in is to be
 * chosen. A line matched to nothing keeps the customer's unit and has no price.
 */
function lineOf(item: ParsedOrderItemDto, pricing: string): OrderLine {
  const unit = item.unit ?? DEFAULT_UNIT;
  const line: OrderLine = {
    ...emptyOrderLine(),
    itemName: item.itemName,
    itemNameAr: item.itemNameAr ?? '',
    quantity: parsedQuantityText(item.quantity),
    unit,
    phrase: item.phrase,
  };
  if (!item.stockItemId) return line;
  line.stockItem = { id: item.stockItemId, sku: item.sku ?? '', name: item.itemName };
  if (item.unitNeedsCheck) line.unitNote = { kind: 'notSold', unit };
  // Money stays a decimal string from the server to the screen.
  if (item.unitPrice && !item.unitNeedsCheck) {
    line.parsedPrice = { stockItemId: item.stockItemId, unit, price: item.unitPrice, pricing };
  }
  return line;
}

function originOf(result: OrderParseResultDto): OrderOrigin {
  const clip = (text: string | undefined) => text?.trim().slice(0, ORIGIN_TEXT_MAX) || undefined;
  const origin: OrderOrigin = { source: result.source };
  const set = <Key extends keyof OrderOrigin>(key: Key, value: OrderOrigin[Key] | undefined) => {
    if (value) origin[key] = value;
  };
  if (result.source === 'voice') {
    set('transcribedText', clip(result.transcription ?? result.rawText));
    set('audioFileUrl', result.uploadedFileUrl);
  } else {
    set('rawOrderText', clip(result.rawText));
    set('uploadedFileUrl', result.uploadedFileUrl);
  }
  return origin;
}

/** A client known by more than the parse (an Inbox draft's, matched by the sender's number). */
export type KnownClient = Pick<ClientDto, 'id' | 'name' | 'nameAr' | 'phone'>;

/**
 * The confirm dialog's starting point from a parse result (CONTRACT §6). A `known` client (with a
 * name) is the order's client, whatever the message names.
 */
export function draftFromParse(result: OrderParseResultDto, known?: KnownClient | null): OrderDraft {
  const { clientName, clientId, items } = result.parsed;
  const lines: OrderLine[] = [];
  const info: Record<string, ParsedLineInfo> = {};
  for (const item of items) {
    const line = lineOf(item, result.pricing);
    lines.push(line);
    info[line.key] = {
      confidence: item.confidence,
      quantityNeedsCheck: item.quantityNeedsCheck,
      unitNeedsCheck: Boolean(item.stockItemId) && item.unitNeedsCheck,
      sourceText: item.sourceText,
      matchedStockItemId: item.stockItemId,
      alternatives: item.alternatives ?? [],
    };
  }
  // "Unknown Client" is the parser's word for none (CONTRACT §6), never a name to offer: the
  // field starts empty, with a prompt, and a new client is never made under that name.
  const read = clientName?.trim() ?? '';
  const named = Boolean(clientId) || (read !== '' && read !== UNKNOWN_CLIENT);
  const name = named ? read : '';
  const client =
    known && known.name
      ? {
          client: { ...matchedClient(known.id, known.name), nameAr: known.nameAr, phone: known.phone },
          name: known.name,
        }
      : { client: clientId ? matchedClient(clientId, name) : null, name };
  return {
    client,
    clientNamed: named || Boolean(known?.name),
    lines,
    info,
    origin: originOf(result),
  };
}

export type MatchLevel = 'good' | 'fair' | 'poor';

export function matchLevelOf(confidence: number): MatchLevel {
  return confidence >= GOOD_MATCH ? 'good' : confidence >= FAIR_MATCH ? 'fair' : 'poor';
}

/** The line still holds the AI's match (not another item the user picked or typed). */
export function keepsMatch(line: OrderLine, info: ParsedLineInfo): boolean {
  return info.matchedStockItemId !== null && line.stockItem?.id === info.matchedStockItemId;
}
