// Apart from shipment-format.ts, which the shipments list (the first load) imports.
/**
 * The offers of one group as the list shows them: cheapest first (the price with VAT, then without;
 * equal prices keep the server's order), and the offers that cannot be chosen (with errors) last.
 */
export function groupByPrice<O extends { type: string; price: string; priceNoVat: string; errors: readonly string[] }>(offers: readonly O[], type: O['type']): O[] {
  const rank = (o: O) => (o.errors.length > 0 ? 1 : 0);
  return offers
    .filter((o) => o.type === type)
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o) - rank(b.o) || Number(a.o.price) - Number(b.o.price) || Number(a.o.priceNoVat) - Number(b.o.priceNoVat) || a.i - b.i)
    .map(({ o }) => o);
}
