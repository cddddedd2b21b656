// Draws the app icon and the five tray icons as PNG files (resources/icons), so every icon is reproducible
// from code. Shapes differ, not only colours: a filled disc (operational), a disc with two bars
// (maintenance), a triangle with "!" (minor), an octagon with "×" (major) and a hollow dashed ring (stale).
// For the macOS menu bar the same shapes as template images (black, the marks cut out): macOS tints them to
// read on light and dark bars. For Windows, icon.ico holds the app icon's sizes up to 256.
// Run: npx tsx scripts/generate-icons.ts
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

type Rgba = [number, number, number, number];
/** A shape as a coverage function over [-1, 1]²: returns the colour at a point, or null for transparent. */
type Painter = (x: number, y: number) => Rgba | null;

const COLOURS = {
  operational: [22, 163, 74, 255],
  maintenance: [37, 99, 235, 255],
  minor: [217, 119, 6, 255],
  major: [220, 38, 38, 255],
  stale: [107, 114, 128, 255],
  white: [255, 255, 255, 255],
  app: [17, 24, 39, 255],
} satisfies Record<string, Rgba>;

const disc = (x: number, y: number, r: number) => x * x + y * y <= r * r;
const box = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) => x >= x0 && x <= x1 && y >= y0 && y <= y1;

function triangle(x: number, y: number): boolean {
  // Upward triangle with its base at y = 0.85 and apex at y = -0.95.
  if (y < -0.95 || y > 0.85) return false;
  const half = ((y + 0.95) / 1.8) * 1.0;
  return Math.abs(x) <= half;
}

function octagon(x: number, y: number, r: number): boolean {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  return ax <= r && ay <= r && ax + ay <= r * 1.42;
}

function cross(x: number, y: number, size: number, width: number): boolean {
  if (Math.abs(x) > size || Math.abs(y) > size) return false;
  return Math.abs(x - y) < width || Math.abs(x + y) < width;
}

export const TRAY_STATES = ['operational', 'maintenance', 'minor', 'major', 'stale'] as const;
export type TrayState = (typeof TRAY_STATES)[number];

const painters: Record<TrayState | 'app', Painter> = {
  operational: (x, y) => (disc(x, y, 0.8) ? COLOURS.operational : null),
  maintenance: (x, y) => {
    if (!disc(x, y, 0.85)) return null;
    if (box(x, y, -0.42, -0.4, -0.14, 0.4) || box(x, y, 0.14, -0.4, 0.42, 0.4)) return COLOURS.white;
    return COLOURS.maintenance;
  },
  minor: (x, y) => {
    if (!triangle(x, y)) return null;
    if (box(x, y, -0.1, -0.35, 0.1, 0.3) || disc(x, y - 0.56, 0.11)) return COLOURS.white;
    return COLOURS.minor;
  },
  major: (x, y) => {
    if (!octagon(x, y, 0.9)) return null;
    if (cross(x, y, 0.45, 0.16)) return COLOURS.white;
    return COLOURS.major;
  },
  stale: (x, y) => {
    const r2 = x * x + y * y;
    if (r2 > 0.8 * 0.8 || r2 < 0.52 * 0.52) return null;
    // Dashes: the ring is cut into eight segments, so "unknown" never reads as a solid state.
    const angle = Math.atan2(y, x) + Math.PI;
    return Math.floor((angle / (2 * Math.PI)) * 16) % 2 === 0 ? COLOURS.stale : null;
  },
  app: (x, y) => {
    const ax = Math.abs(x);
    const ay = Math.abs(y);
    const inRounded = ax <= 0.92 && ay <= 0.92 && (ax <= 0.62 || ay <= 0.62 || (ax - 0.62) ** 2 + (ay - 0.62) ** 2 <= 0.09);
    if (!inRounded) return null;
    if (disc(x, y, 0.42)) return COLOURS.operational;
    const r2 = x * x + y * y;
    if (r2 <= 0.62 * 0.62 && r2 >= 0.52 * 0.52) return COLOURS.operational;
    return COLOURS.app;
  },
};

function render(painter: Painter, size: number, samples = 4): Buffer {
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * 2 - 1;
          const y = ((py + (sy + 0.5) / samples) / size) * 2 - 1;
          const colour = painter(x, y);
          if (colour) {
            r += colour[0] * colour[3];
            g += colour[1] * colour[3];
            b += colour[2] * colour[3];
            a += colour[3];
          }
        }
      }
      const offset = (py * size + px) * 4;
      const n = samples * samples;
      rgba[offset] = a ? Math.round(r / a) : 0;
      rgba[offset + 1] = a ? Math.round(g / a) : 0;
      rgba[offset + 2] = a ? Math.round(b / a) : 0;
      rgba[offset + 3] = Math.round(a / n);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A minimal PNG encoder (RGBA, 8 bit): a few lines instead of an image library for five tiny icons. */
export function encodePng(rgba: Buffer, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A template image of a shape: black where it is coloured, transparent where it is white or empty. */
function template(painter: Painter): Painter {
  return (x, y) => {
    const colour = painter(x, y);
    if (!colour || (colour[0] === 255 && colour[1] === 255 && colour[2] === 255)) return null;
    return [0, 0, 0, 255];
  };
}

/** An ICO file whose images are PNGs (Windows Vista and later read them), one per size. */
export function encodeIco(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size; // 0 stands for 256
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4); // planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;

export function iconFiles(): Array<{ file: string; png: Buffer }> {
  const files: Array<{ file: string; png: Buffer }> = [];
  for (const state of TRAY_STATES) {
    files.push({ file: `tray-${state}.png`, png: encodePng(render(painters[state], 16), 16) });
    files.push({ file: `tray-${state}@2x.png`, png: encodePng(render(painters[state], 32), 32) });
    files.push({ file: `tray-${state}Template.png`, png: encodePng(render(template(painters[state]), 16), 16) });
    files.push({ file: `tray-${state}Template@2x.png`, png: encodePng(render(template(painters[state]), 32), 32) });
  }
  for (const size of [16, 32, 48, 64, 128, 256, 512]) {
    files.push({ file: size === 512 ? 'icon.png' : `icon-${size}.png`, png: encodePng(render(painters.app, size), size) });
  }
  files.push({ file: 'icon.ico', png: encodeIco(ICO_SIZES.map((size) => ({ size, png: encodePng(render(painters.app, size), size) }))) });
  return files;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const iconsDir = path.resolve(here, '../resources/icons');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(iconsDir, { recursive: true });
  for (const { file, png } of iconFiles()) fs.writeFileSync(path.join(iconsDir, file), png);
  console.log(`wrote ${iconFiles().length} icons to ${path.relative(process.cwd(), iconsDir)}`);
}
