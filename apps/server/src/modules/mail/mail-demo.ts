import type { Executor } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/mail.js';

const DAY = 86_400_000;

/**
 * The demo client's outbox: notifications the platform kept (outbox mode) in the past weeks, so
 * the 'Emailuri trimise' page has something to show. They are already sent; the invoice mail
 * carries the last top-up's invoice (invoiceId 0, no invoice, when the seed issued none).
 */
export async function seedDemoMail(tx: Executor, client: { id: number; email: string }, invoice: { id: number; fileName: string } | null = null) {
  const at = (daysAgo: number, minutes = 0) => new Date(Date.now() - daysAgo * DAY + minutes * 60_000);
  await tx.insert(mailOutbox).values([
    {
      userId: client.id,
      kind: 'sendInvoiceMail',
      to: [client.email],
      subject: 'Factura pentru reincarcarea contului preplatit',
      text: [
        'Buna ziua,',
        '',
        'Va transmitem atasat factura pentru reincarcarea contului preplatit cu 200,00 lei.',
        'Suma a fost adaugata in soldul contului si poate fi folosita pentru expeditii.',
        '',
        'Multumim,',
        'Echipa Colete Online',
      ].join('\n'),
      attachments: [{ filename: invoice?.fileName ?? 'Factura-reincarcare-cont.pdf', contentType: 'application/pdf', invoiceId: invoice?.id ?? 0 }],
      status: 'sent',
      transport: 'outbox',
      attempts: 1,
      createdAt: at(6),
      nextAttemptAt: at(6),
      sentAt: at(6, 1),
    },
    {
      userId: client.id,
      kind: 'sendRepaymentSheet',
      to: [client.email],
      subject: 'Borderou de ramburs: 3 colete, 415,50 lei',
      text: [
        'Buna ziua,',
        '',
        'Am virat in contul dumneavoastra bancar suma de 415,50 lei, rambursul pentru 3 colete livrate.',
        'Detaliile fiecarui colet se gasesc in pagina Rambursuri din cont.',
        '',
        'Multumim,',
        'Echipa Colete Online',
      ].join('\n'),
      status: 'sent',
      transport: 'outbox',
      attempts: 1,
      createdAt: at(3),
      nextAttemptAt: at(3),
      sentAt: at(3, 1),
    },
  ]);
}
