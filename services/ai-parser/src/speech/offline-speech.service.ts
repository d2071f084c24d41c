import { AiErrorCode, AppException, type IntakeAudioType, type IntakeFileType } from '@erp/contracts';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AiParserConfig } from '../ai-parser.config.js';
import type { CatalogSnapshot } from '../catalog/catalog.service.js';
import { ProcessError, runProcess } from '../common/run-process.js';
import { buildOrderGrammar, itemPhrases } from './order-grammar.js';
import { dictionaryText, pronounceWithEspeak, readCmuDictionary, type Pronunciations } from './pronunciations.js';

/** Decoder beams: wider than pocketsphinx's defaults, measured best on order clips (docs/decisions/0012). */
const BEAMS = ['-beam', '1e-70', '-wbeam', '1e-55', '-pbeam', '1e-70'];
/** Longer voice notes are cut: an order is said in well under five minutes. */
const MAX_SECONDS = '300';
/**
 * ffmpeg's demuxer for each type the gateway found in the bytes. Naming it keeps ffmpeg from
 * probing: behind an ID3 tag it would otherwise find an HLS or ffconcat playlist and open the
 * files that names (another customer's voice note beside this one).
 */
const DEMUXERS: Partial<Record<IntakeFileType, string>> = {
  webm: 'matroska',
  ogg: 'ogg',
  mp3: 'mp3',
  m4a: 'mov',
  wav: 'wav',
} satisfies Record<IntakeAudioType, string>;

function unreadableVoiceNote(reason?: string): AppException {
  return new AppException(
    AiErrorCode.UnreadableFile,
    'The voice note could not be read',
    reason === undefined ? undefined : { reason },
  );
}

interface GrammarFiles {
  version: number;
  fsg: string;
  dict: string;
}

/**
 * English speech to text with no network and no model download: ffmpeg turns the browser's
 * recording (webm/Opus, ogg, mp3, m4a, wav) into 16 kHz mono WAV, and Debian's pocketsphinx
 * decodes it against a grammar generated from the catalogue's English names, units and number
 * words (order-grammar.ts, a finite-state grammar). Words its dictionary lacks are pronounced by
 * espeak-ng.
 */
@Injectable()
export class OfflineSpeechService implements OnModuleDestroy {
  private readonly logger = new Logger(OfflineSpeechService.name);
  private dictionary: Promise<Pronunciations> | null = null;
  private grammar: Promise<GrammarFiles> | null = null;
  private grammarVersion = -1;
  private workDir: Promise<string> | null = null;

  constructor(@Inject(AiParserConfig) private readonly config: AiParserConfig) {}

  async onModuleDestroy(): Promise<void> {
    if (this.workDir) await rm(await this.workDir, { recursive: true, force: true });
  }

  /** Whether the recogniser and its model are installed. */
  async available(): Promise<boolean> {
    try {
      await access(join(this.config.POCKETSPHINX_MODEL_DIR, 'en-us'));
      await access(join(this.config.POCKETSPHINX_MODEL_DIR, 'cmudict-en-us.dict'));
      return true;
    } catch {
      return false;
    }
  }

  /** What was said in the file (one line per pause-separated utterance); empty when nothing was recognised. */
  async transcribe(
    inputPath: string,
    type: IntakeFileType,
    catalog: CatalogSnapshot,
    signal: AbortSignal,
  ): Promise<string> {
    if (!(await this.available())) {
      throw new AppException(
        AiErrorCode.SpeechUnavailable,
        'Offline speech recognition is not installed (Debian packages pocketsphinx and pocketsphinx-en-us): install them or set AI_BASE_URL for a speech-to-text endpoint',
      );
    }
    const grammar = await this.grammarFor(catalog);
    const work = await mkdtemp(join(tmpdir(), 'erp-voice-'));
    try {
      const wav = join(work, 'voice.wav');
      await this.toWav(inputPath, type, wav, signal);
      const stdout = await runProcess(
        this.config.POCKETSPHINX_BIN,
        [
          '-infile',
          wav,
          '-hmm',
          join(this.config.POCKETSPHINX_MODEL_DIR, 'en-us'),
          '-dict',
          grammar.dict,
          '-fsg',
          grammar.fsg,
          '-logfn',
          '/dev/null',
          ...BEAMS,
        ],
        { signal },
      ).then(
        ({ stdout: heard }) => heard,
        (error: unknown) => {
          // The recognizer failing on a WAV ffmpeg made (a crash, its memory limit) is the engine's
          // failure, not the caller's: 503, saying what would serve instead, never a 500.
          if (!(error instanceof ProcessError) || error.failure === 'timeout') throw error;
          throw new AppException(
            AiErrorCode.SpeechUnavailable,
            'Offline speech recognition failed on this voice note: try again, or set AI_BASE_URL for a speech-to-text endpoint',
            { reason: error.stderr.trim().split('\n').pop()?.slice(0, 200) },
          );
        },
      );
      return stdout
        .toString('utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * 16 kHz mono 16-bit WAV, what the acoustic model was trained on. ffmpeg reads the recording as
   * the type its bytes are (`-f`), from the local file only (`-protocol_whitelist file`).
   */
  async toWav(inputPath: string, type: IntakeFileType, outputPath: string, signal: AbortSignal): Promise<void> {
    const demuxer = DEMUXERS[type];
    if (!demuxer) throw unreadableVoiceNote();
    try {
      await runProcess(
        this.config.FFMPEG_BIN,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-nostdin',
          '-y',
          '-protocol_whitelist',
          'file',
          '-f',
          demuxer,
          '-i',
          inputPath,
          '-t',
          MAX_SECONDS,
          '-vn',
          '-ac',
          '1',
          '-ar',
          '16000',
          '-c:a',
          'pcm_s16le',
          '-f',
          'wav',
          outputPath,
        ],
        { signal },
      );
    } catch (error) {
      // A recording ffmpeg fails on (or crashes on, or runs out of memory on) is unreadable.
      if (error instanceof ProcessError && error.failure === 'exit') {
        throw unreadableVoiceNote(error.stderr.trim().split('\n').pop()?.slice(0, 200));
      }
      throw error;
    }
  }

  /**
   * The grammar and dictionary of this catalogue version, written once and shared by concurrent
   * jobs (so no one job's abort cancels it).
   */
  private grammarFor(catalog: CatalogSnapshot): Promise<GrammarFiles> {
    if (!this.grammar || this.grammarVersion !== catalog.version) {
      this.grammarVersion = catalog.version;
      const building = this.buildGrammar(catalog);
      this.grammar = building;
      building.catch(() => {
        // A failed build (aborted, espeak missing) is tried again by the next voice note.
        if (this.grammar === building) this.grammar = null;
      });
    }
    return this.grammar;
  }

  private async buildGrammar(catalog: CatalogSnapshot): Promise<GrammarFiles> {
    const started = performance.now();
    this.dictionary ??= readCmuDictionary(join(this.config.POCKETSPHINX_MODEL_DIR, 'cmudict-en-us.dict'));
    const cmu = await this.dictionary;
    const names = catalog.items.map((item) => item.name);
    const wanted = new Set(names.flatMap((name) => itemPhrases(name).flat()));
    const unknown = [...wanted].filter((word) => !cmu.has(word));
    let extra: Pronunciations = new Map();
    try {
      extra = await pronounceWithEspeak(unknown, this.config.ESPEAK_BIN, AbortSignal.timeout(60_000));
    } catch (error) {
      this.logger.warn(
        { err: error, words: unknown.length },
        'espeak-ng failed: names with unknown words are left out',
      );
    }
    const pronunciations: Pronunciations = new Map([...extra]);
    const known = (word: string): boolean => cmu.has(word) || extra.has(word);
    const grammar = buildOrderGrammar(names, known);
    for (const word of grammar.words) {
      const found = cmu.get(word);
      if (found) pronunciations.set(word, found);
    }
    const dir = await this.ensureWorkDir();
    const version = catalog.version;
    const files: GrammarFiles = {
      version,
      fsg: join(dir, `order-${version}.fsg`),
      dict: join(dir, `order-${version}.dict`),
    };
    await writeFile(files.fsg, grammar.fsg);
    await writeFile(files.dict, dictionaryText(grammar.words, pronunciations));
    if (version > 2) {
      // Two versions back is no longer in use by any decode.
      await rm(join(dir, `order-${version - 2}.fsg`), { force: true });
      await rm(join(dir, `order-${version - 2}.dict`), { force: true });
    }
    this.logger.log(
      {
        items: names.length,
        words: grammar.words.size,
        espeakWords: extra.size,
        states: grammar.states,
        ms: Math.round(performance.now() - started),
      },
      'speech grammar built',
    );
    return files;
  }

  private ensureWorkDir(): Promise<string> {
    this.workDir ??= mkdtemp(join(tmpdir(), 'erp-speech-grammar-'));
    return this.workDir;
  }
}
