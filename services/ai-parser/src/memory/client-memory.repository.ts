import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { ClientPhraseEntity } from './client-phrase.entity.js';

export interface PhrasePair {
  phrase: string;
  stockItemId: string;
}

@Injectable()
export class ClientMemoryRepository {
  constructor(@InjectRepository(ClientPhraseEntity) private readonly rows: Repository<ClientPhraseEntity>) {}

  /** Every pair remembered under any of these client keys. */
  findByClientKeys(keys: string[]): Promise<ClientPhraseEntity[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return this.rows.find({ where: { clientKey: In(keys) } });
  }

  /**
   * Writes the pairs under each key: a new phrase is added, a phrase confirmed again for the same
   * item counts once more, a phrase now confirmed for another item follows the newest choice.
   */
  async upsert(keys: string[], pairs: PhrasePair[], actorId: string | null): Promise<void> {
    if (keys.length === 0 || pairs.length === 0) return;
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (const key of keys) {
      for (const pair of pairs) {
        const at = values.length;
        values.push(key, pair.phrase, pair.stockItemId, actorId);
        tuples.push(`($${at + 1}, $${at + 2}, $${at + 3}::uuid, $${at + 4}::uuid)`);
      }
    }
    await this.rows.query(
      `INSERT INTO ai_parser.client_phrases AS memory (client_key, phrase, stock_item_id, updated_by)
       VALUES ${tuples.join(', ')}
       ON CONFLICT (client_key, phrase) DO UPDATE SET
         times_confirmed = CASE WHEN memory.stock_item_id = EXCLUDED.stock_item_id
                                THEN memory.times_confirmed + 1 ELSE 1 END,
         stock_item_id = EXCLUDED.stock_item_id,
         updated_at = now(),
         updated_by = EXCLUDED.updated_by`,
      values,
    );
  }
}
