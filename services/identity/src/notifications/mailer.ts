import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { getEnv } from '../config/env.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same id for a resend, so mail clients can drop a duplicate. */
  messageId: string;
  oneClickUnsubscribeUrl: string;
}

/** SMTP through nodemailer (SMTP_URL; locally the maildev catcher `npm start` runs). */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly env = getEnv();
  private transport?: Transporter;

  get enabled(): boolean {
    return Boolean(this.env.SMTP_URL);
  }

  async send(mail: OutgoingMail): Promise<void> {
    this.transport ??= createTransport(this.env.SMTP_URL!);
    await this.transport.sendMail({
      from: this.env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
      // RFC 8058: mail clients show an unsubscribe button that POSTs to this URL.
      list: { unsubscribe: { url: mail.oneClickUnsubscribeUrl, comment: 'Turn off email notifications' } },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
