import createDOMPurify, { type DOMPurify } from 'dompurify';
import { createRequire } from 'node:module';

/**
 * A template's HTML terms (admin only), kept to a small allow-list of text markup: no script, no
 * style, no event attribute, links only to http(s) and mailto, opened in a new tab without opener.
 * Run on save and again when served, so a row written any other way never reaches a page raw.
 * DOMPurify over jsdom: the browser's own parser decides what the markup is, so what is kept here
 * is what a browser builds (no parser differential between the sanitiser and the page).
 */
const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'];
/** Absolute http(s) and mailto links only: no javascript:, data:, protocol-relative or relative ones. */
const SAFE_HREF = /^(?:https?:\/\/[^/\\]|mailto:)/i;

/**
 * The sanitiser, made on first use: jsdom takes about a second to load, which every server start
 * and every test file importing the app would otherwise pay for terms that are rarely saved or served.
 */
let purify: DOMPurify | undefined;
function purifier(): DOMPurify {
  if (purify) return purify;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom');
  const made = createDOMPurify(new JSDOM('').window);
  made.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href !== null && !SAFE_HREF.test(href.trim())) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
  return (purify = made);
}

export const sanitizeTerms = (html: string): string =>
  purifier()
    .sanitize(html, {
      ALLOWED_TAGS,
      ALLOWED_ATTR: ['href'],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      KEEP_CONTENT: true,
      RETURN_TRUSTED_TYPE: false,
    })
    .trim();
