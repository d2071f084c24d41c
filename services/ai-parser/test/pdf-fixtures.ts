import { readJpegSize } from '@erp/common';

/** A JPEG drawn on the page at (x, y), `width` × `height` points. */
export interface PdfPicture {
  jpeg: Buffer;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Start-of-frame markers: the segment that says how many colour components the JPEG has. */
const startOfFrame = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegComponents(jpeg: Buffer): number {
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    if (startOfFrame.has(jpeg[offset + 1]!)) return jpeg[offset + 9]!;
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error('not a JPEG');
}

/**
 * A one-page PDF of `width` × `height` points with no text layer, the given JPEGs drawn on it (as a
 * scanner's PDF holds its picture). With no picture and a page of 5000 × 5000 pt it is the "page
 * bomb" of the security review: 440 bytes that pdftoppm at 300 dpi renders as 20,833² pixels.
 */
export function picturePdf(width: number, height: number, pictures: readonly PdfPicture[] = []): Buffer {
  const objects: Buffer[] = [];
  const names = pictures.map((_picture, index) => `/Im${index} ${5 + index} 0 R`).join(' ');
  const content = pictures
    .map((picture, index) => `q ${picture.width} 0 0 ${picture.height} ${picture.x} ${picture.y} cm /Im${index} Do Q`)
    .join('\n');
  objects.push(Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'));
  objects.push(
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << ${names} >> >> /Contents 4 0 R >>`,
    ),
  );
  objects.push(Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`));
  for (const picture of pictures) {
    const size = readJpegSize(picture.jpeg);
    if (!size) throw new Error('not a JPEG');
    const colours = jpegComponents(picture.jpeg) === 1 ? '/DeviceGray' : '/DeviceRGB';
    objects.push(
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${size.width} /Height ${size.height} /ColorSpace ${colours} ` +
            `/BitsPerComponent 8 /Filter /DCTDecode /Length ${picture.jpeg.length} >>\nstream\n`,
          'latin1',
        ),
        picture.jpeg,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(part);
    length += part.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  for (const offset of offsets) xref.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  xref.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  parts.push(Buffer.from(xref.join(''), 'latin1'));
  return Buffer.concat(parts);
}
