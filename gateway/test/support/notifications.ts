import type { PushMessage, PushSubscriptionRequest } from '@inventory/contracts';
import { decrypt } from 'http_ece';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const TLS = fileURLToPath(new URL('../../../infra/test-tls/', import.meta.url));

interface Browser {
  ecdh: ECDH;
  authSecret: Buffer;
  received: PushMessage[];
  /** What the push service answers for this browser (410: the subscription is gone). */
  status: number;
}

/**
 * A local Web Push service: an https endpoint per "browser" that decrypts what it receives with
 * that browser's keys (RFC 8291), as a real browser would, and checks the VAPID authorization.
 */
export class PushService {
  private readonly browsers = new Map<string, Browser>();
  private server?: Server;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer({ key: readFileSync(`${TLS}localhost.key`), cert: readFileSync(`${TLS}localhost.crt`) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const browser = this.browsers.get(req.url ?? '');
        if (!browser) return void res.writeHead(404).end();
        const vapid = /^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(req.headers.authorization ?? '');
        if (!vapid || req.headers['content-encoding'] !== 'aes128gcm') return void res.writeHead(400).end();
        if (browser.status < 300) {
          const body = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.authSecret });
          browser.received.push(JSON.parse(body.toString('utf8')) as PushMessage);
        }
        res.writeHead(browser.status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** A new browser's subscription, as PushSubscription.toJSON() gives it. */
  browser(name: string, status = 201): { subscription: PushSubscriptionRequest; received: PushMessage[] } {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const path = `/push/${name}-${randomBytes(4).toString('hex')}`;
    const browser: Browser = { ecdh, authSecret, received: [], status };
    this.browsers.set(path, browser);
    return {
      subscription: {
        endpoint: `https://127.0.0.1:${this.port}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      },
      received: browser.received,
    };
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

/** A caught mail as it went over SMTP (headers included: the inbox's list shows only a few). */
export async function mailSource(mail: CaughtMail): Promise<string> {
  return (await fetch(`${process.env.MAIL_INBOX_URL}/api/email/${mail.id}/source`)).text();
}

/** The mail catcher's inbox (maildev's REST API, MAIL_INBOX_URL): what the SMTP server received. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const inbox = process.env.MAIL_INBOX_URL;
  if (!inbox) throw new Error('MAIL_INBOX_URL is not set (the test stack runs maildev)');
  const res = await fetch(`${inbox}/api/email`);
  const all = (await res.json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}
