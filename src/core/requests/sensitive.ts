/**
 * Does a form field ask for a secret? The spec says servers MUST NOT ask for
 * sensitive data in form mode; such a field gets a warning, is masked, and an
 * accept needs an extra acknowledgement (a host may block such forms).
 *
 * The rule, in order:
 * 1. Each text is read once, capped, normalised (NFKC, invisibles stripped,
 *    Latin/Cyrillic/Greek confusables folded) and split into words at
 *    separators, camelCase and letter/digit changes (`newPassword1` →
 *    `new password 1`).
 * 2. A term matches as whole words, or as two adjacent words joined
 *    (`passWord`), in any of the languages below; CJK terms match anywhere.
 * 3. The field's *name* always counts. In its *title* and *description* a
 *    term is a passing mention, not a request, when a negation comes before
 *    it in the same clause ("do not give us your PIN", "nie dein Passwort"):
 *    clauses end at `.`, `;`, `!`, `?`, line breaks and parentheses.
 */
import { foldConfusables, normalizeText, splitWords } from '../text/normalize.js';
import type { SensitiveKind } from '../text/messages.js';

/** One kind of secret, with its terms per language (words as `splitWords` gives them). */
export interface SensitiveTerm {
  /** The kind's code (`sensitive.<id>` in the message table). */
  id: SensitiveKind;
  /** Its English name. */
  label: string;
  /** Terms by language code (`en`, `de`, …); CJK terms are matched as substrings. */
  terms: Readonly<Record<string, readonly string[]>>;
}

/** Every kind of secret the detection knows, with its terms in several languages. */
export const SENSITIVE_TERM_LIST: readonly SensitiveTerm[] = [
  {
    id: 'password', label: 'password',
    terms: {
      en: ['password', 'passwd', 'passcode', 'pwd', 'pass code'],
      de: ['passwort', 'kennwort', 'geheimzahl'],
      es: ['contraseña', 'contrasena', 'clave'],
      fr: ['mot de passe', 'mdp'],
      it: ['parola d ordine'],
      pt: ['senha', 'palavra passe'],
      nl: ['wachtwoord'],
      ru: ['пароль'],
      zh: ['密码', '口令'],
      ja: ['パスワード', '暗証番号'],
      ko: ['비밀번호', '암호'],
    },
  },
  { id: 'passphrase', label: 'passphrase', terms: { en: ['passphrase', 'pass phrase'] } },
  {
    id: 'recovery-phrase', label: 'recovery phrase',
    terms: {
      en: ['seed phrase', 'recovery phrase', 'mnemonic', 'seed words', 'secret phrase', 'wallet seed', 'recovery code', 'backup code'],
      de: ['wiederherstellungsphrase', 'seed phrase'],
      es: ['frase semilla', 'frase de recuperación', 'frase de recuperacion'],
      fr: ['phrase de récupération', 'phrase de recuperation', 'phrase secrète', 'phrase secrete'],
      zh: ['助记词'],
      ja: ['リカバリーフレーズ'],
    },
  },
  { id: 'secret', label: 'secret', terms: { en: ['secret', 'client secret'], de: ['geheimnis'], es: ['secreto'], fr: ['code secret'] } },
  { id: 'token', label: 'token', terms: { en: ['token', 'access token', 'auth token', 'bearer token', 'refresh token'] } },
  { id: 'api-key', label: 'API key', terms: { en: ['api key', 'apikey', 'access key', 'secret key'], de: ['api schlüssel', 'api schluessel'] } },
  { id: 'credential', label: 'credential', terms: { en: ['credential'], de: ['zugangsdaten'], es: ['credencial', 'credenciales'], fr: ['identifiants'] } },
  { id: 'private-key', label: 'private key', terms: { en: ['private key', 'ssh key', 'signing key'], de: ['privater schlüssel'], zh: ['私钥'], ja: ['秘密鍵'] } },
  {
    id: 'one-time-code', label: 'one-time code',
    terms: {
      en: ['one time code', 'one time password', 'one time pin', 'otp', 'totp', '2fa', '2fa code', 'mfa code', 'verification code', 'security code'],
      de: ['bestätigungscode', 'einmalpasswort'],
      es: ['código de verificación', 'codigo de verificacion'],
      fr: ['code de vérification', 'code de verification'],
      zh: ['验证码'],
      ja: ['認証コード', 'ワンタイムパスワード'],
    },
  },
  { id: 'pin', label: 'PIN', terms: { en: ['pin', 'pin code', 'pin number'], de: ['pin'], ru: ['пин', 'пин код'] } },
  {
    id: 'card-number', label: 'card number',
    terms: {
      en: ['card number', 'credit card', 'debit card', 'cvv', 'cvc', 'cvv2', 'card security code'],
      de: ['kreditkartennummer', 'kartennummer', 'kreditkarte'],
      es: ['número de tarjeta', 'numero de tarjeta', 'tarjeta de crédito', 'tarjeta de credito'],
      fr: ['numéro de carte', 'numero de carte', 'carte bancaire', 'carte de crédit'],
    },
  },
  {
    id: 'account-number', label: 'IBAN or account number',
    terms: { en: ['iban', 'bank account', 'account number', 'routing number', 'sort code'], de: ['kontonummer', 'bankverbindung'], es: ['cuenta bancaria', 'número de cuenta'], fr: ['numéro de compte', 'compte bancaire'] },
  },
  {
    id: 'national-id', label: 'SSN or national id',
    terms: {
      en: ['ssn', 'social security', 'social security number', 'national id', 'national identity', 'national identification', 'national insurance', 'passport number', 'tax id'],
      de: ['sozialversicherungsnummer', 'steuer id', 'steueridentifikationsnummer', 'ausweisnummer'],
      es: ['número de seguridad social', 'dni'],
      fr: ['numéro de sécurité sociale', 'numero de securite sociale'],
    },
  },
];

// Words that make a later term in the same clause a mention, not a request.
const NEGATIONS: ReadonlySet<string> = new Set(['not', 'never', 'no', 'nor', 'without', 'avoid', 'dont', 't', 'nicht', 'nie', 'niemals', 'kein', 'keine', 'keinen', 'ohne', 'nunca', 'sin', 'ne', 'pas', 'jamais', 'sans', 'non', 'mai', 'senza', 'niet', 'nooit', 'zonder']);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

// Terms compiled once: one-word terms in a Map (looked up per word, so a text costs one pass),
// multi-word terms as spaced strings, CJK terms as substrings. Each maps to its kind's position.
const SINGLE = new Map<string, number>();
const MULTI: Array<[needle: string, kind: number]> = [];
const SUBSTRINGS: Array<[needle: string, kind: number]> = [];
SENSITIVE_TERM_LIST.forEach(({ terms }, kind) => {
  for (const term of Object.values(terms).flat()) {
    if (CJK.test(term)) {
      SUBSTRINGS.push([normalizeText(term), kind]);
      continue;
    }
    const words = splitWords(foldConfusables(normalizeText(term))).trim();
    if (words.includes(' ')) MULTI.push([` ${words} `, kind]);
    else if (!SINGLE.has(words)) SINGLE.set(words, kind);
  }
});

const wordIndexAt = (spaced: string, offset: number): number => {
  let count = 0;
  for (let i = 1; i < offset; i++) if (spaced.charCodeAt(i) === 32) count++;
  return offset === 0 ? 0 : count + 1;
};

/** The kind (position in the list) of the secret `text` asks for, or -1; `negatable`: a negation earlier in the clause cancels a match. */
function matchText(value: unknown, negatable: boolean): number {
  const normal = normalizeText(value);
  if (normal === '') return -1;
  let best = -1;
  const clauses = negatable ? normal.split(/[.;!?\n()[\]]+/) : [normal];
  for (const clause of clauses) {
    const spaced = splitWords(foldConfusables(clause));
    const words = spaced.trim() === '' ? [] : spaced.trim().split(' ');
    const firstNegation = negatable ? words.findIndex((word) => NEGATIONS.has(word)) : -1;
    const counts = (index: number) => firstNegation < 0 || firstNegation >= index;
    const take = (kind: number | undefined, index: number) => {
      if (kind !== undefined && counts(index) && (best < 0 || kind < best)) best = kind;
    };
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      take(SINGLE.get(word), i);
      if (word.endsWith('s')) take(SINGLE.get(word.slice(0, -1)), i);
      // `passWord`, `pass_word`: two adjacent words that together are a one-word term.
      if (i + 1 < words.length) {
        const pair = word + words[i + 1]!;
        take(SINGLE.get(pair), i);
        if (pair.endsWith('s')) take(SINGLE.get(pair.slice(0, -1)), i);
      }
    }
    for (const [needle, kind] of MULTI) {
      if (best >= 0 && kind >= best) continue;
      let offset = spaced.indexOf(needle);
      if (offset < 0) offset = spaced.indexOf(`${needle.slice(0, -1)}s `);
      if (offset >= 0) take(kind, wordIndexAt(spaced, offset));
    }
    for (const [needle, kind] of SUBSTRINGS) {
      if (best >= 0 && kind >= best) continue;
      const offset = clause.indexOf(needle);
      if (offset < 0) continue;
      const before = splitWords(foldConfusables(clause.slice(0, offset))).trim();
      take(kind, before === '' ? 0 : before.split(' ').length);
    }
  }
  return best;
}

function matchField(field: { name?: unknown; title?: unknown; description?: unknown; format?: unknown }): SensitiveTerm | undefined {
  for (const [text, negatable] of [[field.name, false], [field.format, false], [field.title, true], [field.description, true]] as const) {
    const kind = matchText(text, negatable);
    if (kind >= 0) return SENSITIVE_TERM_LIST[kind];
  }
  return undefined;
}

/** The kind of secret a field's name, title, description or format asks for, or `undefined`. See the module's rule. */
export function sensitiveKind(field: { name?: unknown; title?: unknown; description?: unknown; format?: unknown }): SensitiveKind | undefined {
  return matchField(field)?.id;
}

