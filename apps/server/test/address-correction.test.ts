import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { addressCorrectionService, type StoreAddress } from '../src/modules/geo/address-correction.js';
import { readAddressLines } from '../src/modules/geo/store-address-lines.js';
import { loadNomenclature } from '../src/modules/geo/geo-loader.js';
import { openTestDatabase } from './helper.js';

// Every expected code below is a row of data/ro/postal-codes.csv, e.g.
//   Cluj,Cluj-Napoca,Stradă,Memorandumului,,400114
//   Argeş,Lăzăreşti (Schitu Goleşti),,,,117653 / Argeş,Lăzăreşti (Moşoaia),,,,117511 / Argeş,Schitu Goleşti,,,,117650
//   Bucureşti,Sector3,Bulevard,Carol I,nr. 14-22,030165 (Sector 3 has 1-23 and 2-22; Sector 2 has 24-T and 25-T)
//   Bucureşti,Sector2,Bulevard,Carol I,nr. 34-44,020922
//   Cluj,Cluj-Napoca,Bulevard,21 Decembrie 1989,nr. 2-58,400094 / nr. 77-129,400603
//   Cluj,Cluj-Napoca,Stradă,Horea,nr. 2-36,400038 / Bucureşti,Sector1,Piaţă,21 Decembrie 1989,,010056
let database: Database;
let correct: (input: StoreAddress) => ReturnType<ReturnType<typeof addressCorrectionService>['correct']>;
beforeAll(async () => {
  database = await openTestDatabase();
  await loadNomenclature(database);
  correct = addressCorrectionService({ database }).correct;
});
afterAll(async () => database?.close());

const types = (r: Awaited<ReturnType<typeof correct>>) => r.errors.map((e) => e.type);
const messages = (r: Awaited<ReturnType<typeof correct>>) => r.info.map((i) => i.message);
const cluj = { province: 'Cluj', city: 'Cluj-Napoca' };

describe('reading the store address lines', () => {
  it.each([
    ['Str. Memorandumului nr. 28', { streetType: 'Strada', streetName: 'Memorandumului', number: '28', additionalInfo: '' }],
    ['Strada Memorandumului 28, ap 3', { streetType: 'Strada', streetName: 'Memorandumului', number: '28', additionalInfo: 'ap 3' }],
    ['Bd. 21 Decembrie 1989 nr 10', { streetType: 'Bulevardul', streetName: '21 Decembrie 1989', number: '10' }],
    ['B-dul Iuliu Maniu nr.7 bl. A1, sc 2', { streetType: 'Bulevardul', streetName: 'Iuliu Maniu', number: '7', block: 'A1' }],
    ['Calea Mosilor, 12', { streetType: 'Calea', streetName: 'Mosilor', number: '12' }],
    ['Memorandumului 28a et 2', { streetType: null, streetName: 'Memorandumului', number: '28A', additionalInfo: 'et 2' }],
  ])('reads %j', (address1, expected) => {
    expect(readAddressLines(address1)).toMatchObject(expected);
  });

  it('takes the number from the second line when the first has none', () => {
    expect(readAddressLines('Strada Horea', 'nr. 5, ap. 2')).toMatchObject({ streetName: 'Horea', number: '5', additionalInfo: 'ap. 2' });
  });
});

describe('addressCorrectionService.correct', () => {
  it('accepts a right Cluj-Napoca address as it is', async () => {
    const r = await correct({ ...cluj, zip: '400114', address1: 'Str. Memorandumului nr. 28', countryCode: 'RO' });
    expect(r).toEqual({
      internalAddress: {
        countyCode: 'CJ',
        county: 'Cluj',
        city: 'Cluj-Napoca',
        postalCode: '400114',
        street: 'Strada Memorandumului',
        number: '28',
        additionalInfo: '',
      },
      errors: [],
      info: [],
    });
  });

  it('corrects a postal code of another street of the same city', async () => {
    const r = await correct({ ...cluj, zip: '400038', address1: 'Strada Memorandumului 28, ap 3' });
    expect(r.internalAddress).toMatchObject({ postalCode: '400114', street: 'Strada Memorandumului', number: '28', additionalInfo: 'ap 3' });
    expect(r.errors).toEqual([]);
    expect(messages(r)).toEqual(['Codul postal a fost corectat in 400114.']);
  });

  it('picks the code of the number on a street with several codes', async () => {
    const r = await correct({ province: 'CJ', city: 'Cluj-Napoca', address1: 'Bd. 21 Decembrie 1989 nr 10' });
    expect(r.internalAddress).toMatchObject({ street: 'Bulevardul 21 Decembrie 1989', number: '10', postalCode: '400094' });
    expect(messages(r)).toEqual(['Codul postal a fost completat cu 400094.']);
    const odd = await correct({ province: 'CJ', city: 'Cluj-Napoca', address1: 'Bulevardul 21 Decembrie 1989 77' });
    expect(odd.internalAddress.postalCode).toBe('400603');
  });

  it('corrects a misspelled city without diacritics, and a missing county', async () => {
    const r = await correct({ city: 'Cluj Napoka', address1: 'Strada Memorandumului 28' });
    expect(r.internalAddress).toMatchObject({ countyCode: 'CJ', county: 'Cluj', city: 'Cluj-Napoca', postalCode: '400114' });
    expect(r.errors).toEqual([]);
    expect(messages(r)).toEqual([
      'Judetul a fost completat cu Cluj.',
      'Localitatea a fost corectata in Cluj-Napoca.',
      'Codul postal a fost completat cu 400114.',
    ]);
  });

  it("finds a street written with its title before the name ('Dr. Iuliu Hatieganu')", async () => {
    const r = await correct({ ...cluj, address1: 'Str. Dr. Iuliu Hatieganu 5' });
    expect(r.internalAddress).toMatchObject({ street: 'Strada Hațieganu Iuliu, doctor', postalCode: '400005' });
    expect(messages(r)).toContain('Strada a fost corectata in Strada Hațieganu Iuliu, doctor.');
  });

  it('tells Iași (IS) from the village Iași (BV) by the street, which may be written without its first name', async () => {
    // Iaşi,Iaşi,Stradă,Alexandru Lăpuşneanu,,700057
    const r = await correct({ city: 'Iasi', address1: 'Str. Lapusneanu 5' });
    expect(r.internalAddress).toMatchObject({ countyCode: 'IS', city: 'Iași', street: 'Strada Alexandru Lăpușneanu', postalCode: '700057' });
    expect(r.errors).toEqual([]);
    expect(messages(r)).toContain('Strada a fost corectata in Strada Alexandru Lăpușneanu.');
  });

  it("reads a street's last number as its name when no number follows ('Bd. 21 Decembrie 1989')", async () => {
    const r = await correct({ ...cluj, address1: 'Bd. 21 Decembrie 1989' });
    expect(r.internalAddress).toMatchObject({ street: 'Bulevardul 21 Decembrie 1989', number: '' });
    expect(types(r)).toEqual(['NUMBER_ERROR']);
  });

  it('takes the code of the block when only a block is given, still asking for the number', async () => {
    // Cluj,Cluj-Napoca,Stradă,Donath,bl. XIII,400296 (the street has nine codes)
    const r = await correct({ ...cluj, address1: 'Str. Donath bl. XIII, ap. 4' });
    expect(r.internalAddress).toMatchObject({ street: 'Strada Donath', number: '', postalCode: '400296', additionalInfo: 'bl. XIII, ap. 4' });
    expect(types(r)).toEqual(['NUMBER_ERROR']);
  });

  it('finds a village by the postal code among villages of one name, with its commune', async () => {
    const r = await correct({ province: 'Arges', city: 'Lazaresti', zip: '117653', address1: 'Str. Principala 12' });
    expect(r.internalAddress).toEqual({
      countyCode: 'AG',
      county: 'Argeș',
      city: 'Lăzărești',
      upLocality: 'Schitu Golești',
      postalCode: '117653',
      street: 'Strada Principala',
      number: '12',
      additionalInfo: '',
    });
    expect(r.errors).toEqual([]);
    expect(messages(r)).toEqual(['Localitatea a fost corectata in Lăzărești (Schitu Golești).']);
  });

  it('fills the code of a village named with its commune', async () => {
    const r = await correct({ province: 'AG', city: 'Lăzărești (Schitu Golești)', address1: 'nr 12' });
    expect(r.internalAddress).toMatchObject({ city: 'Lăzărești', upLocality: 'Schitu Golești', postalCode: '117653', number: '12' });
    expect(r.errors).toEqual([]);
  });

  it('asks which village when the name is ambiguous in the county and nothing else tells', async () => {
    const r = await correct({ province: 'AG', city: 'Lazaresti', address1: 'nr 12' });
    expect(r.errors).toEqual([
      {
        type: 'CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR',
        suggestions: [
          { type: 'CHANGE', suggestedBy: 'CITY_INPUT', values: { city: 'Lăzărești', upLocality: 'Schitu Golești', county: 'AG', postalCode: '117653', street: '' } },
          { type: 'CHANGE', suggestedBy: 'CITY_INPUT', values: { city: 'Lăzărești', upLocality: 'Moșoaia', county: 'AG', postalCode: '117511', street: '' } },
        ],
      },
    ]);
    expect(r.internalAddress).toMatchObject({ countyCode: 'AG', city: 'Lazaresti', postalCode: '' });
  });

  it('offers the city input and the postal code when they name different places', async () => {
    const r = await correct({ province: 'Arges', city: 'Schitu Golesti', zip: '117653', address1: 'nr 3' });
    expect(r.internalAddress).toMatchObject({ city: 'Schitu Golești', postalCode: '117650' });
    expect(r.errors).toEqual([
      {
        type: 'CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR',
        suggestions: [
          { type: 'CHANGE_DEFAULT', suggestedBy: 'CITY_INPUT', values: { city: 'Schitu Golești', county: 'AG', postalCode: '117650', street: '' } },
          { type: 'CHANGE', suggestedBy: 'POSTAL_CODE', values: { city: 'Lăzărești', upLocality: 'Schitu Golești', county: 'AG', postalCode: '117653', street: '' } },
        ],
      },
    ]);
    expect(r.info).toEqual([]);
  });

  it('flags a postal code of another county, keeping the city input as the default', async () => {
    const r = await correct({ ...cluj, zip: '010056', address1: 'Str. Memorandumului 28' });
    expect(r.internalAddress).toMatchObject({ countyCode: 'CJ', city: 'Cluj-Napoca', postalCode: '400114' });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.type).toBe('CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR');
    expect(r.errors[0]!.suggestions.map((s) => [s.type, s.suggestedBy, s.values.city, s.values.county, s.values.postalCode])).toEqual([
      ['CHANGE_DEFAULT', 'CITY_INPUT', 'Cluj-Napoca', 'CJ', '400114'],
      ['CHANGE', 'POSTAL_CODE', 'Sectorul 1', 'B', '010056'],
    ]);
  });

  it('suggests the cities of that name in other counties when the county does not have it', async () => {
    const r = await correct({ province: 'Alba', city: 'Brasov', address1: 'Str. Memorandumului 3' });
    const combination = r.errors.find((e) => e.type === 'CITY_COUNTY_POSTAL_CODE_COMBINATION_ERROR');
    expect(combination?.suggestions).toContainEqual({
      type: 'CHANGE',
      suggestedBy: 'CITY_INPUT',
      values: { city: 'Brașov', county: 'BV', postalCode: '', street: 'Strada Memorandumului' },
    });
    expect(r.internalAddress).toMatchObject({ countyCode: 'AB', city: 'Brasov' });
  });

  it("maps 'Sector 3' to county B, city 'Sectorul 3'", async () => {
    const r = await correct({ province: 'Bucuresti', city: 'Sector 3', address1: 'Bd. Carol I nr. 14' });
    expect(r.internalAddress).toMatchObject({ countyCode: 'B', county: 'București', city: 'Sectorul 3', street: 'Bulevardul Carol I', postalCode: '030165' });
    expect(r.errors).toEqual([]);
    expect(messages(r)).toEqual(['Localitatea a fost corectata in Sectorul 3.', 'Codul postal a fost completat cu 030165.']);
  });

  it("finds the sector of 'Bucuresti' from the postal code, or from the street and number", async () => {
    const byZip = await correct({ province: 'B', city: 'Bucuresti', zip: '030165', address1: 'Bulevardul Carol I 14' });
    expect(byZip.internalAddress).toMatchObject({ countyCode: 'B', city: 'Sectorul 3', postalCode: '030165' });
    expect(byZip.errors).toEqual([]);
    // Carol I runs through sectors 2 and 3; number 40 is in sector 2.
    const byStreet = await correct({ province: 'Bucharest', city: 'Bucuresti', address1: 'Bd. Carol I 40' });
    expect(byStreet.internalAddress).toMatchObject({ city: 'Sectorul 2', postalCode: '020922' });
    expect(byStreet.errors).toEqual([]);
  });

  it('reports a missing number, still filling the code of a one-code street', async () => {
    const r = await correct({ ...cluj, address1: 'Strada Memorandumului' });
    expect(types(r)).toEqual(['NUMBER_ERROR']);
    expect(r.internalAddress).toMatchObject({ street: 'Strada Memorandumului', number: '', postalCode: '400114' });
  });

  it("reports a number outside the street's ranges", async () => {
    const r = await correct({ province: 'B', city: 'Sectorul 3', address1: 'Bd. Carol I nr. 40' });
    expect(types(r)).toEqual(['NUMBER_ERROR']);
    expect(r.internalAddress).toMatchObject({ city: 'Sectorul 3', street: 'Bulevardul Carol I', number: '40', postalCode: '' });
  });

  it("suggests the postal code's street for a misspelled street", async () => {
    const r = await correct({ ...cluj, zip: '400114', address1: 'Str. Memorandului 28' });
    expect(r.errors).toEqual([
      {
        type: 'STREET_ERROR',
        suggestions: [
          { type: 'CHANGE', suggestedBy: 'POSTAL_CODE', values: { city: 'Cluj-Napoca', county: 'CJ', postalCode: '400114', street: 'Strada Memorandumului' } },
        ],
      },
    ]);
    expect(r.internalAddress).toMatchObject({ street: 'Strada Memorandului', postalCode: '400114' });
  });

  it("suggests the city's close street names, with their code, when there is no postal code", async () => {
    const r = await correct({ ...cluj, address1: 'Str. Memorandului 28' });
    expect(types(r)).toEqual(['STREET_ERROR']);
    expect(r.errors[0]!.suggestions[0]).toEqual({
      type: 'CHANGE',
      suggestedBy: 'CITY_INPUT',
      values: { city: 'Cluj-Napoca', county: 'CJ', postalCode: '400114', street: 'Strada Memorandumului' },
    });
    expect(r.internalAddress.postalCode).toBe('');
  });

  it('passes an address outside Romania as given', async () => {
    const r = await correct({ countryCode: 'HU', city: 'Budapest', zip: '1051', address1: 'Nador utca 9' });
    expect(r.errors).toEqual([]);
    expect(r.internalAddress).toMatchObject({ city: 'Budapest', postalCode: '1051', number: '9' });
  });
});
