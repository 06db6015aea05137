import { describe, expect, it } from 'vitest';
import { companyNameKey, sameCompanyName } from './company-name.js';

describe('company names (the register against what was typed)', () => {
  it('ignores case, diacritics, punctuation and how the legal form is written', () => {
    for (const typed of ['Demo Logistic SRL', 'DEMO LOGISTIC S.R.L.', 'demo logistic s.r.l', 'Demo Logistic S. R. L.', 'S.C. Demo Logistic SRL', 'SC DEMO LOGISTIC SRL', '„Demo Logistic” SRL', 'Demo-Logistic SRL', 'Demo Logistic societate cu raspundere limitata']) {
      expect(sameCompanyName(typed, 'DEMO LOGISTIC SRL'), typed).toBe(true);
    }
    expect(sameCompanyName('Cărți și Colete SRL', 'CARTI SI COLETE S.R.L.')).toBe(true);
    expect(sameCompanyName('Carti & Colete SRL', 'CARTI SI COLETE SRL')).toBe(true);
    expect(sameCompanyName('Ţesătoria Ştefan SA', 'TESATORIA STEFAN S.A.')).toBe(true);
    expect(companyNameKey('S.C. Transport Rapid S.A.')).toBe('transport rapid sa');
  });

  it('another name, a missing word or another legal form is not the same company', () => {
    expect(sameCompanyName('Alice Transport SRL', 'DEMO LOGISTIC SRL')).toBe(false);
    expect(sameCompanyName('Demo SRL', 'DEMO LOGISTIC SRL')).toBe(false);
    expect(sameCompanyName('Demo Logistic SA', 'DEMO LOGISTIC SRL')).toBe(false);
    expect(sameCompanyName('Demo Logistic', 'DEMO LOGISTIC SRL')).toBe(false);
    expect(sameCompanyName('Demo Logistic 2 SRL', 'DEMO LOGISTIC SRL')).toBe(false);
  });

  it('keeps a lone letter inside a name as a word, and SC alone is a name', () => {
    expect(companyNameKey('A B Construct SRL')).toBe('ab construct srl');
    expect(companyNameKey('SC')).toBe('sc');
  });
});
