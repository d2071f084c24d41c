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
