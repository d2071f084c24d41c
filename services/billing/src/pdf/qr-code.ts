import qrcode from 'qrcode-generator';
import { SafeHtml } from './html.js';

const quietZone = 4;

/**
 * The QR code of `payload` as inline SVG markup: one path of dark modules with the 4-module
 * quiet zone the standard asks for, scaled by CSS. Error correction M (15%) keeps the code
 * small enough to scan from paper at 30 mm. The payload only shapes the modules: none of its
 * text goes into the markup.
 */
export function qrCodeSvg(payload: string): SafeHtml {
  const code = qrcode(0, 'M');
  code.addData(payload, 'Byte');
  code.make();
  const count = code.getModuleCount();
  const size = count + quietZone * 2;
  let path = '';
  for (let row = 0; row < count; row += 1) {
    let column = 0;
    while (column < count) {
      if (!code.isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < count && code.isDark(row, column)) column += 1;
      path += `M${start + quietZone} ${row + quietZone}h${column - start}v1h${start - column}z`;
    }
  }
  return new SafeHtml(
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="ZATCA QR code">` +
      `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`,
  );
}
