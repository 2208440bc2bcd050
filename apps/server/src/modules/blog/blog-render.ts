import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** GitHub-flavoured Markdown; raw HTML in the source is kept here and cleaned by the sanitiser below. */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'h1'),
    'h2',
    'h3',
    'h4',
    'img',
    'del',
    's',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // The page's own heading is the post title: a `#` heading in the body becomes a second level.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/**
 * The operator's Markdown as safe HTML (decision 085): `marked` renders it, `sanitize-html` keeps
 * only an allow-list of tags and attributes, so a script, an event handler or a `javascript:` link
 * written into a post never reaches a reader's page.
 */
export function renderMarkdown(markdown: string): string {
  const raw = marked.parse(markdown, { async: false });
  return sanitizeHtml(raw, SANITIZE);
}
