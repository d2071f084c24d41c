import { createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
  id_ce_basicConstraints,
  id_ce_keyUsage,
} from '@peculiar/asn1-x509';
import { OctetString } from '@peculiar/asn1-schema';
import { ZatcaOid } from '@erp/common';

/** The simulator's CA: a secp256k1 key and its self-signed certificate, made once and kept in the state. */
export interface CertificateAuthority {
  privateKey: KeyObject;
  certificate: X509Certificate;
  subject: Name;
}

/** What an EGS certificate is made of: taken from the unit's CSR. */
export interface CertificateRequestParts {
  subject: Name;
  subjectPublicKeyInfo: SubjectPublicKeyInfo;
  subjectAltName: Extension;
}

const caSubject = () =>
  new Name([
    rdn(ZatcaOid.country, new AttributeValue({ printableString: 'SA' })),
    rdn(ZatcaOid.organization, new AttributeValue({ utf8String: 'Gulf ERP' })),
    rdn(ZatcaOid.commonName, new AttributeValue({ utf8String: 'Fatoora Simulator CA' })),
  ]);

/** A new CA: its key as PKCS#8 PEM and its certificate's DER as base64 (ten years). */
export function createCertificateAuthority(now: Date): { privateKeyPem: string; certificate: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const subject = caSubject();
  const certificate = signCertificate(
    {
      subject,
      subjectPublicKeyInfo: AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo),
      extensions: [
        new Extension({
          extnID: id_ce_basicConstraints,
          critical: true,
          extnValue: new OctetString(AsnConvert.serialize(new BasicConstraints({ cA: true }))),
        }),
        keyUsage(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign),
      ],
      notBefore: now,
      notAfter: new Date(now.getTime() + 10 * 365 * 86_400_000),
    },
    subject,
    privateKey,
  );
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificate };
}

export function loadCertificateAuthority(stored: { privateKeyPem: string; certificate: string }): CertificateAuthority {
  const der = Buffer.from(stored.certificate, 'base64');
  return {
    privateKey: createPrivateKey(stored.privateKeyPem),
    certificate: new X509Certificate(der),
    subject: AsnConvert.parse(der, Certificate).tbsCertificate.subject,
  };
}

/**
 * An EGS unit's certificate (compliance or production CSID): the CSR's C, OU, O and CN as
 * subject, its key, its subjectAltName copied, key usage digitalSignature, a random serial,
 * valid `days` from now; signed ecdsa-with-SHA256 by the CA. Answers the DER as base64.
 */
export function issueCertificate(
  ca: CertificateAuthority,
  request: CertificateRequestParts,
  days: number,
  now: Date,
): string {
  return signCertificate(
    {
      subject: request.subject,
      subjectPublicKeyInfo: request.subjectPublicKeyInfo,
      extensions: [keyUsage(KeyUsageFlags.digitalSignature), request.subjectAltName],
      notBefore: now,
      notAfter: new Date(now.getTime() + days * 86_400_000),
    },
    ca.subject,
    ca.privateKey,
  );
}

/** Whether the certificate (base64 DER) carries this CA's valid signature. */
export function isIssuedBy(ca: CertificateAuthority, certificate: string): boolean {
  try {
    const x509 = new X509Certificate(Buffer.from(certificate, 'base64'));
    return x509.checkIssued(ca.certificate) && x509.verify(ca.certificate.publicKey);
  } catch {
    return false;
  }
}

function signCertificate(
  parts: {
    subject: Name;
    subjectPublicKeyInfo: SubjectPublicKeyInfo;
    extensions: Extension[];
    notBefore: Date;
    notAfter: Date;
  },
  issuer: Name,
  issuerKey: KeyObject,
): string {
  const algorithm = new AlgorithmIdentifier({ algorithm: ZatcaOid.ecdsaWithSha256 });
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: randomSerial(),
    signature: algorithm,
    issuer,
    validity: new Validity({ notBefore: parts.notBefore, notAfter: parts.notAfter }),
    subject: parts.subject,
    subjectPublicKeyInfo: parts.subjectPublicKeyInfo,
    extensions: new Extensions(parts.extensions),
  });
  const signature = sign('sha256', Buffer.from(AsnConvert.serialize(tbsCertificate)), issuerKey);
  const certificate = new Certificate({
    tbsCertificate,
    signatureAlgorithm: algorithm,
    signatureValue: new Uint8Array(signature).buffer,
  });
  return Buffer.from(AsnConvert.serialize(certificate)).toString('base64');
}

/** 16 random bytes, positive, without a leading zero byte. */
function randomSerial(): ArrayBuffer {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x40;
  return new Uint8Array(bytes).buffer;
}

function keyUsage(flags: number): Extension {
  return new Extension({
    extnID: id_ce_keyUsage,
    critical: true,
    extnValue: new OctetString(AsnConvert.serialize(new KeyUsage(flags))),
  });
}

function rdn(type: string, value: AttributeValue): RelativeDistinguishedName {
  return new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value })]);
}
