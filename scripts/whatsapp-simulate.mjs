// `npm run whatsapp:simulate [-- --only text|voice|image]`: shows the WhatsApp channel working
// without a Meta account. Posts what Meta would post when demo clients message the business: two
// order texts (Arabic, English), a voice note (English speech from espeak-ng, Opus in OGG like
// WhatsApp's) and a photo of an order list (ImageMagick), the media uploaded to the local Graph
// simulator first. Each delivery is signed with the simulator's app secret, as Meta signs them.
// Needs a running system (`npm start`, which runs the simulator too).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { createLog, oneLine, UserError } from './lib/log.mjs';
import { env, loadDotEnv, root } from './lib/setup.mjs';

const log = createLog('whatsapp');
const kinds = ['text', 'voice', 'image'];
const toolTimeoutMs = 30_000;
const requestTimeoutMs = 10_000;
const webhookPath = '/api/channels/whatsapp/webhook';

/** Demo clients (scripts/lib/demo-company-data.mjs) and what they call themselves on WhatsApp. */
const rowad = { phone: '+966 55 812 4403', profileName: 'أبو فهد | الرواد للتموين' };
const hayat = { phone: '+966 50 377 9120', profileName: 'Hayat Supermarket Purchasing' };
const majd = { phone: '+966 56 240 1187', profileName: 'Sultan – Al Majd Trading' };

/** The deliveries, in order; every product named is in the demo catalogue. */
const deliveries = [
  {
    kind: 'text',
    sender: rowad,
    text:
      'السلام عليكم، نبي ٥ كراتين حليب المراعي ١ لتر و ٣ اكياس سكر الأسرة ١٠ كيلو و ٢ كرتون زيت عافية ٣ لتر. ' +
      'التوصيل بكرة الصبح الله يعافيك',
  },
  {
    kind: 'text',
    sender: hayat,
    text: [
      'Hi, order for Hayat Family Supermarket please:',
      '10 cartons Almarai Laban 1L',
      '4 bags Al Walimah Basmati Rice 10kg',
      '6 boxes Lipton Yellow Label Tea 100 bags',
      '2 cartons Afia corn oil 1.5L',
      'Delivery tomorrow before 9 am. Thanks',
    ].join('\n'),
  },
  {
    kind: 'voice',
    sender: majd,
    speech:
      'Hello, this is Al Majd Trading. Please send ten cartons of Almarai fresh milk one litre, ' +
      'five bags of Al Osra sugar ten kilo, and three cartons of Nadec laban. Thank you.',
  },
  {
    kind: 'image',
    sender: rowad,
    caption: 'طلبية الأسبوع للمطبخ، الله يعافيك',
    lines: [
      { text: 'طلبية مطبخ الرواد — الأحد', font: 'Noto Naskh Arabic Bold 30' },
      { text: '١٠ اكياس رز الوليمة بسمتي ١٠ كيلو', font: 'Noto Naskh Arabic 26' },
      { text: '٦ كراتين حليب المراعي ٢ لتر', font: 'Noto Naskh Arabic 26' },
      { text: '٢ كيلو هيل أخضر', font: 'Noto Naskh Arabic 26' },
      { text: 'Puck Cheese Triangles 16 pcs × 8 boxes', font: 'Noto Sans 22' },
      { text: 'Nescafe Classic 200g × 12', font: 'Noto Sans 22' },
    ],
  },
];

// ---------------------------------------------------------------- helpers

const execFileAsync = promisify(execFile);

/** Debian packages of the tools, for the message when one is missing. */
const packageOf = { 'espeak-ng': 'espeak-ng', ffmpeg: 'ffmpeg', convert: 'imagemagick' };

/** Runs a tool with a time limit; a missing tool or a failure is a UserError with its first line of stderr. */
async function runTool(command, args) {
  try {
    await execFileAsync(command, args, { timeout: toolTimeoutMs, maxBuffer: 4 * 1024 * 1024 });
  } catch (error) {
    if (error.code === 'ENOENT') {
      throw new UserError(`${command} is not installed: run \`sudo apt-get install -y ${packageOf[command]}\``);
    }
    const why = error.killed ? `no answer within ${toolTimeoutMs / 1000} s` : oneLine(error.stderr || error);
    throw new UserError(`${command} failed: ${why}`);
  }
}

/** fetch with a time limit; a network failure becomes a UserError made by `unreachable(reason)`. */
async function request(url, init, unreachable) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
  } catch (error) {
    const reason = error.name === 'TimeoutError' ? 'no answer in time' : oneLine(error.cause ?? error);
    throw new UserError(unreachable(reason));
  }
}

/** The payload builders of the simulator package (built by `npm run build:server`). */
async function loadBuilders() {
  const file = path.join(root, 'simulators', 'whatsapp-graph', 'dist', 'index.js');
  if (!fs.existsSync(file)) {
    throw new UserError('simulators/whatsapp-graph is not built: run `npm run build:server` (or `npm start`) first');
  }
  return import(pathToFileURL(file).href);
}

async function readConnection(simulatorUrl) {
  const url = `${simulatorUrl}/simulator/connection`;
  const response = await request(
    url,
    {},
    (reason) =>
      `the WhatsApp Graph simulator does not answer at ${simulatorUrl} (${reason}): start the system with \`npm start\`, or set WHATSAPP_SIMULATOR_URL`,
  );
  const body = await response.json().catch(() => null);
  if (!response.ok || typeof body?.appSecret !== 'string' || typeof body?.phoneNumberId !== 'string') {
    throw new UserError(
      `GET ${url} answered HTTP ${response.status} without a connection: is that the WhatsApp Graph simulator?`,
    );
  }
  return body;
}

async function uploadMedia(simulatorUrl, bytes, mimeType) {
  const response = await request(
    `${simulatorUrl}/simulator/media`,
    { method: 'POST', headers: { 'Content-Type': mimeType }, body: bytes },
    (reason) => `the WhatsApp Graph simulator stopped answering at ${simulatorUrl} (${reason})`,
  );
  const body = await response.json().catch(() => null);
  if (!response.ok || typeof body?.id !== 'string') {
    throw new UserError(
      `uploading ${mimeType} to the simulator failed: HTTP ${response.status} ${body?.message ?? ''}`,
    );
  }
  return body.id;
}

/** Base64 of the SHA-256, as Meta's webhook messages carry a media file's hash. */
const sha256Of = (bytes) => createHash('sha256').update(bytes).digest('base64');

/** A voice note: espeak-ng speaks to WAV, ffmpeg makes it Opus in OGG (16 kHz mono, as WhatsApp records). */
async function makeVoiceNote(dir, speech) {
  const wav = path.join(dir, 'voice.wav');
  const ogg = path.join(dir, 'voice.ogg');
  await runTool('espeak-ng', ['-v', 'en-us', '-s', '145', '-w', wav, speech]);
  await runTool('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-i',
    wav,
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'libopus',
    '-b:a',
    '24k',
    '-application',
    'voip',
    ogg,
  ]);
  return fs.readFileSync(ogg);
}

const escapeMarkup = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A photo of a printed order list: Pango lays out the Arabic and Latin lines (Noto fonts, from
 * fonts-noto-core), then it is tilted, given grain and saved as a JPEG, as a phone would.
 */
async function makeOrderPhoto(dir, lines) {
  const jpeg = path.join(dir, 'order.jpg');
  const markup = lines.map((line) => `<span font="${line.font}">${escapeMarkup(line.text)}</span>`).join('\n\n');
  await runTool('convert', [
    '-background',
    '#f7f3e8',
    '-size',
    '900x',
    `pango:${markup}`,
    '-bordercolor',
    '#f7f3e8',
    '-border',
    '48x40',
    '-background',
    '#8a8478',
    '-rotate',
    '-1.6',
    '-attenuate',
    '0.35',
    '+noise',
    'Gaussian',
    '-quality',
    '82',
    jpeg,
  ]);
  return fs.readFileSync(jpeg);
}

/** Posts one delivery to the ERP's webhook, signed; a refusal or no answer stops the run with one line. */
async function postDelivery(erpUrl, body, signature) {
  const url = `${erpUrl}${webhookPath}`;
  const response = await request(
    url,
    { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature }, body },
    (reason) => `the ERP does not answer at ${erpUrl} (${reason}): start it with \`npm start\`, or set ERP_URL`,
  );
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const text = oneLine((await response.text().catch(() => '')).slice(0, 300));
  const hint =
    response.status === 401 || response.status === 403
      ? ': is the WhatsApp channel in Settings connected to this simulator (its app secret signs these deliveries)?'
      : response.status === 404
        ? ': this ERP has no WhatsApp webhook (an older build?)'
        : '';
  throw new UserError(`POST ${url} answered HTTP ${response.status} ${text}${hint}`);
}

// ---------------------------------------------------------------- main

function options() {
  let parsed;
  try {
    parsed = parseArgs({ options: { only: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UserError(`${oneLine(error)} (usage: npm run whatsapp:simulate [-- --only text|voice|image])`);
  }
  if (parsed.values.help) {
    log('usage: npm run whatsapp:simulate [-- --only text|voice|image]');
    log('  ERP_URL [http://127.0.0.1:<PORT or 8080>], WHATSAPP_SIMULATOR_URL [http://127.0.0.1:4020]');
    process.exit(0);
  }
  const only = parsed.values.only;
  if (only !== undefined && !kinds.includes(only)) {
    throw new UserError(`--only takes one of ${kinds.join(', ')}, not "${only}"`);
  }
  return { only };
}

async function main() {
  const { only } = options();
  loadDotEnv(log);
  const erpUrl = (env('ERP_URL') ?? `http://127.0.0.1:${env('PORT') ?? 8080}`).replace(/\/+$/, '');
  const simulatorUrl = (
    env('WHATSAPP_SIMULATOR_URL') ?? `http://127.0.0.1:${env('WHATSAPP_SIMULATOR_PORT') ?? 4020}`
  ).replace(/\/+$/, '');
  const { messageDelivery, signDelivery } = await loadBuilders();
  const connection = await readConnection(simulatorUrl);
  log(`simulator ${simulatorUrl}: business number ${connection.displayPhoneNumber} (id ${connection.phoneNumberId})`);

  const chosen = deliveries.filter((delivery) => !only || delivery.kind === only);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'whatsapp-simulate-'));
  const prepared = [];
  try {
    // Media first: made and uploaded to the simulator, as Meta holds what a user sends.
    for (const delivery of chosen) {
      if (delivery.kind === 'text') {
        prepared.push({ delivery, message: { type: 'text', text: delivery.text } });
      } else if (delivery.kind === 'voice') {
        const bytes = await makeVoiceNote(dir, delivery.speech);
        const mimeType = 'audio/ogg; codecs=opus';
        const mediaId = await uploadMedia(simulatorUrl, bytes, mimeType);
        log(`uploaded a voice note (${bytes.length} bytes, ${mimeType}): media ${mediaId}`);
        prepared.push({
          delivery,
          message: { type: 'audio', mediaId, mimeType, voice: true, sha256: sha256Of(bytes) },
        });
      } else {
        const bytes = await makeOrderPhoto(dir, delivery.lines);
        const mediaId = await uploadMedia(simulatorUrl, bytes, 'image/jpeg');
        log(`uploaded a photo of an order list (${bytes.length} bytes, image/jpeg): media ${mediaId}`);
        prepared.push({
          delivery,
          message: {
            type: 'image',
            mediaId,
            mimeType: 'image/jpeg',
            caption: delivery.caption,
            sha256: sha256Of(bytes),
          },
        });
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  for (const { delivery, message } of prepared) {
    const { body, messageId } = messageDelivery({
      phoneNumberId: connection.phoneNumberId,
      displayPhoneNumber: connection.displayPhoneNumber,
      from: delivery.sender.phone,
      profileName: delivery.sender.profileName,
      message,
    });
    await postDelivery(erpUrl, body, signDelivery(body, connection.appSecret));
    log(`sent ${delivery.kind} from ${delivery.sender.phone} (${delivery.sender.profileName}): ${messageId}`);
  }
  log(`${prepared.length} message(s) delivered to ${erpUrl}${webhookPath}: open ${erpUrl} and look in the Inbox`);
}

main().catch((error) => {
  log.error(error instanceof UserError ? error.message : (error?.stack ?? String(error)));
  process.exit(1);
});
