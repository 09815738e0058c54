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
      // Read names given the catalogue's texts, or values that are not words.
      'const a = <Select emptyLabel={busy ? text.loadingCities : text.selectCity} />;',
      'const a = <img alt={text.photoNumber({ n: index + 1 })} />;',
      "const a = <b aria-label={`${w.durations[d]}, ${w.places[p]}`} title={'×'} />;",
      'const emptyLabel = formWords.emptyChoice;',
      "const steps = [{ id: 'rules', done: true }];",
      "const label = open ? '✓' : `${n} / ${max}`;",
      // Names that are not read: classes, keys, ids, addresses, headers, events, areas.
      'const a = <li className={`steps__item steps__item--${state}`} data-step="rules" />;',
      'const a = <a href="/terms" aria-labelledby="rules-title" aria-describedby={hintId} />;',
      "const headers = { 'Idempotency-Key': key, 'Content-Type': 'application/json' };",
      "const titleId = 'wizard-title';",
      "const context = 'wizard step';",
      "const messageId = 'literal';",
      "const accountTexts = ['auth-screens'];",
      "toast(text.saved, { id: 'ad-save-review' });",
      "toast.dismiss('forgot-error');",
      // A developer's words: logs and thrown errors are not read on screen.
      'console.warn(`The ${step.id} step is not available yet.`);',
      "throw new Error('useAuth must be used below <AuthProvider>');",
      'errorMessage(error, text.updateFailed);',
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
      // A read attribute or a prop whose name ends like one, through a choice or a template.
      {
        code: "const a = <Select emptyLabel={busy ? 'Loading cities…' : '- Select City -'} />;",
        errors: [...literal, ...literal],
      },
      { code: 'const a = <img alt={`Photo ${index + 1}`} />;', errors: literal },
      { code: 'const a = <Form submitLabel="Register" />;', errors: literal },
      { code: "const a = <Hint hintText={ready && 'Almost there'} />;", errors: literal },
      { code: 'const a = <p>{`Posted ${when}`}</p>;', errors: literal },
      { code: "const a = <p>{name ?? 'Unknown'}</p>;", errors: literal },
      {
        code: "useDocumentTitle(id ? 'Edit ad' : 'Post an ad');",
        errors: [...literal, ...literal],
      },
      // A read name given words: a const, a default, a property, an assignment.
      { code: "const optionalEmptyLabel = '- Select -';", errors: literal },
      {
        code: "const stateText = { current: 'current step', done: 'done' };",
        errors: [...literal, ...literal],
      },
      {
        code: "const steps = [{ id: 'rules', label: 'Rules' }, { id: 'ad', label: 'Ad' }];",
        errors: [...literal, ...literal],
      },
      { code: "const b = { 'aria-label': 'Close' };", errors: literal },
      { code: "const b = { titles: { a: 'First' } };", errors: literal },
      { code: "function Photos({ label = 'Photos to upload' }) {}", errors: literal },
      { code: "element.title = 'Edit ad';", errors: literal },
      { code: 'const b = { message: `The ${name} step is not available yet.` };', errors: literal },
      // A call that shows its argument.
      { code: "toast.success('Your ad was saved.');", errors: literal },
      { code: "toast(`Welcome, ${name}`, { id: 'welcome' });", errors: literal },
      { code: "window.confirm('Leave without saving?');", errors: literal },
      { code: "errorMessage(error, 'We could not save your ad.');", errors: literal },
      { code: "adForm.showFormError('Please check the form.');", errors: literal },
      { code: "throw new ApiError(400, 'Please choose the type of ad.');", errors: literal },
      // Reached twice (a read name inside a read name's object), reported once.
      { code: "const labels = { a: { label: 'Apple' } };", errors: literal },
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
