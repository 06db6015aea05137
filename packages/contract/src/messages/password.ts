export const passwordMessages = {
  newMin: 'Noua parola trebuie sa aiba minim 8 caractere',
  confirmMismatch: 'Noua parola trebuie sa coincida cu parola de confirmare',
  oldRequired: 'Parola veche este obligatorie!',
  oldWrong: 'Parola veche este incorecta!',
  sameAsOld: 'Noua parola trebuie sa fie diferita de parola veche!',
  changed: 'Parola a fost schimbata cu succes!',
  tooLong: 'Parola poate avea maxim 128 de caractere!',
} as const;
