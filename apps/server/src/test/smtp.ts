import { simpleParser, type Attachment, type HeaderValue } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A received message, decoded by mailparser as a mail client would (MIME parts, transfer encodings, charsets). */
export interface ReceivedMail {
  /** The envelope's sender and recipients (MAIL FROM, RCPT TO). */
  from: string;
  to: string[];
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
  /** The message's headers, by lower-case name. */
  headers: Map<string, HeaderValue>;
  /** The calendar part (`text/calendar`), with the method of its Content-Type, if any. */
  calendar?: { method: string; content: string };
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface TestSmtpServerOptions {
  /** Listen on this port (e.g. one that was down before); a free one by default. */
  port?: number;
  /** Answer RCPT TO with this SMTP code (e.g. 550) instead of accepting. */
  rejectRecipientsWith?: number;
}

/** A real SMTP server on loopback (docs/architecture.md, "Testing on these machines"). */
export async function startSmtpServer(
  options: TestSmtpServerOptions = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.rejectRecipientsWith) {
        const error = Object.assign(new Error('Mailbox unavailable'), {
          responseCode: options.rejectRecipientsWith,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html || '',
            headers: parsed.headers,
            ...calendarOf(parsed.attachments),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** mailparser hands a calendar part over as an attachment. */
function calendarOf(attachments: Attachment[]): Pick<ReceivedMail, 'calendar'> {
  const part = attachments.find((attachment) => attachment.contentType === 'text/calendar');
  if (!part) return {};
  const type = part.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  return {
    calendar: { method: type?.params?.method ?? '', content: part.content.toString('utf8') },
  };
}

/** A loopback port with nothing listening (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = await startSmtpServer();
  await server.close();
  return server.port;
}
