import { describe, expect, it } from 'vitest';
import type { ClientPhraseEntity } from './client-phrase.entity.js';
import type { ClientMemoryRepository, PhrasePair } from './client-memory.repository.js';
import { clientKeys, ClientMemoryService } from './client-memory.service.js';

class FakeRepository {
  readonly rows: Array<Pick<ClientPhraseEntity, 'clientKey' | 'phrase' | 'stockItemId'>> = [];

  findByClientKeys(keys: string[]) {
    return Promise.resolve(this.rows.filter((row) => keys.includes(row.clientKey)));
  }

  upsert(keys: string[], pairs: PhrasePair[]) {
    for (const key of keys)
      for (const pair of pairs) {
        const found = this.rows.find((row) => row.clientKey === key && row.phrase === pair.phrase);
        if (found) found.stockItemId = pair.stockItemId;
        else this.rows.push({ clientKey: key, ...pair });
      }
    return Promise.resolve();
  }
}

const id = '5b1f0d5e-57a4-4b8e-9a0c-3f0a9d6f1c11';
const milk = '0f6b2a39-0d4c-4c55-8f63-0d8b9c0e6a01';
const nadec = '7a3c8d51-2b7e-4a44-b3a2-9c1f6e2d4b02';

describe('ClientMemoryService', () => {
  it('keys a client by id and by normalised name; "Unknown Client" has no memory', () => {
    expect(clientKeys(id.toUpperCase(), '  Al-Noor   Supermarket ')).toEqual([`id:${id}`, 'name:al noor supermarket']);
    expect(clientKeys(null, 'أسواق المزرعة')).toEqual(['name:اسواق المزرعه']);
    expect(clientKeys(null, 'Unknown Client')).toEqual([]);
  });

  it('remembers normalised phrases, the last choice per phrase, and recalls what the id holds first', async () => {
    const repository = new FakeRepository();
    const memory = new ClientMemoryService(repository as unknown as ClientMemoryRepository);
    expect(
      await memory.remember(
        {
          clientName: 'Al Noor',
          pairs: [
            { phrase: 'Fresh Milk!', stockItemId: milk },
            { phrase: 'fresh milk', stockItemId: nadec },
          ],
        },
        null,
      ),
    ).toEqual({ remembered: 1 });
    await memory.remember(
      { clientId: id, clientName: 'Al Noor', pairs: [{ phrase: 'fresh milk', stockItemId: milk }] },
      null,
    );
    repository.rows.find((row) => row.clientKey === 'name:al noor')!.stockItemId = nadec;
    expect(await memory.recall(id, 'al noor')).toEqual([{ phrase: 'fresh milk', stockItemId: milk }]);
    expect(await memory.recall(null, 'Al Noor')).toEqual([{ phrase: 'fresh milk', stockItemId: nadec }]);
    expect(
      await memory.remember({ clientName: 'Unknown Client', pairs: [{ phrase: 'milk', stockItemId: milk }] }, null),
    ).toEqual({
      remembered: 0,
    });
  });
});
