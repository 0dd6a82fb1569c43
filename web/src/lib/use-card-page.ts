import { useState } from 'react';

/** Cards a page of the Categories or Locations screen holds: whole rows at three, two or one across. */
export const CARDS_PER_PAGE = 48;

/** The list query of one page of cards (page 1 first). */
export const cardPage = (page: number) => ({ limit: CARDS_PER_PAGE, offset: (page - 1) * CARDS_PER_PAGE });

/**
 * The page of cards shown: page 1 again whenever the filters (`filterKey`) change. `keepWithin`, given
 * the answer's total, moves back to the last page that still has cards (a delete emptied this one).
 */
export function useCardPage(filterKey: string) {
  const [shown, setShown] = useState({ filterKey, page: 1 });
  const page = shown.filterKey === filterKey ? shown.page : 1;
  const setPage = (next: number) => setShown({ filterKey, page: next });
  const keepWithin = (total: number) => {
    const last = Math.max(1, Math.ceil(total / CARDS_PER_PAGE));
    if (page > last) setPage(last);
  };
  return { page, setPage, keepWithin };
}
