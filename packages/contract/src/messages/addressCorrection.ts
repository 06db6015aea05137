export const addressCorrectionMessages = {
  county: (name: string, filled: boolean) => `Judetul a fost ${filled ? 'completat cu' : 'corectat in'} ${name}.`,
  city: (name: string, filled: boolean) => `Localitatea a fost ${filled ? 'completata cu' : 'corectata in'} ${name}.`,
  street: (name: string) => `Strada a fost corectata in ${name}.`,
  postalCode: (code: string, filled: boolean) => `Codul postal a fost ${filled ? 'completat cu' : 'corectat in'} ${code}.`,
} as const;
