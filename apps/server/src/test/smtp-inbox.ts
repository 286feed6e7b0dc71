import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpInbox {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  /** Every message whose data reached the server, answered or not, in arrival order. */
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback: emails leave through the outbox worker and arrive here. `answer`
 * decides when the server accepts each message (at once by default; tests of slow servers delay it).
 */
export async function startSmtpInbox(
  answer: (mail: ReceivedMail, accept: () => void) => void = (_mail, accept) => accept(),
): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        mails.push(mail);
        answer(mail, () => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
