// Makes the demo items' pictures (gateway/assets/demo-images/<sku>.png) from simple SVG illustrations:
// a category glyph and a short label on the category's colour. Run once after changing them:
//   node infra/demo/make-images.mjs        (renders with the machine's Chromium; the PNGs are committed)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'gateway', 'assets', 'demo-images');

const GLYPHS = {
  // A monitor on a stand.
  Electronics:
    '<rect x="46" y="42" width="68" height="46" rx="6" fill="#fff" opacity=".95"/><rect x="52" y="48" width="56" height="34" rx="3" fill="currentColor" opacity=".35"/><rect x="74" y="88" width="12" height="10" fill="#fff" opacity=".95"/><rect x="62" y="98" width="36" height="6" rx="3" fill="#fff" opacity=".95"/>',
  // A sheet of paper and a pencil.
  'Office Supplies':
    '<rect x="52" y="38" width="46" height="60" rx="4" fill="#fff" opacity=".95"/><rect x="60" y="50" width="30" height="4" rx="2" fill="currentColor" opacity=".4"/><rect x="60" y="60" width="30" height="4" rx="2" fill="currentColor" opacity=".4"/><rect x="60" y="70" width="20" height="4" rx="2" fill="currentColor" opacity=".4"/><g transform="rotate(35 104 70)"><rect x="98" y="44" width="12" height="44" rx="2" fill="#fff"/><path d="M98 88 L110 88 L104 100 Z" fill="#fff"/></g>',
  // A wrench.
  Tools:
    '<g transform="rotate(-40 80 72)"><rect x="74" y="56" width="12" height="50" rx="6" fill="#fff" opacity=".95"/><circle cx="80" cy="50" r="17" fill="#fff" opacity=".95"/><rect x="74" y="30" width="12" height="18" fill="currentColor" opacity=".9"/></g>',
  // A spray bottle.
  Cleaning:
    '<rect x="62" y="58" width="36" height="46" rx="8" fill="#fff" opacity=".95"/><rect x="70" y="46" width="20" height="14" rx="3" fill="#fff" opacity=".95"/><path d="M70 46 L70 38 L98 38 L104 44 L90 44 L90 46 Z" fill="#fff" opacity=".95"/><circle cx="112" cy="40" r="2.5" fill="#fff"/><circle cx="118" cy="46" r="2" fill="#fff"/><circle cx="116" cy="34" r="2" fill="#fff"/>',
  // A steaming cup.
  Kitchen:
    '<path d="M56 56 H100 V86 A16 16 0 0 1 84 102 H72 A16 16 0 0 1 56 86 Z" fill="#fff" opacity=".95"/><path d="M100 62 H106 A10 10 0 0 1 106 82 H100" fill="none" stroke="#fff" stroke-width="5"/><path d="M68 48 q-5 -7 0 -14 M80 48 q-5 -7 0 -14 M92 48 q-5 -7 0 -14" stroke="#fff" stroke-width="3" fill="none" opacity=".8"/>',
  // A tag.
  Other:
    '<path d="M52 60 L76 36 H106 V66 L82 90 Z" fill="#fff" opacity=".95"/><circle cx="96" cy="46" r="5" fill="currentColor" opacity=".5"/>',
};

const COLOURS = {
  Electronics: ['#2f6fd6', '#1d4fa3'],
  'Office Supplies': ['#d9822b', '#b2601a'],
  Tools: ['#5b6b7a', '#3d4a56'],
  Cleaning: ['#1aa198', '#11766f'],
  Kitchen: ['#b5485d', '#8c3344'],
  Other: ['#7b61c4', '#5a449b'],
};

// sku, category, label
export const PICTURES = [
  ['EL-MOU-01', 'Electronics', 'Mouse'],
  ['EL-CHG-65', 'Electronics', '65 W'],
  ['EL-MON-27', 'Electronics', '27"'],
  ['EL-KEY-02', 'Electronics', 'Keyboard'],
  ['EL-HDM-2M', 'Electronics', 'HDMI'],
  ['EL-HDS-01', 'Electronics', 'Headset'],
  ['OS-PAP-A4', 'Office Supplies', 'A4 × 500'],
  ['OS-PEN-12', 'Office Supplies', 'Pens'],
  ['OS-STN-76', 'Office Supplies', 'Notes'],
  ['OS-STP-01', 'Office Supplies', 'Stapler'],
  ['OS-WBM-04', 'Office Supplies', 'Markers'],
  ['TL-DRL-18', 'Tools', 'Drill'],
  ['TL-SCR-32', 'Tools', 'Screwdrivers'],
  ['TL-TAP-05', 'Tools', '5 m'],
  ['TL-SAF-01', 'Tools', 'Glasses'],
  ['CL-APC-1L', 'Cleaning', '1 L'],
  ['CL-MFC-10', 'Cleaning', 'Cloths'],
  ['CL-SOA-05', 'Cleaning', 'Soap'],
  ['KI-COF-1K', 'Kitchen', 'Coffee'],
  ['KI-CUP-100', 'Kitchen', 'Cups'],
  ['KI-TEA-50', 'Kitchen', 'Tea'],
  ['OS-LBL-12', 'Other', 'Tape'],
];

function svg(category, label) {
  const [from, to] = COLOURS[category];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" color="${to}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="160" height="160" fill="url(#g)"/>
  <circle cx="80" cy="70" r="48" fill="#fff" opacity=".12"/>
  ${GLYPHS[category]}
  <text x="80" y="138" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="17" font-weight="700" fill="#fff">${label.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}</text>
</svg>`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 160, height: 160 } });
  for (const [sku, category, label] of PICTURES) {
    await page.setContent(`<html><body style="margin:0">${svg(category, label)}</body></html>`);
    writeFileSync(join(OUT, `${sku}.png`), await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 160, height: 160 } }));
  }
  await browser.close();
  console.log(`${PICTURES.length} pictures in ${OUT}`);
}
