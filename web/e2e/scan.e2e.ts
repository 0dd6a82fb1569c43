import type { Browser, Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESKTOP, MOBILE, baseUrl, launchBrowser, newContext, screenshot, type Viewport } from './support/browser.js';
import { ean13, ean13Frame, qrFrame, writeY4m } from './support/fake-camera.js';
import { postJson, signUp, type TestUser } from './support/session.js';
import { openSelectOption } from './support/wait.js';

interface Created {
  id: string;
  code: string;
}
interface Movement {
  movementType: string;
  quantity: number;
  locationId: string | null;
  reason: string;
}

const videos = mkdtempSync(join(tmpdir(), 'scan-e2e-'));
const browsers: Browser[] = [];
let user: TestUser;
let item: Created & { barcodes: string[] };
let shelf: Created;
// Random in-store numbers (prefix 2): a rerun on the same servers starts from unknown codes too.
const randomEan = () => ean13(`2${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`);
const itemEan = randomEan();

async function launch(video: string, cameraRefused = false): Promise<Browser> {
  const browser = await launchBrowser({ fakeCamera: { video, cameraRefused } });
  browsers.push(browser);
  return browser;
}

async function signIn(browser: Browser, path: string, viewport: Viewport): Promise<Page> {
  const page = await (await newContext(browser, viewport)).newPage();
  await page.goto('/');
  const res = await postJson(page, '/api/auth/login', { email: user.email, password: user.password });
  if (res.status >= 300) throw new Error(`login failed: ${res.status} ${res.text}`);
  await page.goto(path);
  return page;
}

async function create<T>(page: Page, url: string, body: object): Promise<T> {
  const res = await postJson(page, url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).json() as Promise<T>, url);
}

/** Opens the top bar's scanner; the drawer is the dialog named 'Scan'. */
async function openScanner(page: Page) {
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  return page.getByRole('dialog', { name: 'Scan' });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Each test starts its own browser with its own camera video, signs in and waits for reads.
const SCAN_TEST_MS = 180_000;

beforeAll(async () => {
  const setup = await launchBrowser();
  browsers.push(setup);
  const session = await signUp(setup, '/dashboard');
  user = session.user;
  shelf = await create<Created>(session.page, '/api/locations', { name: 'Shelf A', type: 'Storage' });
  item = await create(session.page, '/api/inventory', { name: 'Scan Drill', unitPrice: '12.50', barcodes: [itemEan] });
}, SCAN_TEST_MS);

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  rmSync(videos, { recursive: true, force: true });
});

describe('scanning with the camera', () => {
  it(
    "reads our label's QR and the product's EAN-13; +1 tapped twice quickly books one movement at 'here'",
    async () => {
      // The label's QR code (as printed: the app's URL of the item), then the product's barcode, in a loop.
      const video = join(videos, 'label-then-ean.y4m');
      writeY4m(video, [
        { frame: qrFrame(`${baseUrl}/i/${item.code}`), seconds: 4 },
        { frame: ean13Frame(itemEan), seconds: 4 },
      ]);
      // A location label's link, as a phone's camera app opens it, sets 'here'.
      const page = await signIn(await launch(video), `/l/${shelf.code}`, MOBILE);
      await page.getByTestId('scan-here-set').getByText('Here is now Shelf A').waitFor();

      const drawer = await openScanner(page);
      const sheet = drawer.getByTestId('scan-sheet');
      await sheet.getByRole('heading', { name: 'Scan Drill' }).waitFor({ timeout: 30_000 });
      await sheet.getByText(`Scanned label ${item.code}`).waitFor({ timeout: 20_000 });
      await sheet.getByTestId('scan-here').getByText('Shelf A').waitFor();

      await sheet.getByRole('button', { name: '+1', exact: true }).dblclick();
      await sheet.getByTestId('scan-outcome').getByText('Added 1 at Shelf A: now 1 in total').waitFor();
      await sheet.getByTestId('scan-total-stock').getByText('1', { exact: true }).waitFor();
      await screenshot(page, 'scan-sheet-mobile');

      // The product's own barcode finds the same item.
      await sheet.getByText(`Scanned ${itemEan}`).waitFor({ timeout: 20_000 });
      await sheet.getByRole('heading', { name: 'Scan Drill' }).waitFor();

      // Long after the taps: still exactly one movement, booked at 'here' with the session's reason.
      await sleep(1_000);
      const movements = await getJson<Movement[]>(page, `/api/inventory/${item.id}/movements`);
      expect(movements.map(({ movementType, quantity, locationId, reason }) => ({ movementType, quantity, locationId, reason }))).toEqual([
        { movementType: 'in', quantity: 1, locationId: shelf.id, reason: 'Scan' },
      ]);
    },
    SCAN_TEST_MS,
  );

  it(
    'offers an unknown product barcode for a new item or to attach to an existing one',
    async () => {
      const unknown = randomEan();
      const video = join(videos, 'unknown-ean.y4m');
      writeY4m(video, [{ frame: ean13Frame(unknown), seconds: 2 }]);
      const page = await signIn(await launch(video), '/inventory', MOBILE);

      const drawer = await openScanner(page);
      const offer = drawer.getByTestId('unknown-code');
      await offer.getByText('No item has this barcode').waitFor({ timeout: 30_000 });
      await offer.getByText(unknown, { exact: true }).waitFor();
      await screenshot(page, 'scan-unknown-barcode');

      // 'Create item with this barcode' opens the add dialog with the barcode filled in.
      await offer.getByRole('button', { name: 'Create item with this barcode' }).click();
      const add = page.getByRole('dialog', { name: 'Add New Inventory Item' });
      await add.getByLabel('Item Name').waitFor();
      await add.getByText(unknown, { exact: true }).waitFor();
      await add.getByRole('button', { name: 'Cancel' }).click();
      await add.waitFor({ state: 'hidden' });

      // 'Attach to an existing item' adds it to the item's barcodes and shows that item.
      await offer.getByRole('button', { name: 'Attach to an existing item' }).click();
      await offer.getByRole('combobox', { name: 'Item to attach the barcode to' }).fill('Scan Drill');
      await openSelectOption(page, 'Scan Drill').click();
      await offer.getByRole('button', { name: `Attach ${unknown} to Scan Drill` }).click();
      await drawer.getByTestId('scan-sheet').getByRole('heading', { name: 'Scan Drill' }).waitFor();
      const after = await getJson<{ barcodes: string[] }>(page, `/api/inventory/${item.id}`);
      expect(after.barcodes).toEqual([itemEan, unknown]);
    },
    SCAN_TEST_MS,
  );

  it(
    'explains a refused camera and still finds an item by its typed barcode',
    async () => {
      const video = join(videos, 'refused.y4m');
      writeY4m(video, [{ frame: ean13Frame(itemEan), seconds: 1 }]);
      const page = await signIn(await launch(video, true), '/dashboard', DESKTOP);

      const drawer = await openScanner(page);
      await drawer.getByText('Camera access was refused').waitFor({ timeout: 15_000 });
      await screenshot(page, 'scan-camera-refused');

      await drawer.getByLabel('Code', { exact: true }).fill(itemEan);
      await drawer.getByRole('button', { name: 'Look up' }).click();
      const sheet = drawer.getByTestId('scan-sheet');
      await sheet.getByRole('heading', { name: 'Scan Drill' }).waitFor();
      await sheet.getByText(`Scanned ${itemEan}`).waitFor();
      await screenshot(page, 'scan-sheet-desktop');
    },
    SCAN_TEST_MS,
  );
});
