/**
 * The Romanian message catalogue. Texts quoted by the specification are kept letter for letter
 * (without diacritics, as the specification writes them); the others follow the same tone.
 */
export const messages = {
  common: {
    invalidData: 'Datele sunt invalide!',
    incompleteForm: 'Va rugam sa completati toate campurile!',
    cannotSaveInvalid: 'Datele nu pot fi salvate. Campuri invalide!',
    settingsSaveError: 'A aparut o eroare la salvarea setarilor!',
    settingsInvalid: 'Nu am putut salva setarile. Campuri invalide!',
    genericError: 'A aparut o eroare. Va rugam reincercati!',
    notFound: 'Resursa nu a fost gasita!',
    unauthorized: 'Trebuie sa fiti autentificat pentru a continua!',
    forbidden: 'Nu aveti drepturi pentru aceasta actiune!',
    forbiddenOrigin: 'Cererea a fost respinsa: originea nu este permisa!',
    tooManyRequests: 'Prea multe cereri. Va rugam reincercati peste cateva momente!',
    serverError: 'A intervenit o eroare neasteptata. Va rugam reincercati, iar daca problema persista sa ne contactati!',
    payloadTooLarge: 'Datele trimise sunt prea mari!',
    fieldRequired: 'Campul este obligatoriu!',
    fieldInvalid: 'Campul este invalid!',
    retry: 'Reincearca',
    loadError: 'A intervenit o eroare in procesarea datelor, va rugam reincercati!',
  },
  auth: {
    loginTitle: 'Autentificare',
    registerTitle: 'Creare cont',
    invalidCredentials: 'Adresa de email sau parola este incorecta!',
    tooManyAttempts: 'Prea multe incercari de autentificare esuate. Va rugam reincercati peste 15 minute!',
    tooManyFromAddress: 'Prea multe incercari de autentificare de la aceasta adresa. Va rugam reincercati peste un minut!',
    emailRequired: 'Adresa de email este obligatorie!',
    emailInvalid: 'Adresa de email este invalida!',
    passwordRequired: 'Parola este obligatorie!',
    passwordMin: 'Parola trebuie sa aiba minim 8 caractere',
    nameRequired: 'Numele este obligatoriu!',
    nameTooLong: 'Numele poate avea maxim 100 de caractere!',
    phoneRequired: 'Numarul de telefon este obligatoriu!',
    phoneInvalid: 'Campul este invalid!',
    emailTaken: 'Exista deja un cont cu aceasta adresa de email!',
    registered: 'Contul a fost creat cu succes!',
    loggedOut: 'V-ati deconectat cu succes!',
    sessionExpired: 'Sesiunea a expirat. Va rugam sa va autentificati din nou!',
  },
  password: {
    newMin: 'Noua parola trebuie sa aiba minim 8 caractere',
    confirmMismatch: 'Noua parola trebuie sa coincida cu parola de confirmare',
    oldRequired: 'Parola veche este obligatorie!',
    oldWrong: 'Parola veche este incorecta!',
    sameAsOld: 'Noua parola trebuie sa fie diferita de parola veche!',
    changed: 'Parola a fost schimbata cu succes!',
    tooLong: 'Parola poate avea maxim 128 de caractere!',
  },
  profile: {
    saved: 'Datele au fost salvate cu succes!',
    clientNotFound: 'Clientul selectat nu exista!',
  },
} as const;

export type Messages = typeof messages;
