/**
 * Issue 30: every text a person reads comes from the message catalogue. Two rules of the
 * local `catalogue` plugin (eslint.config.js) refuse a text written where it is shown:
 * `no-jsx-text` in the web app's components, `no-template-text` in the public pages'
 * HTML templates. A word is any letter; numbers, punctuation and symbols may stay.
 */

const LETTER = /\p{L}/u;

/** The attributes whose value a person reads (or hears, from a screen reader). */
const READ_ATTRIBUTES = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'label',
  'placeholder',
  'title',
]);

const message = 'A text a person reads comes from the message catalogue, not a literal here.';

/** @type {import('eslint').Rule.RuleModule} */
const noJsxText = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses words written as JSX text or as a read attribute.' },
    schema: [],
    messages: { literal: message },
  },
  create(context) {
    const isWords = (value) => typeof value === 'string' && LETTER.test(value);
    return {
      JSXText(node) {
        if (isWords(node.value)) context.report({ node, messageId: 'literal' });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        const value =
          node.value.type === 'Literal'
            ? node.value.value
            : node.value.type === 'JSXExpressionContainer' &&
                node.value.expression.type === 'Literal'
              ? node.value.expression.value
              : null;
        if (isWords(value)) context.report({ node, messageId: 'literal' });
      },
      'JSXExpressionContainer > Literal'(node) {
        if (node.parent.parent.type !== 'JSXAttribute' && isWords(node.value)) {
          context.report({ node, messageId: 'literal' });
        }
      },
      // A choice between texts shown in place: `{done ? 'Continue' : 'Skip'}`, `{busy && 'Wait'}`.
      'JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal'(
        node,
      ) {
        const container = node.parent.parent;
        if (container.parent.type !== 'JSXAttribute' && isWords(node.value)) {
          context.report({ node, messageId: 'literal' });
        }
      },
      // The document's title, which the browser's tab and a screen reader read.
      'CallExpression[callee.name="useDocumentTitle"] > Literal'(node) {
        if (isWords(node.value)) context.report({ node, messageId: 'literal' });
      },
    };
  },
};

/** Words between two tags (`>Report<`), or in a read attribute (`aria-label="Photos"`). */
const TEXT_BETWEEN_TAGS = />([^<>]*)</g;
const READ_ATTRIBUTE_VALUE = /\b(?:alt|aria-label|placeholder|title|label)="([^"]*)(?:"|$)/g;

/**
 * Whether markup holds words. In a template, a part that a value follows may end in
 * text after its last tag (`<p>Posted ${when}`), and one that follows a value may start
 * with text before its first tag (`${n} photos</p>`).
 */
function wordsInMarkup(text, edges = { before: false, after: false }) {
  for (const match of text.matchAll(TEXT_BETWEEN_TAGS)) {
    if (LETTER.test(match[1] ?? '')) return true;
  }
  // After the last tag, unless another tag opens there (`<li><b lang="`).
  const after = text.slice(text.lastIndexOf('>') + 1);
  if (edges.after && text.includes('>') && !after.includes('<') && LETTER.test(after)) {
    return true;
  }
  // Before the first tag, after the end of a tag a value sat in (`" role="x">`).
  const before = text.slice(0, text.indexOf('<'));
  if (
    edges.before &&
    text.includes('<') &&
    LETTER.test(before.slice(before.lastIndexOf('>') + 1))
  ) {
    return true;
  }
  for (const match of text.matchAll(READ_ATTRIBUTE_VALUE)) {
    if (LETTER.test(match[1] ?? '')) return true;
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
const noTemplateText = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses words written into HTML markup in a string or template.' },
    schema: [],
    messages: { literal: message },
  },
  create(context) {
    return {
      Literal(node) {
        if (typeof node.value === 'string' && wordsInMarkup(node.value)) {
          context.report({ node, messageId: 'literal' });
        }
      },
      TemplateElement(node) {
        // Markup only: a tagged template (sql`…`) or one without a tag is not HTML.
        const template = node.parent;
        if (template.parent.type === 'TaggedTemplateExpression') return;
        if (!template.quasis.some((quasi) => /<[a-z/!]/i.test(quasi.value.raw))) return;
        const edges = { before: template.quasis[0] !== node, after: !node.tail };
        if (wordsInMarkup(node.value.cooked ?? node.value.raw, edges)) {
          context.report({ node, messageId: 'literal' });
        }
      },
    };
  },
};

export default {
  meta: { name: 'catalogue' },
  rules: { 'no-jsx-text': noJsxText, 'no-template-text': noTemplateText },
};
