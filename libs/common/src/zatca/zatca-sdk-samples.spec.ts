import { execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { XmlCanonicalizer } from 'xmldsigjs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readStampCertificate } from './certificate.js';
import { buildEgsCsr, generateStampKey } from './csr.js';
import { FIRST_PIH, invoiceHashOf } from './invoice-hash.js';
import { decodeQrTags } from './qr.js';
import { signInvoice, verifySignedInvoice } from './signature.js';

/** ZATCA's own signed samples (e-invoicing SDK, Data/Samples), as published; see sdk-samples/README.md. */
const samplesDir = new URL('./sdk-samples/', import.meta.url);
const samples = readdirSync(samplesDir)
  .filter((name) => name.endsWith('.xml'))
  .map((name) => ({ name, xml: readFileSync(new URL(name, samplesDir), 'utf8') }));
const sdkCertificate = readStampCertificate(readFileSync(new URL('cert.pem', samplesDir), 'utf8'));
const sdkPrivateKey = createPrivateKey(
  `-----BEGIN EC PRIVATE KEY-----\n${readFileSync(new URL('ec-secp256k1-priv-key.pem', samplesDir), 'utf8').trim()}\n-----END EC PRIVATE KEY-----`,
);

const signedDigest = (xml: string) => /Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</.exec(xml)![1];
const qrOf = (xml: string) =>
  decodeQrTags(/<cbc:ID>QR<\/cbc:ID>[\s\S]*?mimeCode="text\/plain">([^<]+)</.exec(xml)![1]!);

/** An independent hash: the same transform written out, with xmldsigjs's C14N instead of xml-crypto's. */
function oracleHash(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const root = doc.documentElement!;
  for (const node of Array.from(root.childNodes)) {
    if (node.nodeType !== 1) continue;
    const element = node as unknown as Element;
    const isQr =
      element.localName === 'AdditionalDocumentReference' &&
      element.getElementsByTagName('cbc:ID')[0]?.textContent === 'QR';
    if (element.localName === 'UBLExtensions' || element.localName === 'Signature' || isQr) root.removeChild(node);
  }
  const canonical = new XmlCanonicalizer(false, false).Canonicalize(doc as never);
  return createHash('sha256').update(canonical).digest('base64');
}

describe("ZATCA's published samples", () => {
  it('has the six samples: standard and simplified invoice, credit and debit note', () => {
    expect(samples.map((sample) => sample.name).sort()).toEqual([
      'Simplified_Credit_Note.xml',
      'Simplified_Debit_Note.xml',
      'Simplified_Invoice.xml',
      'Standard_Credit_Note.xml',
      'Standard_Debit_Note.xml',
      'Standard_Invoice.xml',
    ]);
  });

  it.each(samples)(
    'reproduces the invoice hash that $name carries in its QR (tag 6), as the independent C14N does',
    ({ xml }) => {
      const hash = invoiceHashOf(xml);
      expect(hash).toBe(qrOf(xml).get(6)!.toString('utf8'));
      expect(oracleHash(xml)).toBe(hash);
    },
  );

  it.each(samples.filter((sample) => sample.name !== 'Standard_Invoice.xml'))(
    'reproduces the signed digest of $name',
    ({ xml }) => expect(invoiceHashOf(xml)).toBe(signedDigest(xml)),
  );

  it("finds the one flaw of Standard_Invoice.xml: its signed digest is stale (the QR's hash is the document's)", () => {
    const xml = samples.find((sample) => sample.name === 'Standard_Invoice.xml')!.xml;
    expect(verifySignedInvoice(xml).problems.map((problem) => problem.code)).toEqual(['invalid-invoice-hash']);
  });

  it.each(samples)('verifies the signature, signed properties, certificate digest and QR of $name', ({ name, xml }) => {
    const check = verifySignedInvoice(xml);
    const codes = check.problems.map((problem) => problem.code);
    expect(codes).toEqual(name === 'Standard_Invoice.xml' ? ['invalid-invoice-hash'] : []);
    expect(check.certificate?.issuerName).toBe('CN=TSZEINVOICE-SubCA-1, DC=extgazt, DC=gov, DC=local');
  });

  it.each(samples)(
    "carries the certificate's key (tag 8) and, when simplified, the CA's signature (tag 9) in $name",
    ({ name, xml }) => {
      const tags = qrOf(xml);
      const certificate = verifySignedInvoice(xml).certificate!;
      expect(tags.get(8)!.equals(certificate.publicKeyDer)).toBe(true);
      if (name.startsWith('Simplified')) expect(tags.get(9)!.equals(certificate.caSignature)).toBe(true);
      else expect(tags.has(9)).toBe(false);
    },
  );

  it('notices a changed amount: the hash no longer matches and the signature fails', () => {
    const xml = samples.find((sample) => sample.name === 'Simplified_Invoice.xml')!.xml;
    const tampered = xml.replace('<cbc:PayableAmount currencyID="SAR">', '<cbc:PayableAmount currencyID="SAR">1');
    expect(tampered).not.toBe(xml);
    const codes = verifySignedInvoice(tampered).problems.map((problem) => problem.code);
    expect(codes).toContain('invalid-invoice-hash');
    expect(codes).toContain('invalid-signature');
  });

  it('has the first PIH of CONTRACT §12', () => {
    expect(FIRST_PIH).toBe('NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==');
  });
});

describe('signInvoice', () => {
  /** A sample taken back to what an issuer signs: without its extension, QR and signature reference. */
  function unsigned(xml: string): string {
    return xml
      .replace(/<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>/, '')
      .replace(
        /<cac:AdditionalDocumentReference>\s*<cbc:ID>QR<\/cbc:ID>[\s\S]*?<\/cac:AdditionalDocumentReference>/,
        '',
      )
      .replace(/<cac:Signature>[\s\S]*?<\/cac:Signature>/, '');
  }

  it.each(samples)(
    'signs $name again with the SDK key: same hash, a signature that verifies, a matching QR',
    ({ name, xml }) => {
      const document = unsigned(xml);
      const signed = signInvoice(
        document,
        { privateKey: sdkPrivateKey, certificate: sdkCertificate },
        new Date('2026-11-27T10:00:00Z'),
      );
      expect(signed.invoiceHash).toBe(invoiceHashOf(xml));
      expect(oracleHash(signed.xml)).toBe(signed.invoiceHash);
      expect(verifySignedInvoice(signed.xml).problems).toEqual([]);
      const tags = qrOf(signed.xml);
      expect(tags.get(6)!.toString()).toBe(signed.invoiceHash);
      expect(tags.get(7)!.toString()).toBe(signed.signature);
      expect(tags.has(9)).toBe(name.startsWith('Simplified'));
    },
  );

  it('refuses a document without a PIH reference', () => {
    const document = unsigned(samples[0]!.xml).replace(/<cbc:ID>PIH<\/cbc:ID>/, '<cbc:ID>XYZ</cbc:ID>');
    expect(() => signInvoice(document, { privateKey: sdkPrivateKey, certificate: sdkCertificate }, new Date())).toThrow(
      /PIH/,
    );
  });
});

describe('buildEgsCsr', () => {
  it('writes a request OpenSSL verifies, with the VAT number, the EGS serial, the invoice types and the template', () => {
    const key = generateStampKey();
    const pem = buildEgsCsr(
      {
        commonName: 'EGS1-310123456700003',
        egsSerial: '1-GulfERP|2-1.0|3-6f4d20e0-6bfe-4a80-9389-7dabe6620f12',
        vatNumber: '310123456700003',
        organizationUnit: 'Riyadh Branch',
        organizationName: 'مؤسسة الريان للمواد الغذائية',
        invoiceTypes: '1100',
        location: 'RRRD2929',
        industry: 'Wholesale',
        template: 'PREZATCA-Code-Signing',
      },
      key.privateKey,
      key.publicKey,
    );
    const folder = mkdtempSync(join(tmpdir(), 'zatca-csr-'));
    try {
      writeFileSync(join(folder, 'request.pem'), pem);
      const text = execFileSync(
        'openssl',
        ['req', '-in', join(folder, 'request.pem'), '-noout', '-verify', '-text', '-nameopt', 'utf8,sep_comma_plus'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      expect(text).toContain('organizationIdentifier=310123456700003');
      expect(text).toContain('مؤسسة الريان للمواد الغذائية');
      expect(text).toContain('secp256k1');
      expect(text).toContain('1-GulfERP|2-1.0|3-6f4d20e0-6bfe-4a80-9389-7dabe6620f12');
      expect(text).toContain('title=1100');
      expect(text).toContain('PREZATCA-Code-Signing');
      expect(text).toContain('ecdsa-with-SHA256');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
