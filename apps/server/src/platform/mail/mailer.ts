import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config/app-config.ts';

/** One outgoing message; the sender is the configured MAIL_FROM. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Resolves once the SMTP server accepted the message (or the .eml is on disk); rejects otherwise. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** Where the outbox mailer writes and the development mail page reads (docs/product.md#system). */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * Email through nodemailer (docs/product.md#system): SMTP when SMTP_URL is set, otherwise each
 * message is rendered to RFC 822 by nodemailer's stream transport and written as a .eml file
 * under DATA_DIR/outbox, listed on GET /dev/mail. Same composer either way, so the outbox shows
 * exactly what SMTP would carry.
 */
export function createMailer(config: Pick<AppConfig, 'mail' | 'dataDir'>): Mailer {
  const { mail } = config;
  if (mail.transport === 'smtp') {
    // Bounded waits: a request is waiting on this (the in-app form answers after the send).
    const transporter = nodemailer.createTransport({
      url: mail.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      transport: 'smtp',
      async send(message) {
        const info = await transporter.sendMail({ from: mail.from, ...message });
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }

  const dir = outboxDir(config.dataDir);
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    transport: 'outbox',
    async send(message) {
      const info = await transporter.sendMail({ from: mail.from, ...message });
      await mkdir(dir, { recursive: true });
      // Sortable by time in the name, unique by the random suffix.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer);
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
