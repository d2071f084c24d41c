export * from './certificate.js';
export * from './csr.js';
export * from './documents.js';
export * from './invoice-hash.js';
export * from './qr.js';
export * from './signature.js';
export * from './xml.js';
