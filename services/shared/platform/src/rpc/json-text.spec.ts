import { headers } from '@nats-io/transport-node';
import { JsonTextDeserializer, JsonTextSerializer } from '../nats/json-text.codec.js';
import { JsonText, pageJson, splitPageJson, valueOf } from './json-text.js';

describe('page JSON', () => {
  it('is the page as JSON, from which the items text is cut out as it was', () => {
    const items = JSON.stringify([
      { name: 'Café "crème"', n: 1 },
      { name: '}', n: 2 },
    ]);
    const page = pageJson({ total: 12, itemsJson: items });
    expect(page.parse()).toEqual({ total: 12, items: JSON.parse(items) });
    const split = splitPageJson(new JsonText(page.bytes()));
    expect(split.total).toBe(12);
    expect(split.items.toString()).toBe(items);
    expect(split.totalCapped).toBe(false);
    expect(split.next).toBeNull();
  });

  it('carries a capped total (more match) to the split', () => {
    const page = pageJson({ total: 1124, totalCapped: true, itemsJson: '[]' });
    expect(page.parse()).toEqual({ total: 1124, totalCapped: true, items: [] });
    expect(splitPageJson(new JsonText(page.bytes()))).toEqual({ total: 1124, totalCapped: true, next: null, items: Buffer.from('[]') });
  });

  it('carries the cursor of the next page, however long, to the split', () => {
    const next = Buffer.from(JSON.stringify(['name:asc', 'é'.repeat(200), 'x'])).toString('base64url');
    const items = '[{"name":"\\"items\\":"}]';
    const page = pageJson({ total: 3, totalCapped: true, next, itemsJson: items });
    expect(page.parse()).toEqual({ total: 3, totalCapped: true, next, items: JSON.parse(items) });
    const split = splitPageJson(new JsonText(page.bytes()));
    expect({ ...split, items: split.items.toString() }).toEqual({ total: 3, totalCapped: true, next, items });
  });

  it('splits a page in any other JSON form by parsing it', () => {
    const split = splitPageJson(JsonText.of({ items: [{ a: 1 }], total: 1 }));
    expect(split).toEqual({ total: 1, totalCapped: false, next: null, items: Buffer.from('[{"a":1}]') });
  });
});

describe('JsonText answers over NATS', () => {
  const roundTrip = (packet: { id: string; response?: unknown; err?: unknown; isDisposed?: boolean }) => {
    const record = new JsonTextSerializer().serialize(packet);
    const data = typeof record.data === 'string' ? new TextEncoder().encode(record.data) : record.data;
    const message = { data, headers: record.headers, json: () => JSON.parse(new TextDecoder().decode(data)) };
    return new JsonTextDeserializer().deserialize(message as never) as {
      id: string;
      response?: unknown;
      err?: unknown;
      isDisposed?: boolean;
    };
  };

  it('sends the text as the body and arrives as JsonText, with the id and completion kept', () => {
    const answer = roundTrip({ id: 'r1', response: new JsonText('{"total":1,"items":[]}'), isDisposed: true });
    expect(answer).toMatchObject({ id: 'r1', isDisposed: true });
    expect(answer.response).toBeInstanceOf(JsonText);
    expect(valueOf(answer.response)).toEqual({ total: 1, items: [] });
  });

  it('keeps Nest packets for every other answer and for errors', () => {
    expect(roundTrip({ id: 'r2', response: { a: 1 }, isDisposed: true })).toEqual({ id: 'r2', response: { a: 1 }, isDisposed: true });
    expect(roundTrip({ id: 'r3', err: { code: 'NOT_FOUND', message: 'x' }, isDisposed: true })).toMatchObject({
      id: 'r3',
      err: { code: 'NOT_FOUND' },
    });
  });

  it('takes an answer without the headers as plain JSON', () => {
    const message = { data: new Uint8Array(), headers: headers(), json: () => ({ id: 'r4', response: 2, isDisposed: true }) };
    expect(new JsonTextDeserializer().deserialize(message as never)).toEqual({ id: 'r4', response: 2, isDisposed: true });
  });
});
