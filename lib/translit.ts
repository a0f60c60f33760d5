/**
 * Uzbek Latin → Uzbek Cyrillic: the menu's `uz-Cyrl` texts are written from the Latin ones when a manager
 * has not typed them. The letters follow the official correspondence of the two alphabets (the Latin alphabet's law
 * of 1993, revised 1995, and the spelling rules adopted with it); the cases the letters alone cannot decide are
 * decided below, each where it happens, with the reason. Cross-script search (lib/search.ts) is re-exported here so
 * the language code has one module to import.
 */
export { keyMatches, matchesSearch, searchKey } from './search';

/** Every apostrophe Uzbek Latin is typed with: typewriter, typographic quotes, the modifier letters, a backtick. */
const APOSTROPHE = new Set(["'", '‘', '’', 'ʻ', 'ʼ', '`', '´']);

/** One Latin letter, one Cyrillic letter: everything but the digraphs and the letters whose reading depends on context. */
const SINGLE: Readonly<Record<string, string>> = {
  a: 'а',
  b: 'б',
  d: 'д',
  f: 'ф',
  g: 'г',
  h: 'ҳ',
  i: 'и',
  j: 'ж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'қ',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  x: 'х',
  z: 'з',
};

const CYRILLIC_VOWELS = new Set(['а', 'е', 'э', 'и', 'о', 'у', 'ў', 'ё', 'ю', 'я']);

/**
 * Loan words the letters cannot give back, at the start of a word (lower-case Latin pattern → Cyrillic). The Latin
 * rules write Russian ц as s at a word's start and after a consonant (sirk, sex, konsert), Russian ю after a consonant
 * as u (budjet) and drop the soft sign (oktabr, bulyon); going back needs the word, so the usual ones are listed. The
 * lookaheads keep Uzbek words that begin alike: sirka (vinegar, сирка) is not sirk (circus, цирк). A final soft sign
 * is written only at the end of the word: Uzbek Cyrillic drops it before a suffix (октябрь, октябрда).
 */
const LOANS: readonly (readonly [RegExp, string])[] = [
  [/^sirk(?!a)/, 'цирк'],
  [/^sex(?=$|i$|lar|da|dan|ga|ni)/, 'цех'],
  [/^sement/, 'цемент'],
  [/^sentr/, 'центр'],
  [/^sitrus/, 'цитрус'],
  [/^sitat/, 'цитат'],
  [/^sikl/, 'цикл'],
  [/^silindr/, 'цилиндр'],
  [/^sellofan/, 'целлофан'],
  [/^sivilizatsiya/, 'цивилизация'],
  [/^senzura/, 'цензура'],
  // Only the whole word: sezar is also Uzbek (he will notice, сезар), sezarmi, sezardi.
  [/^sezar$/, 'цезарь'],
  [/^pit(?:st)?sa/, 'пицца'],
  [/^vaksina/, 'вакцина'],
  [/^konsert/, 'концерт'],
  [/^aksent/, 'акцент'],
  [/^prinsip/, 'принцип'],
  [/^protsent/, 'процент'],
  [/^litsey/, 'лицей'],
  [/^litsenziya/, 'лицензия'],
  [/^stansiya/, 'станция'],
  [/^konferensiya/, 'конференция'],
  [/^tendensiya/, 'тенденция'],
  [/^distansiya/, 'дистанция'],
  [/^instansiya/, 'инстанция'],
  [/^kvitansiya/, 'квитанция'],
  [/^kompetensiya/, 'компетенция'],
  [/^porsiya/, 'порция'],
  [/^budjet/, 'бюджет'],
  [/^inyeksiya/, 'инъекция'],
  // Menu words whose Russian soft sign the Latin spelling dropped (Uzbek Cyrillic keeps Russian loans as Russian writes them).
  [/^bulyon/, 'бульон'],
  [/^shampinyon/, 'шампиньон'],
  [/^apelsin/, 'апельсин'],
  [/^alkogol/, 'алкоголь'],
  [/^kokteyl/, 'коктейль'],
  [/^konyak/, 'коньяк'],
  [/^lazanya/, 'лазанья'],
  [/^yanvar/, 'январь'],
  [/^fevral/, 'февраль'],
  [/^aprel/, 'апрель'],
  [/^iyun/, 'июнь'],
  [/^iyul/, 'июль'],
  // The rules write sentabr, oktabr (the exception in the Latin rules); texts often keep the y of Russian.
  [/^senty?abr/, 'сентябрь'],
  [/^okty?abr/, 'октябрь'],
  [/^noyabr/, 'ноябрь'],
  [/^dekabr/, 'декабрь'],
];

const isLatinLetter = (ch: string): boolean => /^[A-Za-z]$/.test(ch);
const isUpper = (ch: string): boolean => ch !== ch.toLowerCase();

/**
 * A word that is not Uzbek Latin stays as it is written: Uzbek Latin has no w and no c outside ch, so Coca-Cola, KFC
 * or Wi-Fi are brand names a Cyrillic menu prints in Latin too.
 */
function isForeign(word: string): boolean {
  return /w|c(?!h)/i.test(word);
}

/** Upper-cases a Cyrillic piece as its Latin source was: the first letter for Title case, all of it for CAPITALS. */
function withCase(cyrillic: string, firstUpper: boolean, allUpper: boolean): string {
  if (allUpper) return cyrillic.toUpperCase();
  if (firstUpper) return cyrillic.charAt(0).toUpperCase() + cyrillic.slice(1);
  return cyrillic;
}

/** One word: Latin letters with the apostrophes inside or after them (no spaces, digits or hyphens). */
function wordToCyrillic(word: string): string {
  if (isForeign(word)) return word;
  const lower = word.toLowerCase();
  // A one-letter word in capitals (the "X" of "X-large") is a capital, not a sign of a word in CAPITALS.
  const letters = word.replace(/[^A-Za-z]/g, '');
  const allUpper = letters.length > 1 && letters === letters.toUpperCase();
  let out = '';
  let i = 0;
  for (const [pattern, cyrillic] of LOANS) {
    const match = pattern.exec(lower);
    if (match) {
      i = match[0].length;
      const stem = i < lower.length && cyrillic.endsWith('ь') ? cyrillic.slice(0, -1) : cyrillic;
      out = withCase(stem, isUpper(word.charAt(0)), allUpper);
      break;
    }
  }
  const emit = (cyrillic: string, source: string, length: number) => {
    out += withCase(cyrillic, isUpper(source), allUpper);
    i += length;
  };
  while (i < word.length) {
    const ch = word.charAt(i);
    const c = lower.charAt(i);
    const next = lower.charAt(i + 1);
    const prevOut = out.charAt(out.length - 1).toLowerCase();
    if (APOSTROPHE.has(ch)) {
      const before = lower.charAt(i - 1);
      if (before === 's' && next === 'h') {
        // s'h: the apostrophe only says s and h are two letters (Is'hoq → Исҳоқ), Cyrillic needs no sign there.
        i += 1;
      } else if ((isLatinLetter(before) || APOSTROPHE.has(before)) && isLatinLetter(word.charAt(i + 1))) {
        // The tutuq belgisi between letters (ma'no, she'r, san'at), also right after the mark of o' (mo''jiza →
        // мўъжиза), is the hard sign.
        emit('ъ', 'x', 1);
      } else {
        // At the edge of a word it is a quotation mark ('Osh'), not a letter: kept.
        out += ch;
        i += 1;
      }
      continue;
    }
    if ((c === 'o' || c === 'g') && APOSTROPHE.has(word.charAt(i + 1))) {
      emit(c === 'o' ? 'ў' : 'ғ', ch, 2);
      continue;
    }
    if (c === 's' && next === 'h') {
      emit('ш', ch, 2);
      continue;
    }
    if (c === 'c' && next === 'h') {
      emit('ч', ch, 2);
      continue;
    }
    if (c === 't' && next === 's' && tsIsTse(lower, i)) {
      emit('ц', ch, 2);
      continue;
    }
    if (c === 's' && lower.charAt(i - 1) === 'k' && lower.startsWith('iya', i + 1)) {
      // -ksiya is Russian -кция in every loan Uzbek has (aksiya, seksiya, reaksiya, produksiya): акция, секция.
      emit('ц', ch, 1);
      continue;
    }
    if (c === 'y') {
      const iotated = iotatedVowel(lower, i, prevOut);
      if (iotated) {
        emit(iotated, ch, 2);
        continue;
      }
      emit('й', ch, 1);
      continue;
    }
    if (c === 'e') {
      // Word-initial e is э (Ertalab → Эрталаб): Cyrillic е there would read "ye". After a vowel too (aeroport →
      // аэропорт, poema → поэма), except after i, where the loans keep Russian е (dieta → диета, gigiena → гигиена).
      const hard = out.length === 0 || (CYRILLIC_VOWELS.has(prevOut) && prevOut !== 'и');
      emit(hard ? 'э' : 'е', ch, 1);
      continue;
    }
    const single = SINGLE[c];
    if (single) {
      emit(single, ch, 1);
      continue;
    }
    out += ch;
    i += 1;
  }
  return out;
}

/**
 * Is the ts at `i` one letter (ц)? Only in loans: Uzbek words meet t and s at a suffix (ketsa, aytsa, o'tsin → кетса,
 * айтса, ўтсин). A word never starts with ts in Uzbek, so tsement, tsirk are loans; inside a word ts before i and a
 * vowel or y is the Russian -ция/-циа/-цио of loans (revolyutsiya, ofitsiant, ratsion, patsient) and never a suffix.
 */
function tsIsTse(lower: string, i: number): boolean {
  if (i === 0) return true;
  return lower.charAt(i + 2) === 'i' && /[aeiouy]/.test(lower.charAt(i + 3));
}

/**
 * y followed by o, u, a or e is one Cyrillic letter: yo → ё, yu → ю, ya → я (yo'l keeps й: it is y and o', йўл).
 * ye is е at a word's start and after a vowel (yer → ер, poyezd → поезд), where Cyrillic е is read "ye". After a
 * consonant Cyrillic е is read "e", so a sign comes first, as in the Russian the loan comes from: ъ after the consonant
 * a Russian prefix ends with (ob-, sub-, pod-, s-, raz-: obyekt → объект, podyezd → подъезд), ь after any other
 * (Olivye → Оливье, premyer → премьер, atelye → ателье).
 */
function iotatedVowel(lower: string, i: number, prevOut: string): string | undefined {
  const vowel = lower.charAt(i + 1);
  if (vowel === 'o') return APOSTROPHE.has(lower.charAt(i + 2)) ? undefined : 'ё';
  if (vowel === 'u') return 'ю';
  if (vowel === 'a') return 'я';
  if (vowel !== 'e') return undefined;
  const afterConsonant = prevOut !== '' && !CYRILLIC_VOWELS.has(prevOut) && prevOut !== 'ъ' && prevOut !== 'ь';
  if (!afterConsonant) return 'е';
  return 'бдсз'.includes(prevOut) ? 'ъе' : 'ье';
}

/**
 * What is copied, never read as Uzbek: web and e-mail addresses and @handles (a description's "t.me/menyu_bot",
 * "info@osh.uz", "@osh_markazi"), which only work as typed.
 */
const VERBATIM =
  /(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|@\w+|\b[\w-]+(?:\.[\w-]+)*\.(?:uz|com|ru|org|net|me|io|app)\b(?:\/\S*)?/gi;

/**
 * Uzbek Latin text → Uzbek Cyrillic. Only runs of Latin letters change: digits, punctuation, spaces, addresses (see
 * VERBATIM) and text already in Cyrillic (a Russian word in the name) pass through as they are, and foreign words stay
 * Latin (see isForeign).
 */
export function latinToCyrillic(text: string): string {
  const normalized = text.normalize('NFC');
  let out = '';
  let from = 0;
  for (const match of normalized.matchAll(VERBATIM)) {
    out += runToCyrillic(normalized.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return out + runToCyrillic(normalized.slice(from));
}

/** A stretch of text without addresses, word by word. */
function runToCyrillic(text: string): string {
  // A word: Latin letters, with apostrophes inside or right after them (bog' → боғ, Sho'rva).
  return text.replace(
    /[A-Za-z]+(?:['‘’ʻʼ`´]+[A-Za-z]*)*(?:-[A-Za-z]+(?:['‘’ʻʼ`´]+[A-Za-z]*)*)*/g,
    (token: string, offset: number) => {
      // A hyphenated compound is foreign as a whole (Coca-Cola, Wi-Fi) or transliterated part by part (ko'k-choy).
      if (isForeign(token)) return token;
      const last = token.charAt(token.length - 1);
      // 'Bordo': the same mark opened the word, so the one after its o (or g) closes a quotation, it is no o'.
      if (APOSTROPHE.has(last) && text.charAt(offset - 1) === last && /[og]/i.test(token.charAt(token.length - 2))) {
        return `${compoundToCyrillic(token.slice(0, -1))}${last}`;
      }
      return compoundToCyrillic(token);
    },
  );
}

function compoundToCyrillic(token: string): string {
  return token.split('-').map(wordToCyrillic).join('-');
}
