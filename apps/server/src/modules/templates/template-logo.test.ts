import { describe, expect, it } from 'vitest';
import { isSafeSvg, sniffLogo } from './template-logo.js';

const bytes = (...b: number[]) => Buffer.from([...b, ...new Array(16).fill(0)]);

describe('sniffLogo', () => {
  it('recognises PNG, JPEG, GIF and WebP by their first bytes, whatever the name', () => {
    expect(sniffLogo(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))?.type).toBe('image/png');
    expect(sniffLogo(bytes(0xff, 0xd8, 0xff, 0xe0))?.type).toBe('image/jpeg');
    expect(sniffLogo(Buffer.from('GIF89a......'))?.type).toBe('image/gif');
    expect(sniffLogo(Buffer.from('RIFF\u0010\u0000\u0000\u0000WEBPVP8 '))?.type).toBe('image/webp');
  });

  it('refuses text, HTML, a truncated signature and an empty file', () => {
    expect(sniffLogo(Buffer.from('nu sunt o imagine'))).toBeNull();
    expect(sniffLogo(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(sniffLogo(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffLogo(Buffer.alloc(0))).toBeNull();
  });

  it('takes an SVG (with BOM, declaration or comment first) and marks whether it is safe', () => {
    expect(sniffLogo(Buffer.from('\uFEFF<?xml version="1.0"?><!-- logo --><svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ type: 'image/svg+xml', safe: true });
    expect(sniffLogo(Buffer.from('<svg onload="x()"/>'))).toEqual({ type: 'image/svg+xml', safe: false });
  });
});

describe('isSafeSvg', () => {
  it('allows drawing with internal references only', () => {
    expect(isSafeSvg('<svg><defs><clipPath id="c"><rect/></clipPath></defs><g clip-path="url(#c)"><use href="#c"/></g></svg>')).toBe(true);
  });
  it('refuses scripts, events, foreign content, images, external or javascript references', () => {
    for (const svg of [
      '<svg><script>x()</script></svg>',
      '<svg><rect onclick="x()"/></svg>',
      '<svg><foreignObject/></svg>',
      '<svg><image href="https://x.ro/a.png"/></svg>',
      '<svg><use href="https://x.ro/a.svg#a"/></svg>',
      '<svg><rect fill="url(https://x.ro/#a)"/></svg>',
      '<svg><rect style="fill: url( \'data:image/png;base64,AA\')"/></svg>',
      '<svg><style>@import url(x.css)</style></svg>',
      '<g/>',
    ]) {
      expect(isSafeSvg(svg), svg).toBe(false);
    }
  });
});
