import sanitizeHtml from 'sanitize-html';

/**
 * A template's HTML terms (admin only), kept to a small allow-list of text markup: no script, no
 * style, no event attribute, links only to http(s) and mailto, opened in a new tab without opener.
 * Run on save and again when served, so a row written any other way never reaches a page raw.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'span', 'div', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
};

export const sanitizeTerms = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
