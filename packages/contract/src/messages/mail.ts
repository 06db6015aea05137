/** Outgoing mail and the outbox page (owned by the mail module). */
export const mailMessages = {
  outboxTitle: 'Emailuri trimise',
  notFound: 'Emailul nu exista!',
  empty: 'Nu exista emailuri trimise din acest cont.',
  outboxMode: 'Trimiterea emailurilor nu este configurata (nu exista un server SMTP): mesajele nu pleaca spre destinatari, sunt doar pastrate pe aceasta pagina.',
  smtpMode: 'Emailurile pleaca prin serverul SMTP al platformei; aici vedeti ce s-a trimis din cont.',
  failedHint: 'Emailul nu a putut fi trimis dupa mai multe incercari.',
  pendingHint: 'Emailul asteapta sa fie trimis; se reincearca automat.',
} as const;
