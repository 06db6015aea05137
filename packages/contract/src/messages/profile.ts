export const profileMessages = {
  saved: 'Datele au fost salvate cu succes!',
  clientNotFound: 'Clientul selectat nu exista!',
  /** An admin with no client chosen, on a page or call that acts for a client. */
  clientRequired: 'Alegeti mai intai clientul pentru care lucrati.',
} as const;
