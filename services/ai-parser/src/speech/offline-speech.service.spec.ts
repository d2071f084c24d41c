import { AppException, AiErrorCode } from '@erp/contracts';
import { loadConfig } from '@erp/common';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AiParserConfig } from '../ai-parser.config.js';
import type { CatalogSnapshot } from '../catalog/catalog.service.js';
import { buildCatalogIndex } from '../parser/index.js';
import { OfflineSpeechService } from './offline-speech.service.js';

const work = mkdtempSync(join(tmpdir(), 'offline-speech-spec-'));

/** A recognizer that fails as a crashing one would: a message on stderr and a non-zero status. */
const brokenRecognizer = join(work, 'pocketsphinx-that-fails');
writeFileSync(brokenRecognizer, '#!/bin/sh\necho "ERROR: acoustic model failed to load" >&2\nexit 3\n');
chmodSync(brokenRecognizer, 0o755);

function catalog(): CatalogSnapshot {
  const items = [
    { id: 'a', sku: 'MILK-1', name: 'Almarai Milk 1L', nameAr: 'حليب المراعي', unit: 'piece', sellingPrice: '6.50' },
  ];
  return {
    index: buildCatalogIndex(items),
    items,
    byId: new Map(items.map((item) => [item.id, item])),
    version: 1,
    loadedAt: new Date(),
  };
}

describe('OfflineSpeechService', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('answers 503 SPEECH_UNAVAILABLE, not a fault, when the recognizer fails on a readable recording', async () => {
    const config = loadConfig(AiParserConfig, {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused',
      REDIS_URL: 'redis://127.0.0.1:6379',
      POCKETSPHINX_BIN: brokenRecognizer,
    });
    const speech = new OfflineSpeechService(config);
    const wav = join(work, 'order.wav');
    execFileSync('espeak-ng', ['-v', 'en-us', '-w', wav, 'two cartons of almarai milk']);
    const failure = await speech
      .transcribe(wav, 'wav', catalog(), new AbortController().signal)
      .catch((error: unknown) => error);
    await speech.onModuleDestroy();
    expect(failure).toBeInstanceOf(AppException);
    expect(failure).toMatchObject({ code: AiErrorCode.SpeechUnavailable, status: 503 });
    expect((failure as AppException).details).toMatchObject({ reason: 'ERROR: acoustic model failed to load' });
  }, 60_000);
});
