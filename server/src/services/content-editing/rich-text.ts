import sanitizeHtml from 'sanitize-html';

/**
 * The guard between an organiser's rich text and every visitor's browser: public pages render bodies as
 * HTML, so only formatting tags, http(s)/mailto links and http(s) or site-relative images survive. No
 * attributes that run code, no style, no iframes, no forms.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'span',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
    'pre',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image must name an absolute http(s) URL or a path on this site; anything else is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https?:\/\/|\/(?!\/))/i.test(frame.attribs.src ?? ''),
  // Links opening a new tab must not hand the opener to the target page.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : { ...attribs, rel: attribs.rel ?? '' },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).replace(/ rel=""/g, '');
}
