/**
 * CONTRACT §6: order photos and supplier invoices are JPG, PNG or PDF files of at most 10 MB
 * (the server checks the bytes again; this only spares the user a useless upload).
 */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'application/pdf'];
/** Extensions too, for systems that give PDFs or photos no MIME type. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_TYPES, '.jpg', '.jpeg', '.png', '.pdf'].join(',');

const extensionTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

export type DocumentFileProblem = 'type' | 'size';

/** The file's type, from its MIME type or else its extension; '' when neither says. */
export function documentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return file.type || extensionTypes[extension] || '';
}

/** Why a picked file cannot be read as a document, or null when it can. */
export function checkDocumentFile(file: Pick<File, 'name' | 'type' | 'size'>): DocumentFileProblem | null {
  if (!DOCUMENT_TYPES.includes(documentTypeOf(file))) return 'type';
  if (file.size > MAX_DOCUMENT_BYTES) return 'size';
  return null;
}

/**
 * Voice files (CONTRACT §6, docs/api/ai-intake.md): a WhatsApp voice note saved from the phone
 * (.opus or .ogg), or m4a, mp3, wav, webm; at most 10 MB. The server reads the bytes for the type.
 */
const audioExtensionTypes: Record<string, string> = {
  opus: 'audio/ogg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/mp4',
  wav: 'audio/wav',
  webm: 'audio/webm',
};
export const AUDIO_ACCEPT = ['audio/*', ...Object.keys(audioExtensionTypes).map((extension) => `.${extension}`)].join(
  ',',
);

/** The audio type to send with a voice file: its MIME type when audio, else its extension's; '' when neither says. */
export function audioTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type.startsWith('audio/')) return file.type.split(';')[0]!.trim();
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return audioExtensionTypes[extension] ?? '';
}

/** Why a picked file cannot be sent as a voice note, or null when it can. */
export function checkAudioFile(file: Pick<File, 'name' | 'type' | 'size'>): DocumentFileProblem | null {
  if (!audioTypeOf(file)) return 'type';
  if (file.size > MAX_DOCUMENT_BYTES) return 'size';
  return null;
}
