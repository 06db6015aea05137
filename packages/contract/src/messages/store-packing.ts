/**
 * The store order page's package editor (issue 14; spec 001 sections 4, 5, 8 with {product} =
 * 'pachet'). The quoted texts letter for letter; the others ours (docs/decisions.md "The package editor").
 */
export const storePackingMessages = {
  /** Spec 001 section 8: an unknown drop case. */
  moveFailed: 'Nu am putut muta produsul. A aparut o eroare!',
  /** Spec 001 section 8: deleting a package that still holds products. */
  deleteNotEmpty: 'Pentru a putea sterge un pachet trebuie mai intai sa mutati toate produsele din el!',
  /** Spec 001 section 8: every product of the order would be postponed. */
  allPostponed: 'Nu se pot marca toate produsele comenzii pentru o trimitere ulterioara!',
  /** Spec 001 section 8 (shown 7 s). */
  envelopeSwitched: 'Deoarece pachetul nu indeplineste cerintele pentru plic, tipul pachetului a fost schimbat in "Colet".',
  /** Spec 001 section 5 "Quantity to move" ({quantity} is the line's quantity). */
  quantityMax: (quantity: number | string) => `Puteti muta maxim ${quantity} produse!`,
  /** Ours: the dialog's minimum (spec 001 section 5: minimum 1). */
  quantityMin: 'Puteti muta minim un produs!',
  /** Ours: the saved configuration ('Salveaza configuratie'). */
  packingSaved: 'Configuratia pachetelor a fost salvata pentru comenzile cu aceleasi produse!',
  packingDeleted: 'Configuratia salvata a pachetelor a fost stearsa!',
  packingNotFound: 'Configuratia pachetelor nu exista!',
  /** Ours: the server's checks of a configuration to save. */
  quantitiesMismatch: 'Cantitatile din pachete nu corespund produselor comenzii. Reincarcati pagina si reincercati.',
  emptyPackage: (n: number | string) => `Pachetul ${n} nu contine niciun produs. Mutati produse in el sau stergeti-l.`,
  nothingToShip: 'Cel putin un produs trebuie sa ramana intr-un pachet.',
  envelopeInvalid: 'Plicul trebuie sa fie un singur pachet de cel mult 1 kg, 25 x 25 cm si 6 cm inaltime.',
  tooManyPackages: (max: number | string) => `Comanda poate avea cel mult ${max} pachete.`,
  packageMeasure: (n: number | string, message: string) => `Pachetul ${n}: ${message}`,
  /** Ours (issue 24): a package smaller than one of its products on some side (sides compared sorted, spec 001 section 4). */
  packageTooSmall: (n: number | string, product: string, sides: string) => `Pachetul ${n} este prea mic pentru produsul "${product}" (${sides} cm). Mariti dimensiunile pachetului.`,
} as const;
