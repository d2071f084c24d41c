/**
 * Small raster helpers for the OCR pipeline: 8-bit grey images read from and written as PGM
 * (ImageMagick converts anything to PGM), Otsu's threshold, bilinear scaling and connected
 * components. Plain typed arrays: images here are a few megapixels at most.
 */

/** An 8-bit grey image, row-major, 0 = black. */
export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A connected component of ink pixels (8-connected). Boxes are inclusive. */
export interface Component {
  id: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

export interface Components {
  /** Component id + 1 per pixel (0 = background). */
  labels: Int32Array;
  width: number;
  height: number;
  list: Component[];
}

/** Parses a binary PGM (P5, maxval ≤ 255). */
export function parsePgm(buffer: Buffer): Gray {
  let offset = 0;
  const fields: string[] = [];
  while (fields.length < 4) {
    // Skip whitespace and comments.
    while (offset < buffer.length) {
      const byte = buffer[offset];
      if (byte === 0x23) {
        while (offset < buffer.length && buffer[offset] !== 0x0a) offset += 1;
      } else if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) offset += 1;
      else break;
    }
    let token = '';
    while (offset < buffer.length && !/\s/.test(String.fromCharCode(buffer[offset]))) {
      token += String.fromCharCode(buffer[offset]);
      offset += 1;
    }
    if (!token) throw new Error('Truncated PGM header');
    fields.push(token);
  }
  offset += 1; // the single whitespace after maxval
  const [magic, w, h, max] = fields;
  const width = Number(w);
  const height = Number(h);
  if (magic !== 'P5' || !(width > 0) || !(height > 0) || Number(max) > 255) throw new Error('Not an 8-bit P5 PGM');
  const data = new Uint8Array(buffer.subarray(offset, offset + width * height));
  if (data.length !== width * height) throw new Error('Truncated PGM data');
  return { width, height, data };
}

export function encodePgm(image: Gray): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length)]);
}

/** Otsu's threshold: pixels ≤ the value are ink. */
export function otsuThreshold(image: Gray): number {
  const histogram = new Float64Array(256);
  for (const value of image.data) histogram[value] += 1;
  const total = image.data.length;
  let sum = 0;
  for (let value = 0; value < 256; value += 1) sum += value * histogram[value];
  let sumBackground = 0;
  let weightBackground = 0;
  let best = 0;
  let threshold = 127;
  for (let value = 0; value < 256; value += 1) {
    weightBackground += histogram[value];
    if (weightBackground === 0) continue;
    const weightForeground = total - weightBackground;
    if (weightForeground === 0) break;
    sumBackground += value * histogram[value];
    const meanBackground = sumBackground / weightBackground;
    const meanForeground = (sum - sumBackground) / weightForeground;
    const between = weightBackground * weightForeground * (meanBackground - meanForeground) ** 2;
    if (between > best) {
      best = between;
      threshold = value;
    }
  }
  return threshold;
}

/** 1 for ink (≤ threshold), 0 for paper. */
export function binarize(image: Gray, threshold = otsuThreshold(image)): Uint8Array {
  const out = new Uint8Array(image.data.length);
  for (let i = 0; i < out.length; i += 1) out[i] = image.data[i] <= threshold ? 1 : 0;
  return out;
}

/** A grey image of a binary one (ink black on white). */
export function fromBinary(bits: Uint8Array, width: number, height: number): Gray {
  const data = new Uint8Array(bits.length);
  for (let i = 0; i < bits.length; i += 1) data[i] = bits[i] ? 0 : 255;
  return { width, height, data };
}

/** Bilinear scaling (good enough for upscaling text by 1–3×). */
export function scaleGray(image: Gray, factor: number): Gray {
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const data = new Uint8Array(width * height);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const wx = fx - x0;
      const top = image.data[y0 * image.width + x0] * (1 - wx) + image.data[y0 * image.width + x1] * wx;
      const bottom = image.data[y1 * image.width + x0] * (1 - wx) + image.data[y1 * image.width + x1] * wx;
      data[y * width + x] = Math.round(top * (1 - wy) + bottom * wy);
    }
  }
  return { width, height, data };
}

/** 8-connected components of the ink pixels. */
export function connectedComponents(bits: Uint8Array, width: number, height: number): Components {
  const labels = new Int32Array(bits.length);
  const list: Component[] = [];
  const stack = new Int32Array(bits.length);
  for (let start = 0; start < bits.length; start += 1) {
    if (!bits[start] || labels[start]) continue;
    const id = list.length;
    const component: Component = { id, x0: width, y0: height, x1: -1, y1: -1, area: 0 };
    let top = 0;
    stack[top++] = start;
    labels[start] = id + 1;
    while (top > 0) {
      const index = stack[--top];
      const x = index % width;
      const y = (index - x) / width;
      component.area += 1;
      if (x < component.x0) component.x0 = x;
      if (x > component.x1) component.x1 = x;
      if (y < component.y0) component.y0 = y;
      if (y > component.y1) component.y1 = y;
      for (let dy = -1; dy <= 1; dy += 1) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          if (nx < 0 || nx >= width || (dx === 0 && dy === 0)) continue;
          const neighbour = ny * width + nx;
          if (bits[neighbour] && !labels[neighbour]) {
            labels[neighbour] = id + 1;
            stack[top++] = neighbour;
          }
        }
      }
    }
    list.push(component);
  }
  return { labels, width, height, list };
}

/** The component's own pixels inside its box (1 = ink), row-major. */
export function componentMask(components: Components, component: Component): Uint8Array {
  const w = component.x1 - component.x0 + 1;
  const h = component.y1 - component.y0 + 1;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y += 1) {
    const row = (component.y0 + y) * components.width;
    for (let x = 0; x < w; x += 1)
      if (components.labels[row + component.x0 + x] === component.id + 1) mask[y * w + x] = 1;
  }
  return mask;
}

/**
 * The ImageMagick coder for image bytes, from their signature: JPEG, PNG, GIF, WebP, BMP, TIFF
 * and PNM (what pdfimages writes). Null for anything else. Naming the coder keeps ImageMagick
 * from guessing a format from the content (SVG, MVG, text and other coders that read files).
 */
export function imageCoder(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 12);
  const ascii = head.toString('latin1');
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  if (ascii.startsWith('BM')) return 'bmp';
  if (ascii.startsWith('II*\0') || ascii.startsWith('MM\0*')) return 'tiff';
  if (/^P[1-6]\s/.test(ascii)) return 'pnm';
  return null;
}
