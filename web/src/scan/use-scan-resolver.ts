import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { findItemByCode, findLocationByCode } from '../api/codes';
import { errorMessage } from '../api/http';
import type { Item } from '../api/inventory';
import { queryKeys } from '../api/query-keys';
import { parseScannedCode, type ScannedCode } from './codes';
import { setHereLocation } from './scan-session';

export type ScanResult =
  | { kind: 'item'; itemId: string; scannedText: string }
  | { kind: 'unknown'; code: string }
  | { kind: 'here'; name: string }
  | { kind: 'error'; message: string };

/** A typed short code (10 Crockford base32 characters, dashes allowed) may name a place as well as an item. */
const looksLikeShortCode = (text: string) => /^[0-9a-z]{10}$/i.test(text.replace(/-/g, ''));

/**
 * Turns a read or typed code into what the scan screen shows: an item's sheet, 'here' set to a
 * place, the offer for an unknown barcode, or why nothing was found. Reads may arrive while a
 * lookup is on its way: only the latest one's answer is shown.
 */
export function useScanResolver() {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ScanResult | null>(null);
  const [looking, setLooking] = useState(false);
  const latest = useRef(0);

  const showItem = useCallback(
    (item: Item, scannedText: string) => {
      // The sheet reads the item through its detail query, refreshed by every movement.
      queryClient.setQueryData(queryKeys.inventory.detail(item.id), item);
      setResult({ kind: 'item', itemId: item.id, scannedText });
    },
    [queryClient],
  );

  const resolveScanned = useCallback(
    async (scanned: ScannedCode) => {
      const turn = ++latest.current;
      const current = () => turn === latest.current;
      setLooking(true);
      try {
        if (scanned.kind === 'location') {
          const place = await findLocationByCode(scanned.code);
          if (!current()) return;
          if (!place) return setResult({ kind: 'error', message: `No location in this workspace has the label ${scanned.code}.` });
          setHereLocation({ id: place.id, name: place.name, code: place.code });
          return setResult({ kind: 'here', name: place.name });
        }
        const item = await findItemByCode(scanned.code);
        if (!current()) return;
        if (item) return showItem(item, scanned.kind === 'item' ? `label ${item.code}` : scanned.code);
        if (scanned.kind === 'item')
          return setResult({ kind: 'error', message: `No item in this workspace has the label ${scanned.code}.` });
        if (looksLikeShortCode(scanned.code)) {
          const place = await findLocationByCode(scanned.code);
          if (!current()) return;
          if (place) {
            setHereLocation({ id: place.id, name: place.name, code: place.code });
            return setResult({ kind: 'here', name: place.name });
          }
        }
        setResult({ kind: 'unknown', code: scanned.code });
      } catch (error) {
        if (current()) setResult({ kind: 'error', message: errorMessage(error, 'The code could not be looked up. Try again.') });
      } finally {
        if (current()) setLooking(false);
      }
    },
    [showItem],
  );

  const resolve = useCallback(
    (text: string) => {
      const scanned = parseScannedCode(text);
      return scanned ? resolveScanned(scanned) : Promise.resolve();
    },
    [resolveScanned],
  );

  return { result, looking, resolve, resolveScanned, showItem };
}
