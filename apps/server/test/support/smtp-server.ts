import net from 'node:net';

/** One message as the server took it: the envelope's addresses, the data and the AUTH line, if any. */
export type SmtpMessage = { from: string; to: string[]; data: string; auth?: string };

/**
 * A small SMTP server on a free port: enough of RFC 5321 for the platform's SMTP transport.
 * `dataDelayMs` holds the answer to each message's final dot, like a slow mail server;
 * `onMessageStart` is called when a message's DATA begins; `beforeAccept` may hold the answer
 * to a message until it resolves; `rcptReply` and `authReply` replace the answers to RCPT and AUTH
 * (a refused recipient, refused credentials).
 */
export async function fakeSmtpServer(
  opts: {
    dataDelayMs?: number;
    onMessageStart?: () => void;
    beforeAccept?: () => Promise<void>;
    rcptReply?: (line: string) => string;
    authReply?: string;
  } = {},
) {
  const received: SmtpMessage[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let auth: string | undefined;
    let current: SmtpMessage = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.writable && socket.write(`${line}\r\n`);
    reply('220 mail.test.local ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const done = { ...current, auth };
            current = { from: '', to: [], data: '' };
            const accept = () => {
              received.push(done);
              reply('250 2.0.0 Ok: queued');
            };
            if (opts.beforeAccept) void opts.beforeAccept().then(accept);
            else if (opts.dataDelayMs) setTimeout(accept, opts.dataDelayMs);
            else accept();
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') {
          reply('250-mail.test.local');
          reply('250-AUTH PLAIN');
          reply('250 8BITMIME');
        } else if (verb === 'HELO') reply('250 mail.test.local');
        else if (verb === 'AUTH') {
          auth = line;
          reply(opts.authReply ?? '235 2.7.0 Authentication successful');
        } else if (verb === 'MAIL') {
          current.from = line;
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          const answer = opts.rcptReply?.(line) ?? '250 2.1.5 Ok';
          if (answer.startsWith('250')) current.to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
          reply(answer);
        } else if (verb === 'DATA') {
          inData = true;
          opts.onMessageStart?.();
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 Ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
