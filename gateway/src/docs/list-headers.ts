/** The OpenAPI header of the category and location lists: how many match, over every page (`limit`/`offset`). */
export const NAMED_LIST_TOTAL_HEADER = {
  'X-Total-Count': { description: 'How many match the filters, over all pages', schema: { type: 'integer', minimum: 0 } },
};
