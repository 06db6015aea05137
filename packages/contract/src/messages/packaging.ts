/** Packaging templates and saved packages (spec 001 sections 2, 4, 8). */
export const packagingMessages = {
  tabData: 'Marfa ambalata',
  tabPackages: 'Tipuri ambalaje',
  nameRequired: 'Numele este obligatoriu!',
  contentRequired: 'Continutul este obligatoriu!',
  templateSaved: 'Sablonul de ambalare a fost salvat cu succes!',
  packageSaved: 'Pachetul a fost salvat cu succes!',
  templateDeleted: 'Sablonul de ambalare a fost sters cu succes!',
  packageDeleted: 'Pachetul a fost sters cu succes!',
  templateNotFound: 'Sablonul de ambalare nu exista!',
  packageNotFound: 'Pachetul nu exista!',
  emptyTemplates: 'Nu aveti niciun sablon de ambalare. Il puteti salva din pagina de comanda noua, din pachetele comenzii.',
  emptyPackages: 'Nu aveti niciun pachet salvat. Il puteti salva din pagina de comanda noua.',
  saveError: 'A intervenit o eroare. Datele nu au putut fi salvate!',
  deleteError: 'A intervenit o eroare. Nu am putut sterge datele!',
} as const;
