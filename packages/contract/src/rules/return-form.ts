import { z } from '../zod.js';
import { formatDay } from '../format.js';
import { commonMessages } from '../messages/common.js';
import { templatesMessages } from '../messages/templates.js';
import type { TReturnAnswer, TReturnAnswers, TReturnAnswerView, TReturnField, TReturnForm } from '../templates.js';
import { isValidRomanianIban, normalizeIban } from './iban.js';
import { isValidPhone } from './phone.js';

/**
 * The customer's answers against the return form's fields (spec 001 section 2 configuration).
 * Pure: the public page runs it before sending and the server runs it again. Errors are keyed by
 * path: `answers.{fieldId}`, `answers.{fieldId}.bankAccount`, `answers.{fieldId}.{row}.{columnId}`.
 */

const t = () => templatesMessages;
const key = (...parts: Array<string | number>) => ['answers', ...parts].join('.');
const isIsoDate = (v: string) => z.iso.date().safeParse(v).success;

/** Fields the customer answers (title and paragraph only show text). */
export const isInputField = (field: TReturnField) => field.type !== 'title' && field.type !== 'paragraph';

const asText = (answer: TReturnAnswer | undefined) => (typeof answer === 'string' ? answer.trim() : '');
const asList = (answer: TReturnAnswer | undefined) => (Array.isArray(answer) && answer.every((a) => typeof a === 'string') ? (answer as string[]) : []);
const asRows = (answer: TReturnAnswer | undefined) =>
  Array.isArray(answer) && answer.every((a) => !!a && typeof a === 'object') ? (answer as Array<Record<string, string>>) : [];
const asRadio = (answer: TReturnAnswer | undefined) =>
  answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as { methodId: string; bankAccount?: string | null }) : null;

/** Whether the customer gave no answer at all (an optional form may be left empty). */
export function isEmptyAnswer(field: TReturnField, answer: TReturnAnswer | undefined): boolean {
  switch (field.type) {
    case 'checkbox':
      return asList(answer).length === 0;
    case 'radio-buttons':
      return !asRadio(answer)?.methodId;
    case 'fields-table':
      return asRows(answer).every((row) => Object.values(row).every((v) => !v.trim()));
    default:
      return asText(answer) === '';
  }
}

function checkText(errors: Record<string, string>, path: string, value: string, rule: { mandatory: boolean; min?: number; max?: number }) {
  if (!value) {
    if (rule.mandatory) errors[path] = t().fieldRequired;
    return false;
  }
  if (rule.min !== undefined && value.length < rule.min) errors[path] = t().answerMin(rule.min);
  else if (rule.max !== undefined && value.length > rule.max) errors[path] = t().answerMax(rule.max);
  else return true;
  return false;
}

/** Every field's own rules (mandatory, lengths, email, phone, IBAN, ISO date, choices, table rows). */
export function validateReturnAnswers(fields: readonly TReturnField[], answers: TReturnAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const answer = answers[field.id];
    const path = key(field.id);
    switch (field.type) {
      case 'title':
      case 'paragraph':
        break;
      case 'text-input': {
        const c = field.config;
        checkText(errors, path, asText(answer), { mandatory: c.isMandatory, min: c.minLength, max: c.maxLength });
        break;
      }
      case 'email-input': {
        const v = asText(answer);
        if (checkText(errors, path, v, { mandatory: field.config.isMandatory, max: 254 }) && !z.email().safeParse(v).success) errors[path] = t().answerEmail;
        break;
      }
      case 'phone-input': {
        const v = asText(answer);
        if (checkText(errors, path, v, { mandatory: field.config.isMandatory }) && !isValidPhone(v)) errors[path] = t().answerPhone;
        break;
      }
      case 'bank-account-input': {
        const v = asText(answer);
        if (checkText(errors, path, v, { mandatory: true }) && !isValidRomanianIban(v)) errors[path] = t().answerIban;
        break;
      }
      case 'date-picker': {
        const v = asText(answer);
        if (checkText(errors, path, v, { mandatory: field.config.isMandatory }) && !isIsoDate(v)) errors[path] = t().answerDate;
        break;
      }
      case 'checkbox': {
        const checked = asList(answer);
        const known = new Set(field.config.checkboxesArray.map((c) => c.id));
        if (answer !== undefined && !Array.isArray(answer)) errors[path] = commonMessages.fieldInvalid;
        else if (checked.some((id) => !known.has(id))) errors[path] = t().answerChoice;
        else if (!field.config.isMultiple && checked.length > 1) errors[path] = t().answerSingle;
        break;
      }
      case 'radio-buttons': {
        const radio = asRadio(answer);
        if (answer !== undefined && !radio) {
          errors[path] = commonMessages.fieldInvalid;
          break;
        }
        if (!radio?.methodId) {
          if (field.config.isMandatory) errors[path] = t().fieldRequired;
          break;
        }
        const method = field.config.methodsArray.find((m) => m.id === radio.methodId);
        if (!method) errors[path] = t().answerChoice;
        else if (method.showBankAccount) {
          const iban = (radio.bankAccount ?? '').trim();
          if (!iban) errors[key(field.id, 'bankAccount')] = t().fieldRequired;
          else if (!isValidRomanianIban(iban)) errors[key(field.id, 'bankAccount')] = t().answerIban;
        }
        break;
      }
      case 'fields-table': {
        if (answer !== undefined && !Array.isArray(answer)) {
          errors[path] = commonMessages.fieldInvalid;
          break;
        }
        const rows = asRows(answer);
        const columns = field.config.columnsArray;
        if (rows.length === 0 && columns.some((c) => c.isMandatory)) errors[path] = t().answerRowsMin;
        rows.forEach((row, i) => {
          for (const column of columns) {
            checkText(errors, key(field.id, i, column.id), (row[column.id] ?? '').trim(), { mandatory: column.isMandatory, min: column.minLength, max: column.maxLength });
          }
        });
        break;
      }
    }
  }
  return errors;
}

/**
 * The whole form: nothing is asked when it is disabled; an enabled form that is not mandatory may
 * be left entirely empty, but once the customer answers anything each field's rules apply.
 */
export function validateReturnForm(form: Pick<TReturnForm, 'enabled' | 'isMandatory' | 'fields'>, answers: TReturnAnswers): Record<string, string> {
  if (!form.enabled) return {};
  if (!form.isMandatory && form.fields.filter(isInputField).every((f) => isEmptyAnswer(f, answers[f.id]))) return {};
  return validateReturnAnswers(form.fields, answers);
}

/** The answers as the merchant reads them, with the labels of the form at submission time. */
export function describeReturnAnswers(fields: readonly TReturnField[], answers: TReturnAnswers): TReturnAnswerView[] {
  const out: TReturnAnswerView[] = [];
  for (const field of fields) {
    const answer = answers[field.id];
    if (!isInputField(field) || answer === undefined || isEmptyAnswer(field, answer)) continue;
    switch (field.type) {
      case 'checkbox': {
        const checked = new Set(asList(answer));
        const value = field.config.checkboxesArray.filter((c) => checked.has(c.id)).map((c) => c.description).join(', ');
        out.push({ label: t().returnCheckedLabel, value });
        break;
      }
      case 'radio-buttons': {
        const radio = asRadio(answer);
        const method = field.config.methodsArray.find((m) => m.id === radio?.methodId);
        if (!method) break;
        const iban = method.showBankAccount && radio?.bankAccount ? ` (IBAN ${normalizeIban(radio.bankAccount)})` : '';
        out.push({ label: field.config.label, value: `${method.name}${iban}` });
        break;
      }
      case 'fields-table': {
        const columns = field.config.columnsArray;
        const rows = asRows(answer)
          .filter((row) => Object.values(row).some((v) => v.trim()))
          .map((row) => columns.map((c) => `${c.name}: ${(row[c.id] ?? '').trim() || '-'}`).join('; '));
        out.push({ label: t().returnTableLabel, value: rows.join(' | ') });
        break;
      }
      case 'bank-account-input':
        out.push({ label: field.config.label, value: normalizeIban(asText(answer)) });
        break;
      case 'date-picker':
        out.push({ label: field.config.label, value: formatDay(asText(answer)) });
        break;
      case 'text-input':
      case 'email-input':
      case 'phone-input':
        out.push({ label: field.config.label, value: asText(answer) });
        break;
    }
  }
  return out;
}
