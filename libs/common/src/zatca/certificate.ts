import { createHash, X509Certificate, type KeyObject } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';

/** What a ZATCA signature and QR take from the EGS unit's certificate (the CSID's). */
export interface StampCertificate {
  /** The certificate's DER as base64, one line: what ds:X509Certificate holds and ZATCA returns. */
  base64: string;
  x509: X509Certificate;
  publicKey: KeyObject;
  /** The public key's SubjectPublicKeyInfo DER (QR tag 8). */
  publicKeyDer: Buffer;
  /** The issuing CA's signature of the certificate (QR tag 9 on simplified documents). */
  caSignature: Buffer;
  /** xades:CertDigest: SHA-256 of the base64 text, as hex, the hex as base64 (ZATCA's form). */
  digest: string;
  /** ds:X509IssuerName: the issuer's RDNs most specific first, e.g. "CN=…, DC=gov, DC=local". */
  issuerName: string;
  /** ds:X509SerialNumber: the serial in decimal. */
  serialNumber: string;
  notAfter: Date;
}

/** Reads a certificate given as base64 DER (a CSID's binarySecurityToken decoded once) or PEM. */
export function readStampCertificate(certificate: string): StampCertificate {
  const base64 = certificate
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
  const der = Buffer.from(base64, 'base64');
  const x509 = new X509Certificate(der);
  const parsed = AsnConvert.parse(der, Certificate);
  return {
    base64,
    x509,
    publicKey: x509.publicKey,
    publicKeyDer: x509.publicKey.export({ type: 'spki', format: 'der' }),
    caSignature: Buffer.from(parsed.signatureValue),
    digest: Buffer.from(createHash('sha256').update(base64).digest('hex')).toString('base64'),
    issuerName: x509.issuer.split('\n').reverse().join(', '),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    notAfter: new Date(x509.validTo),
  };
}
