import QRCode from 'qrcode';
import { writeFileSync } from 'node:fs';

/**
 * Videos for Chromium's fake camera (--use-file-for-fake-video-capture), written by hand: a Y4M
 * file is a text header and, per frame, 'FRAME\n' and the raw Y, U and V planes (4:2:0). Codes are
 * drawn in luma 16 (black) on 235 (white), chroma neutral (128).
 */
export const VIDEO = { width: 640, height: 480, fps: 10 } as const;

/** One still picture: luma values, row by row. */
export type Frame = Uint8Array;

const BLACK = 16;
const WHITE = 235;

function blank(): Frame {
  return new Uint8Array(VIDEO.width * VIDEO.height).fill(WHITE);
}

function fillRect(frame: Frame, x: number, y: number, width: number, height: number): void {
  for (let row = y; row < y + height; row++) frame.fill(BLACK, row * VIDEO.width + x, row * VIDEO.width + x + width);
}

/** The QR code of `text`, centred, as our labels print it. */
export function qrFrame(text: string): Frame {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  // A quiet zone of 4 modules on each side, as the QR standard asks.
  const scale = Math.floor((Math.min(VIDEO.width, VIDEO.height) * 0.85) / (modules.size + 8));
  const left = Math.floor((VIDEO.width - modules.size * scale) / 2);
  const top = Math.floor((VIDEO.height - modules.size * scale) / 2);
  const frame = blank();
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) fillRect(frame, left + col * scale, top + row * scale, scale, scale);
    }
  }
  return frame;
}

// EAN-13: the first digit picks the parity (L or G) of the next six; the last six use R.
const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R = L.map((code) => [...code].map((bit) => (bit === '0' ? '1' : '0')).join(''));
const G = R.map((code) => [...code].reverse().join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The check digit that completes 12 digits into an EAN-13. */
export function ean13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got ${first12}`);
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** The bars of an EAN-13 (95 modules), centred, with its quiet zones. */
export function ean13Frame(code: string): Frame {
  if (!/^\d{13}$/.test(code) || ean13(code.slice(0, 12)) !== code) throw new Error(`not an EAN-13: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]];
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'L' ? L : G)[digits[i]];
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += R[digits[i]];
  bits += '101';
  const scale = Math.floor((VIDEO.width * 0.85) / (bits.length + 22));
  const left = Math.floor((VIDEO.width - bits.length * scale) / 2);
  const top = Math.floor(VIDEO.height * 0.2);
  const frame = blank();
  [...bits].forEach((bit, i) => bit === '1' && fillRect(frame, left + i * scale, top, scale, Math.floor(VIDEO.height * 0.6)));
  return frame;
}

/** Writes the pictures one after the other, each held for its seconds; Chromium plays the file in a loop. */
export function writeY4m(path: string, scenes: { frame: Frame; seconds: number }[]): void {
  const { width, height, fps } = VIDEO;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const { frame, seconds } of scenes) {
    for (let i = 0; i < Math.round(seconds * fps); i++) parts.push(Buffer.from('FRAME\n'), Buffer.from(frame), chroma);
  }
  writeFileSync(path, Buffer.concat(parts));
}
