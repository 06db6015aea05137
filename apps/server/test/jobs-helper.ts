import net from 'node:net';
import type PgBoss from 'pg-boss';

/** Waits until pg-boss records the job as completed or failed (or the time is up) and answers it. */
export async function waitForJob(boss: PgBoss, queue: string, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await boss.getJobById(queue, id, { includeArchive: true });
    if (job && (job.state === 'completed' || job.state === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`job ${queue}/${id} still ${job?.state ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Sends one job to a queue and waits for a worker to finish it; answers the job as pg-boss recorded it.
 * A 'stately' queue holds one waiting job at most: when the schedule queued one at that moment, the
 * send is refused and that waiting job is the run to follow (it does the same work).
 */
export async function runJob(boss: PgBoss, queue: string, timeoutMs = 20_000) {
  const id = (await boss.send(queue, {})) ?? (await waitingJobId(boss, queue));
  if (!id) throw new Error(`pg-boss did not take a job for ${queue}, and none is waiting`);
  return waitForJob(boss, queue, id, timeoutMs);
}

async function waitingJobId(boss: PgBoss, queue: string): Promise<string | undefined> {
  const { rows } = (await boss
    .getDb()
    .executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') ORDER BY created_on DESC LIMIT 1`, [queue])) as {
    rows: { id: string }[];
  };
  return rows[0]?.id;
}

export type SmtpMessage = { from: string; to: string[]; data: string };

/**
 * A small SMTP server on a free port: enough of RFC 5321 for the platform's SMTP transport.
 * `dataDelayMs` holds the answer to each message's final dot, like a slow mail server;
 * `onMessageStart` is called when a message's DATA begins; `beforeAccept` may hold the answer
 * to a message until it resolves.
 */
export async function fakeSmtpServer(opts: { dataDelayMs?: number; onMessageStart?: () => void; beforeAccept?: () => Promise<void> } = {}) {
  const received: SmtpMessage[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
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
            const done = current;
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
          reply('250 8BITMIME');
        } else if (verb === 'HELO') reply('250 mail.test.local');
        else if (verb === 'MAIL') {
          current.from = line;
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          current.to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1'));
          reply('250 2.1.5 Ok');
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
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
