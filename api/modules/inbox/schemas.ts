import { mixed, object } from 'yup';
import { INBOX_CATEGORIES } from '../../../shared/domain/inbox';
import { LOCALES, type LocaleText } from '../../../shared/i18n/locales';
import { htmlLocaleMap } from '../../http/html';
import { documentAs, jsonId, localeMap, pagingFields, queryText } from '../../http/schema-helpers';

/** Bodies and queries of the inbox endpoints. */

const categoryMessage = `\${path} must be one of ${INBOX_CATEGORIES.join(', ')}`;
const isCategory = (v: unknown) => v === undefined || (INBOX_CATEGORIES as readonly unknown[]).includes(v);

export const inboxQuery = object({
  ...pagingFields(),
  category: documentAs(queryText(), { type: 'string', enum: [...INBOX_CATEGORIES] }).test('category', categoryMessage, isCategory),
});

export { idParams } from '../../http/schema-helpers';

export const TITLE_MAX_LENGTH = 200;

export const sendBody = object({
  userId: jsonId(),
  title: localeMap<Partial<LocaleText>>({ locales: LOCALES, maxLength: TITLE_MAX_LENGTH, emptyMessage: 'must hold a title in at least one locale' }).required(
    'title is required',
  ),
  content: htmlLocaleMap({ emptyMessage: 'must hold content in at least one locale' }).required('content is required'),
  category: documentAs(mixed<string>(), { type: 'string', enum: [...INBOX_CATEGORIES] })
    .test('category', categoryMessage, isCategory)
    .required('category is required'),
});
