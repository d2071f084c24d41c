import type { RememberPhrasesDto, RememberPhrasesResultDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { normalizePhrase, UNKNOWN_CLIENT, type MemoryEntry } from '../parser/index.js';
import { ClientMemoryRepository } from './client-memory.repository.js';

const unknownClient = normalizePhrase(UNKNOWN_CLIENT);

/**
 * The keys a client's wording is kept under: its id when the order named an existing client, and
 * its normalised name always (a message names the client; the parse finds the id from the name).
 * "Unknown Client" has no memory.
 */
export function clientKeys(clientId: string | null, clientName: string): string[] {
  const keys: string[] = [];
  if (clientId) keys.push(`id:${clientId.toLowerCase()}`);
  const name = normalizePhrase(clientName);
  if (name && name !== unknownClient) keys.push(`name:${name}`);
  return keys;
}

/** Client memory (docs/decisions/0012): confirmed (client, phrase) → stock item pairs. */
@Injectable()
export class ClientMemoryService {
  constructor(private readonly memory: ClientMemoryRepository) {}

  async remember(dto: RememberPhrasesDto, actorId: string | null): Promise<RememberPhrasesResultDto> {
    const keys = clientKeys(dto.clientId ?? null, dto.clientName);
    const byPhrase = new Map<string, string>();
    for (const pair of dto.pairs) {
      const phrase = normalizePhrase(pair.phrase);
      if (phrase) byPhrase.set(phrase, pair.stockItemId.toLowerCase());
    }
    if (keys.length === 0 || byPhrase.size === 0) return { remembered: 0 };
    const pairs = [...byPhrase].map(([phrase, stockItemId]) => ({ phrase, stockItemId }));
    await this.memory.upsert(keys, pairs, actorId);
    return { remembered: pairs.length };
  }

  /** The client's remembered wording; what was remembered under its id wins over its name. */
  async recall(clientId: string | null, clientName: string): Promise<MemoryEntry[]> {
    const rows = await this.memory.findByClientKeys(clientKeys(clientId, clientName));
    const byPhrase = new Map<string, string>();
    const ordered = [...rows].sort(
      (a, b) => Number(a.clientKey.startsWith('id:')) - Number(b.clientKey.startsWith('id:')),
    );
    for (const row of ordered) byPhrase.set(row.phrase, row.stockItemId);
    return [...byPhrase].map(([phrase, stockItemId]) => ({ phrase, stockItemId }));
  }
}
