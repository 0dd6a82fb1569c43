import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(import.meta.dirname, '..');
const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
  .map((file) => ({ file: relative(SRC, join(SRC, file)), text: readFileSync(join(SRC, file), 'utf8') }));

describe('the gateway stops its live streams', () => {
  it('declares every server-sent-events route with @LiveStream, which ends it on shutdown', () => {
    const streams = sources.filter(({ text }) => text.includes('@LiveStream(')).map(({ file }) => file);
    expect(streams).toEqual(expect.arrayContaining(['alerts/alerts.controller.ts', 'imports/imports.controller.ts']));
    expect(sources.filter(({ text }) => /@Sse\(/.test(text)).map(({ file }) => file)).toEqual([]);
  });

  // An interceptor on every route would put every request through Nest's observable pipeline (shutdown.ts).
  it('puts no interceptor on every route', () => {
    expect(
      sources.filter(({ text }) => text.includes('APP_INTERCEPTOR') || text.includes('useGlobalInterceptors')).map(({ file }) => file),
    ).toEqual([]);
  });
});
