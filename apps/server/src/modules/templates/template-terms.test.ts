import { describe, expect, it } from 'vitest';
import { sanitizeTerms } from './template-terms.js';

describe('sanitizeTerms', () => {
  it('keeps the allowed text markup and opens links in a new tab without opener', () => {
    expect(sanitizeTerms('<h2>Termeni</h2><p>Vezi <a href="https://ex.ro/t">aici</a> sau <a href="mailto:a@b.ro">scrie</a>.</p>')).toBe(
      '<h2>Termeni</h2><p>Vezi <a href="https://ex.ro/t" target="_blank" rel="noopener noreferrer nofollow">aici</a> sau <a href="mailto:a@b.ro" target="_blank" rel="noopener noreferrer nofollow">scrie</a>.</p>',
    );
  });

  it.each([
    ['a textarea breaking out of its raw text', '<textarea></textarea/><img src=x onerror=alert(1)>'],
    ['an xmp block', '<xmp><p title="</xmp><img src=x onerror=alert(1)>">'],
    ['SVG animating a link to javascript:', '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>'],
    ['a style element', '<style>*{background:url(javascript:alert(1))}</style><p>t</p>'],
    ['an iframe', '<iframe src="https://ex.ro"></iframe>'],
  ])('removes %s', (_name, html) => {
    const out = sanitizeTerms(html);
    expect(out).not.toMatch(/<(img|svg|animate|textarea|xmp|style|iframe)|onerror|javascript:/i);
  });

  it.each(['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.ro', '/relativ', 'https:/\\evil.ro'])('drops the link target %s', (href) => {
    expect(sanitizeTerms(`<a href="${href}">x</a>`)).toBe('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });
});
