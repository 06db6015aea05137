import { Parser } from 'htmlparser2';

/**
 * A logo is recognised by its content, never by its name or the browser's type: PNG, JPEG, GIF
 * and WebP by their magic bytes; SVG by parsing it. An SVG that could run or load anything
 * (scripts, event attributes, foreignObject, external or javascript: references, DOCTYPE or
 * entity declarations) is refused, not rewritten: what we serve is exactly what we checked.
 */
export type LogoType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function rasterType(buf: Buffer): LogoType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Elements a logo may use; anything else (script, foreignObject, image, iframe, animate...) is refused. */
const SVG_ELEMENTS = new Set(
  [
    'svg', 'g', 'defs', 'title', 'desc', 'metadata', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
    'text', 'tspan', 'textpath', 'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask', 'pattern', 'marker', 'style',
    'filter', 'fegaussianblur', 'feoffset', 'feblend', 'fecolormatrix', 'feflood', 'fecomposite', 'femerge', 'femergenode',
  ],
);
const REFERENCE_ATTRIBUTES = new Set(['href', 'src']);
/** url(...) anywhere in CSS or an attribute must point inside the document (#id). */
const EXTERNAL_URL = /url\s*\(\s*['"]?\s*(?!#)/i;

export function isSafeSvg(text: string): boolean {
  let ok = true;
  let depth = 0;
  let root: string | null = null;
  let inStyle = false;
  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        // Only <?xml ...?>: no <!DOCTYPE>/<!ENTITY> (entity expansion, external entities), no <?xml-stylesheet?>.
        if (name.toLowerCase() !== '?xml') ok = false;
      },
      onopentag(name, attributes) {
        const tag = name.toLowerCase();
        if (depth === 0) root ??= tag;
        depth += 1;
        if (!SVG_ELEMENTS.has(tag)) ok = false;
        if (tag === 'style') inStyle = true;
        for (const [rawKey, value] of Object.entries(attributes)) {
          const key = rawKey.toLowerCase();
          if (key.startsWith('on')) ok = false;
          if (/javascript:|data:|vbscript:/i.test(value.replace(/\s+/g, ''))) ok = false;
          // By local name: any prefix may be bound to the xlink namespace (foo:href).
          if (REFERENCE_ATTRIBUTES.has(key.slice(key.lastIndexOf(':') + 1)) && !value.trim().startsWith('#')) ok = false;
          if (EXTERNAL_URL.test(value)) ok = false;
        }
      },
      ontext(text) {
        if (inStyle && (EXTERNAL_URL.test(text) || /@import|expression\s*\(|javascript:/i.test(text))) ok = false;
      },
      onclosetag(name) {
        depth -= 1;
        if (name.toLowerCase() === 'style') inStyle = false;
      },
    },
    { xmlMode: true, recognizeCDATA: true, decodeEntities: true },
  );
  parser.write(text);
  parser.end();
  return ok && root === 'svg';
}

function svgType(buf: Buffer): LogoType | null {
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000') || !/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return null;
  return 'image/svg+xml';
}

/** The logo's type from its content; null for anything else (a text file renamed .png, say). */
export function sniffLogo(buf: Buffer): { type: LogoType; safe: boolean } | null {
  const raster = rasterType(buf);
  if (raster) return { type: raster, safe: true };
  if (svgType(buf)) return { type: 'image/svg+xml', safe: isSafeSvg(buf.toString('utf8').replace(/^\uFEFF/, '')) };
  return null;
}

/** What the logo answer carries: a policy that forbids any script or load, even when opened directly. */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
