/**
 * Issue 30: every text a person reads comes from the message catalogue. Two rules of the
 * local `catalogue` plugin (eslint.config.js) refuse a text written where it is shown:
 * `no-jsx-text` in the web app's modules (JSX text, a read attribute or prop, a value
 * given to a read name such as `label` or `emptyLabel`, a toast or the document's
 * title), `no-template-text` in the public pages' HTML templates. A word is any letter;
 * numbers, punctuation and symbols may stay.
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

/**
 * A name that says its value is read: `label`, `title`, `emptyLabel`, `stateText`,
 * `aria-label`, `titles`; a word of a camelCase or kebab-case name, at its end. Not
 * `context` (no word's edge before `text`), `labelledBy`, `messageId`, `titleId`, nor
 * `accountTexts` (a list of the catalogue's areas, not of texts).
 */
const READ_NAME =
  /(?:^|-)(?:(?:label|title|placeholder|message|caption|hint|heading)s?|text)$|[a-z0-9](?:(?:Label|Title|Placeholder|Message|Caption|Hint|Heading)s?|Text)$/;
const isReadName = (name) =>
  typeof name === 'string' && (READ_ATTRIBUTES.has(name) || READ_NAME.test(name));

/**
 * The calls whose arguments a person reads, by the argument's place: a toast, the
 * document's title (the browser's tab, a screen reader), the browser's own dialogs,
 * the fallback text of an error shown, the form's error above its button, an error the
 * app makes itself. A developer's error (`new Error('…')`) or log (`console.warn`) is not.
 */
const READ_ARGUMENTS = new Map([
  ['toast', [0]],
  ['toast.success', [0]],
  ['toast.error', [0]],
  ['toast.loading', [0]],
  ['toast.custom', [0]],
  ['useDocumentTitle', [0]],
  ['alert', [0]],
  ['confirm', [0]],
  ['prompt', [0]],
  ['window.alert', [0]],
  ['window.confirm', [0]],
  ['window.prompt', [0]],
  ['errorMessage', [1]],
  // A form's error above its button, whatever form: `adForm.showFormError('…')`.
  ['.showFormError', [0]],
  // An error the app shows as it is (`new ApiError(400, '…')`, lib/api.ts).
  ['ApiError', [1]],
]);

/** A call's callee as written: `toast`, `toast.success`; `.showFormError` for any object's. */
function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type !== 'MemberExpression' || callee.computed) return '';
  const property = callee.property.type === 'Identifier' ? callee.property.name : '';
  const object = callee.object.type === 'Identifier' ? callee.object.name : '';
  const full = `${object}.${property}`;
  return READ_ARGUMENTS.has(full) ? full : `.${property}`;
}

/** A property's or a member's name, written as a name or a string (`'aria-label'`). */
function keyName(key, computed) {
  if (key.type === 'Identifier' && !computed) return key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

const isWords = (value) => typeof value === 'string' && LETTER.test(value);

/**
 * The literals a value shows: itself (a string or a template with words between its
 * values), either side of a choice (`a ? 'x' : 'y'`, `busy && 'Wait'`, `x ?? 'None'`),
 * through a type's assertion; with `deep`, the values of an object or an array it
 * builds (`{ current: 'current step' }` given to a read name).
 */
function* shownLiterals(node, deep) {
  if (!node) return;
  switch (node.type) {
    case 'Literal':
      if (isWords(node.value)) yield node;
      return;
    case 'TemplateLiteral':
      if (node.quasis.some((quasi) => isWords(quasi.value.cooked ?? quasi.value.raw))) yield node;
      return;
    case 'ConditionalExpression':
      yield* shownLiterals(node.consequent, deep);
      yield* shownLiterals(node.alternate, deep);
      return;
    case 'LogicalExpression':
      yield* shownLiterals(node.left, deep);
      yield* shownLiterals(node.right, deep);
      return;
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
      yield* shownLiterals(node.expression, deep);
      return;
    case 'ObjectExpression':
      if (!deep) return;
      for (const property of node.properties) {
        if (property.type === 'Property') yield* shownLiterals(property.value, deep);
      }
      return;
    case 'ArrayExpression':
      if (!deep) return;
      for (const element of node.elements) yield* shownLiterals(element, deep);
      return;
    default:
      return;
  }
}

/** @type {import('eslint').Rule.RuleModule} */
const noJsxText = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Refuses words written as JSX text, as a read attribute, given to a read name, or to a call that shows them.',
    },
    schema: [],
    messages: { literal: message },
  },
  create(context) {
    // A literal reached twice (`labels = { a: { label: 'A' } }`) is reported once.
    const reported = new WeakSet();
    const report = (value, deep = false) => {
      for (const node of shownLiterals(value, deep)) {
        if (reported.has(node)) continue;
        reported.add(node);
        context.report({ node, messageId: 'literal' });
      }
    };
    return {
      JSXText(node) {
        if (isWords(node.value)) context.report({ node, messageId: 'literal' });
      },
      // `title="My Posts"`, `aria-label={'Main'}`, `emptyLabel={busy ? 'Loading…' : '- Select -'}`,
      // `alt={`Photo ${n}`}`.
      JSXAttribute(node) {
        const name =
          node.name.type === 'JSXIdentifier'
            ? node.name.name
            : `${node.name.namespace.name}:${node.name.name.name}`;
        if (!isReadName(name) || !node.value) return;
        report(node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value);
      },
      // Shown in place: `{'Préférences'}`, `{done ? 'Continue' : 'Skip'}`, `{busy && 'Wait'}`.
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        report(node.expression);
      },
      // `const emptyLabel = '- Select -'`, `const stateText = { done: 'done' }`.
      VariableDeclarator(node) {
        if (node.id.type === 'Identifier' && isReadName(node.id.name)) report(node.init, true);
      },
      // `{ label: 'Rules' }`, `{ 'aria-label': 'Close' }`, `titles: { a: 'A' }`.
      Property(node) {
        if (node.parent.type !== 'ObjectExpression') return;
        if (isReadName(keyName(node.key, node.computed))) report(node.value, true);
      },
      // A class's field: `label = 'Photos'`.
      PropertyDefinition(node) {
        if (isReadName(keyName(node.key, node.computed))) report(node.value, true);
      },
      // A default: `function Photos({ label = 'Photos to upload' })`.
      AssignmentPattern(node) {
        const name = node.left.type === 'Identifier' ? node.left.name : null;
        if (isReadName(name)) report(node.right, true);
      },
      // `title = 'Edit ad'`, `element.title = 'Edit ad'`.
      AssignmentExpression(node) {
        const name =
          node.left.type === 'Identifier'
            ? node.left.name
            : node.left.type === 'MemberExpression'
              ? keyName(node.left.property, node.left.computed)
              : null;
        if (isReadName(name)) report(node.right, true);
      },
      // `toast.success('Saved')`, `useDocumentTitle(id ? 'Edit ad' : 'Post an ad')`,
      // `errorMessage(error, 'Could not save')`, `new ApiError(400, 'Choose a type')`.
      ':matches(CallExpression, NewExpression)'(node) {
        const places = READ_ARGUMENTS.get(calleeName(node.callee));
        for (const place of places ?? []) report(node.arguments[place]);
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
