import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import catalogueText from './catalogue-text.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

const literal = [{ messageId: 'literal' }];

describe('text a person reads comes from the catalogue (issue 30)', () => {
  tester.run('no-jsx-text in the web app', catalogueText.rules['no-jsx-text'], {
    valid: [
      'const a = <p>{messages.auth.intro}</p>;',
      'const a = <Spinner label={messages.loading} />;',
      // Numbers, punctuation and symbols are not words.
      "const a = <span>{n} × {' '}·</span>;",
      'const a = <div className="card" id="main" role="status" />;',
      "const a = <b className={open ? 'menu menu--open' : 'menu'}>{n > 0 ? text.go : '·'}</b>;",
      'useDocumentTitle(text.common.logIn);',
    ],
    invalid: [
      { code: 'const a = <h1>Log in</h1>;', errors: literal },
      { code: 'const a = <ScreenCard title="My Posts" />;', errors: literal },
      { code: 'const a = <nav aria-label="Main" />;', errors: literal },
      { code: "const a = <Field label={'Email'} />;", errors: literal },
      { code: "const a = <p>{'Préférences'}</p>;", errors: literal },
      { code: "const a = <b>{n > 0 ? 'Continue' : 'Skip'}</b>;", errors: [...literal, ...literal] },
      { code: "const a = <b>{busy && 'Please wait'}</b>;", errors: literal },
      { code: "useDocumentTitle('Log in');", errors: literal },
    ],
  });

  tester.run('no-template-text in the public pages', catalogueText.rules['no-template-text'], {
    valid: [
      'const a = `<h1>${escapeHtml(m.title)}</h1>`;',
      'const b = `<nav aria-label="${escapeHtml(m.pagination)}">`;',
      'const c = \'<span class="gap" aria-hidden="true">…</span>\';',
      "const d = '.topbar>div{display:flex}';",
      'const e = `<p>${escapeHtml(a)} · ${escapeHtml(b)}</p>`;',
      'const f = `<li><b lang="${other}" aria-current="true">${name}</b></li>`;',
      'const g = sql`case when ${a} > now() then 0 else ${b} end`;',
    ],
    invalid: [
      { code: 'const a = `<h2>Report this ad</h2>`;', errors: literal },
      { code: "const b = '<p>No ads yet</p>';", errors: literal },
      { code: 'const c = `<nav aria-label="Pages">${x}</nav>`;', errors: literal },
      { code: 'const d = `<img alt="Photo ${n}">`;', errors: literal },
      { code: 'const e = `<p>Posted ${when}</p>`;', errors: literal },
      { code: 'const f = `<p>${n} photos</p>`;', errors: literal },
    ],
  });
});
