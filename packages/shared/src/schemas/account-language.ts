import { z } from 'zod';
import { answers } from '../i18n/catalogues/answers/index.js';
import { languages } from '../i18n/languages.js';
import { tagsOf } from '../i18n/said.js';

const rules = tagsOf(answers.rules);

/** One of the three languages the site speaks (issue 30). */
export const languageSchema = z.enum(languages, { error: rules.languageNotOffered });

/** The language menu's choice, kept on a signed-in advertiser's account. */
export const accountLanguageBodySchema = z.object({ language: languageSchema });
export type AccountLanguageBody = z.infer<typeof accountLanguageBodySchema>;
