const xmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Code points XML 1.0 cannot carry at all, even escaped: C0 controls but tab and line breaks, lone surrogates, U+FFFE/F. */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Escapes text for an XML text node or attribute. Characters XML cannot hold become U+FFFD,
 * so one stray control character never turns a whole document (a feed, the sitemap) into malformed XML.
 */
export function escapeXml(text: string): string {
  return text.replace(notXmlChar, '\uFFFD').replace(/[&<>"']/g, (character) => xmlEntities[character]);
}
