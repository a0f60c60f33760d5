import { describe, expect, it } from 'vitest';
import { latinToCyrillic, matchesSearch, searchKey } from '../../lib/translit';
import { REFERENCE_WORDS } from './translit.words';

/** Every apostrophe Uzbek Latin is typed with: ' ‘ ’ ʻ ʼ ` (each is read the same). */
const APOSTROPHES = ["'", '‘', '’', 'ʻ', 'ʼ', '`'];

describe('latinToCyrillic: the published word list (tests/unit/translit.words.ts)', () => {
  it('holds at least 200 distinct words', () => {
    expect(REFERENCE_WORDS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(REFERENCE_WORDS.map(([latin]) => latin.toLowerCase())).size).toBe(REFERENCE_WORDS.length);
  });

  it.each(REFERENCE_WORDS)('%s → %s', (latin, cyrillic) => {
    expect(latinToCyrillic(latin)).toBe(cyrillic);
  });
});

describe('latinToCyrillic: the issue and the rules', () => {
  it.each([
    ["Sho'rva", 'Шўрва'],
    ["G'ijduvon", 'Ғиждувон'],
    ["O'ZBEK", 'ЎЗБЕК'],
    ['Ertalab', 'Эрталаб'],
    ['Mevali', 'Мевали'],
    ["ma'no", 'маъно'],
  ])('the issue: %s → %s', (latin, cyrillic) => {
    expect(latinToCyrillic(latin)).toBe(cyrillic);
  });

  // The examples of uz.wikipedia.org "Vikipediya:Oʻzbek lotin alifbosi qoidalari" (the Latin rules, each example
  // given there as Cyrillic → correct Latin), read backwards.
  it.each([
    ['sirk', 'цирк'],
    ['sex', 'цех'],
    ['federatsiya', 'федерация'],
    ['funksiya', 'функция'],
    ['yengil', 'енгил'],
    ['yetti', 'етти'],
    ['Nizoyev', 'Низоев'],
    ['qayerda', 'қаерда'],
    ['dorixona', 'дорихона'],
    ['jahon', 'жаҳон'],
    ['BARCHAMIZNI', 'БАРЧАМИЗНИ'],
    ['CHIQISH', 'ЧИҚИШ'],
    ['Shahar', 'Шаҳар'],
  ])('the rules page: %s → %s', (latin, cyrillic) => {
    expect(latinToCyrillic(latin)).toBe(cyrillic);
  });

  it.each(APOSTROPHES)('reads the apostrophe %s as every other one', (mark) => {
    expect(latinToCyrillic(`Sho${mark}rva`)).toBe('Шўрва');
    expect(latinToCyrillic(`G${mark}ijduvon`)).toBe('Ғиждувон');
    expect(latinToCyrillic(`qo${mark}y go${mark}shti`)).toBe('қўй гўшти');
    expect(latinToCyrillic(`ma${mark}no`)).toBe('маъно');
    expect(latinToCyrillic(`Is${mark}hoq`)).toBe('Исҳоқ');
  });

  it('keeps the case: lower, Title and CAPITALS, digraphs included', () => {
    expect(latinToCyrillic("sho'rva")).toBe('шўрва');
    expect(latinToCyrillic("SHO'RVA")).toBe('ШЎРВА');
    expect(latinToCyrillic('Choy')).toBe('Чой');
    expect(latinToCyrillic('CHOY')).toBe('ЧОЙ');
    expect(latinToCyrillic('Yangi')).toBe('Янги');
    expect(latinToCyrillic('YANGI')).toBe('ЯНГИ');
    expect(latinToCyrillic("MA'NO")).toBe('МАЪНО');
    expect(latinToCyrillic("Ko'k choy")).toBe('Кўк чой');
  });

  it('ye: е at the start and after a vowel, ъе after a consonant', () => {
    expect(latinToCyrillic('yer')).toBe('ер');
    expect(latinToCyrillic('Yevropa')).toBe('Европа');
    expect(latinToCyrillic('poyezd')).toBe('поезд');
    expect(latinToCyrillic('obyekt')).toBe('объект');
    expect(latinToCyrillic('subyekt')).toBe('субъект');
  });

  it('e: э at the start and after a vowel (but е after i), е after a consonant', () => {
    expect(latinToCyrillic('eshik')).toBe('эшик');
    expect(latinToCyrillic('aeroport')).toBe('аэропорт');
    expect(latinToCyrillic('poema')).toBe('поэма');
    expect(latinToCyrillic('dieta')).toBe('диета');
    expect(latinToCyrillic('kecha')).toBe('кеча');
    expect(latinToCyrillic("e'lon")).toBe('эълон');
  });

  it("y before o' is й (yo'l), before o, u, a it makes ё, ю, я", () => {
    expect(latinToCyrillic("yo'l")).toBe('йўл');
    expect(latinToCyrillic("Yo'q")).toBe('Йўқ');
    expect(latinToCyrillic('yog')).toBe('ёг');
    expect(latinToCyrillic('dunyo')).toBe('дунё');
    expect(latinToCyrillic('ayyor')).toBe('айёр');
    expect(latinToCyrillic('yulduz')).toBe('юлдуз');
  });

  it("s'h is two letters without a sign; sh is ш", () => {
    expect(latinToCyrillic("as'hob")).toBe('асҳоб');
    expect(latinToCyrillic('ashob')).toBe('ашоб');
  });

  it('ts is ц only in loans: Uzbek suffixes keep тс', () => {
    expect(latinToCyrillic('ketsa')).toBe('кетса');
    expect(latinToCyrillic('aytsin')).toBe('айтсин');
    expect(latinToCyrillic("o'tsa")).toBe('ўтса');
    expect(latinToCyrillic('tsement')).toBe('цемент');
    expect(latinToCyrillic('revolyutsiya')).toBe('революция');
    expect(latinToCyrillic('ofitsiant')).toBe('официант');
    expect(latinToCyrillic('ratsion')).toBe('рацион');
    expect(latinToCyrillic('litsey')).toBe('лицей');
    expect(latinToCyrillic('aksiya')).toBe('акция');
  });

  it('a listed loan is told from the Uzbek word that begins alike', () => {
    expect(latinToCyrillic('sirk')).toBe('цирк');
    expect(latinToCyrillic('sirkda')).toBe('циркда');
    expect(latinToCyrillic('sirka')).toBe('сирка');
    expect(latinToCyrillic('Pitsa')).toBe('Пицца');
    expect(latinToCyrillic('Sezar salati')).toBe('Цезарь салати');
    expect(latinToCyrillic('sezardi')).toBe('сезарди');
    expect(latinToCyrillic('bulyon')).toBe('бульон');
    expect(latinToCyrillic('oktabr')).toBe('октябрь');
    expect(latinToCyrillic('oktabrda')).toBe('октябрда');
  });

  it('leaves digits, punctuation, Cyrillic and foreign words alone', () => {
    expect(latinToCyrillic('Coca-Cola 0,5 l')).toBe('Coca-Cola 0,5 л');
    expect(latinToCyrillic("Plov 1 kg — 120 000 so'm")).toBe('Плов 1 кг — 120 000 сўм');
    expect(latinToCyrillic("Шурпа (Sho'rva)")).toBe('Шурпа (Шўрва)');
    expect(latinToCyrillic('Шўрва')).toBe('Шўрва');
    expect(latinToCyrillic('Wi-Fi')).toBe('Wi-Fi');
    expect(latinToCyrillic("ko'k-choy")).toBe('кўк-чой');
    expect(latinToCyrillic('')).toBe('');
  });

  it('a quotation mark is not a letter', () => {
    expect(latinToCyrillic("'Osh'")).toBe("'Ош'");
    expect(latinToCyrillic("«Navro'z»")).toBe('«Наврўз»');
    expect(latinToCyrillic("bog'")).toBe('боғ');
  });
});

describe('searchKey / matchesSearch: across the scripts', () => {
  // Every word of the published list folds to one key from either script, so each finds the other. Except budjet:
  // the Latin rules drop the y of Russian бюджет, which the key keeps (byudjet), as it must for люкс → lyuks.
  it.each(REFERENCE_WORDS.filter(([latin]) => latin !== 'budjetga'))('%s and %s fold to one key', (latin, cyrillic) => {
    expect(searchKey(cyrillic)).toBe(searchKey(latin));
  });

  it.each(['шурва', 'шўрва', 'shurva', "sho'rva", 'ШЎРВА', 'Shoʻrva', 'shorva'])('%s finds Sho‘rva', (query) => {
    expect(matchesSearch("Sho'rva", query)).toBe(true);
  });

  it.each(["sho'rva", 'shurva', 'шўрва', 'шурва'])('%s finds the Cyrillic name Шўрва', (query) => {
    expect(matchesSearch('Шўрва', query)).toBe(true);
  });

  it('folds both scripts to one Latin key', () => {
    expect(searchKey('Шўрва')).toBe(searchKey("Sho'rva"));
    expect(searchKey('Ғиждувон')).toBe(searchKey("G'ijduvon"));
    expect(searchKey('Ер ёнғоқ')).toBe(searchKey("Yer yong'oq"));
    expect(searchKey('  Qiyma   KABOB ')).toBe('qiyma kabob');
  });

  it('reads the letters a Russian keyboard lacks: к for қ, х for ҳ, г for ғ, у for ў', () => {
    expect(matchesSearch('Qovoq somsa', 'ковок')).toBe(true);
    expect(matchesSearch('Holva', 'холва')).toBe(true);
    expect(matchesSearch("Lag'mon", 'лагмон')).toBe(true);
    expect(matchesSearch("Ko'k choy", 'кук чой')).toBe(true);
  });

  it('still finds Latin by Latin, and only what is there', () => {
    expect(matchesSearch('Qiyma kabob', 'kab')).toBe(true);
    expect(matchesSearch('Qiyma kabob', '')).toBe(true);
    expect(matchesSearch('Mastava', 'шурва')).toBe(false);
    expect(matchesSearch('Osh', 'ush')).toBe(false);
    expect(matchesSearch('Manti', '.*')).toBe(false);
  });
});

describe('edge cases found after the first version', () => {
  it('a word in single quotes ending in o or g keeps its closing quote', () => {
    expect(latinToCyrillic("Salat 'Bordo'")).toBe("Салат 'Бордо'");
    expect(latinToCyrillic('Salat ‘Bordo‘')).toBe('Салат ‘Бордо‘');
    expect(latinToCyrillic("'Bog'")).toBe("'Бог'");
    // Without an opening quote it is the letter: bog' is боғ (garden), Sho'rva is Шўрва.
    expect(latinToCyrillic("Choyxona bog'")).toBe('Чойхона боғ');
    expect(latinToCyrillic("'Sho'rva'")).toBe("'Шўрва'");
  });

  it('ye after a consonant: ъе after a Russian prefix, ье after any other consonant (menu loans)', () => {
    expect(latinToCyrillic('Olivye salati')).toBe('Оливье салати');
    expect(latinToCyrillic('OLIVYE')).toBe('ОЛИВЬЕ');
    expect(latinToCyrillic('premyer')).toBe('премьер');
    expect(latinToCyrillic('podyezd')).toBe('подъезд');
    expect(latinToCyrillic('inyeksiya')).toBe('инъекция');
  });

  it('menu loans the Latin spelling took the soft sign or ц from', () => {
    expect(latinToCyrillic('Yarim porsiya')).toBe('Ярим порция');
    expect(latinToCyrillic('Shampinyonli')).toBe('Шампиньонли');
    expect(latinToCyrillic('Apelsin sharbati')).toBe('Апельсин шарбати');
    expect(latinToCyrillic('Kokteyl')).toBe('Коктейль');
    expect(latinToCyrillic('Alkogolsiz')).toBe('Алкоголсиз');
    expect(latinToCyrillic('Konyak')).toBe('Коньяк');
    expect(latinToCyrillic('Lazanya')).toBe('Лазанья');
  });

  it("the tutuq belgisi right after o' or g' is still ъ (mo''jiza)", () => {
    expect(latinToCyrillic("mo''jiza")).toBe('мўъжиза');
    expect(latinToCyrillic('mo‘ʼtabar')).toBe('мўътабар');
    expect(latinToCyrillic("MO''JIZA")).toBe('МЎЪЖИЗА');
  });

  it('leaves web addresses, e-mail addresses and @handles as they are', () => {
    expect(latinToCyrillic('Buyurtma: t.me/menyu_bot')).toBe('Буюртма: t.me/menyu_bot');
    expect(latinToCyrillic('Sayt: https://osh-markazi.uz/menyu?til=uz.')).toBe(
      'Сайт: https://osh-markazi.uz/menyu?til=uz.',
    );
    expect(latinToCyrillic('Instagram: @osh_markazi, pochta: info@osh.uz')).toBe(
      'Инстаграм: @osh_markazi, почта: info@osh.uz',
    );
    expect(latinToCyrillic('Bizning sahifa: osh.uz va menyu')).toBe('Бизнинг саҳифа: osh.uz ва меню');
  });

  it('a Russian double ц is found by the Latin ts', () => {
    expect(matchesSearch('Pitsa Margarita', 'пицца')).toBe(true);
    expect(matchesSearch('Пицца Маргарита', 'pitsa')).toBe(true);
    expect(matchesSearch('Pitsa', 'пиц')).toBe(true);
  });

  it('ц reads as the Latin rules write it: s at the start and after a consonant, ts after a vowel', () => {
    expect(matchesSearch('Sezar salati', 'цезарь')).toBe(true);
    expect(matchesSearch('Цезарь салати', 'sezar')).toBe(true);
    expect(matchesSearch('Konsert', 'концерт')).toBe(true);
    expect(matchesSearch('Ofitsiant', 'официант')).toBe(true);
  });

  it('ь before о and е reads y, as the Latin rules write it', () => {
    expect(matchesSearch('Shampinyon sho‘rva', 'шампиньон')).toBe(true);
    expect(matchesSearch('Оливье', 'olivye')).toBe(true);
    expect(matchesSearch('Коньяк', 'konyak')).toBe(true);
  });
});
